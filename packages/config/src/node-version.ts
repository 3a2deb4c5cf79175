/**
 * The Node that runs Tidings. Imported first by every entry point (`tidings`, the API, the worker), before
 * anything that needs a newer Node loads: started with the system's Node 20, `tidings status` died of a
 * segmentation fault (better-sqlite3's binary) and the worker of a TypeError inside undici, with nothing
 * said about why.
 */

/** The oldest Node Tidings runs on (the root `node` devDependency, which npm scripts and `npx` put first on PATH). */
const NODE_MAJOR = 24;

/** Why this Node cannot run Tidings, in words, or null when it can. */
export function unsupportedNode(
  version: string = process.versions.node,
  path: string = process.execPath,
): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= NODE_MAJOR) return null;
  return (
    `Node ${NODE_MAJOR} or later is needed, and this is Node ${version} (${path}); ` +
    'run Tidings through npm (npx tidings, npm start, npm run worker), which uses the Node 24 that npm ci installed, or install Node 24'
  );
}

const unsupported = unsupportedNode();
if (unsupported) {
  process.stderr.write(`tidings: ${unsupported}\n`);
  process.exit(78);
}
