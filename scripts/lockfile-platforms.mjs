#!/usr/bin/env node
// Adds to package-lock.json the other platforms' builds of turbo (@turbo/darwin-*, @turbo/windows-*),
// which npm leaves out when the lockfile is written on Linux (and which the registry this project is
// built against may not even carry). Without them `npm ci` refuses the lockfile as out of sync. The
// entries only name each optional package and its platform: `npm ci` on Linux skips them, and on
// another platform installs them from the registry. Run after an update of turbo:
//   node scripts/lockfile-platforms.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const turbo = lock.packages['node_modules/turbo'];
if (!turbo) throw new Error('turbo is not in package-lock.json');
const PLATFORM = { darwin: 'darwin', windows: 'win32', linux: 'linux' };
const CPU = { 64: 'x64', arm64: 'arm64' };
let added = 0;
for (const [name, version] of Object.entries(turbo.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const [, os, cpu] = /^@turbo\/(darwin|windows|linux)-(64|arm64)$/.exec(name) ?? [];
  if (!os) throw new Error(`unknown turbo platform package ${name}`);
  lock.packages[key] = { version, cpu: [CPU[cpu]], dev: true, license: 'MIT', optional: true, os: [PLATFORM[os]] };
  added++;
}
const [root, ...rest] = Object.entries(lock.packages);
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))]);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(
  added
    ? `added ${added} platform package(s) of turbo to package-lock.json`
    : 'package-lock.json already lists every platform of turbo',
);
