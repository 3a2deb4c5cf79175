#!/usr/bin/env node
// Classification benchmark: what reading an article's topics and companies costs (`classifyAll`, a
// feed's articles together, as the worker and `reindex` read them), on three sets: bench:ingest's
// synthetic items, every item of the 72 real feeds (../shared/data/feeds/real, read by the worker's own
// code) and HuffPost's 2 000 newest headlines and descriptions. Two measures:
// - time: in this process, the fastest of --passes passes after a warm-up one, µs an article, for the
//   whole reading and for each reader alone (the topics, then the companies given the topics: where
//   the time goes). The VM's speed drifts by 2–3× within minutes: compare figures of one run only.
// - instructions (--instructions, needs valgrind): the instructions an article costs, counted by
//   valgrind's cachegrind over `node --single-threaded --predictable` (no compiler or collector threads,
//   and no timing in the collector's heuristics: without --predictable the real feeds' count wandered by
//   ±10 % between runs, with it by 0.01 %), as the difference between 14 passes and 8 in two processes
//   run side by side (start-up, loading, compiling and the compilers' warm-up cancel out), each given the
//   set's articles as JSON so that it loads only the classifier measured. The first 8 passes are
//   warm-up: compiled on the same thread, they cost HuffPost's items 333 000 instructions an article in the
//   3rd–4th pass, 262 000 in the 5th–6th and 215 000 from the 9th on (session 63), and a change that moved
//   only when the compilers got to a function read +7.7 % in the 6 − 2 count this bench took before. It
//   resolves a change of a few per cent that the drifting host hides, but
//   does not see what memory stalls cost: report both.
// To compare two builds, copy one's packages/catalog/dist aside (inside the repository, beside dist, so
// that its imports resolve) and give it as --dist.
// Usage: npm run bench:classify -- [--passes 10] [--instructions] [--sets synthetic,real,huffpost] [--dist DIR]
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs, promisify } from 'node:util';
import { classifierIn, readAll, readersApart, SETS } from './sets.mjs';

const { values: args } = parseArgs({
  options: {
    passes: { type: 'string', default: '10' },
    instructions: { type: 'boolean', default: false },
    sets: { type: 'string', default: Object.keys(SETS).join(',') },
    dist: { type: 'string' },
  },
});
const dist = args.dist ? resolve(args.dist) : undefined;
const sets = args.sets.split(',');
for (const set of sets) if (!SETS[set]) throw new Error(`unknown set "${set}" (${Object.keys(SETS).join(', ')})`);
if (args.instructions && spawnSync('valgrind', ['--version']).status !== 0) {
  throw new Error('--instructions needs valgrind (apt-get install -y valgrind)');
}

const built = await classifierIn(dist);
const { catalog, classifier } = built;
const pass = fileURLToPath(new URL('./pass.mjs', import.meta.url));
/** Where each set's articles are written for the counting processes (removed at the end). */
const scratch = mkdtempSync(join(tmpdir(), 'tidings-bench-classify-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** Passes before the instructions are counted (warm-up), and passes counted. */
const WARM_PASSES = 8;
const COUNTED_PASSES = 6;

/** Instructions of one process reading a set (its articles in `file`) `passes` times, and the set's articles. */
async function instructionsOf(set, file, passes) {
  const run = await promisify(execFile)(
    'valgrind',
    [
      '--tool=cachegrind',
      '--cache-sim=no',
      '--cachegrind-out-file=/dev/null',
      process.execPath,
      '--single-threaded',
      '--predictable',
      pass,
      file,
      String(passes),
      dist ?? '',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  ).catch((error) => {
    throw new Error(`valgrind failed on ${set}:\n${String(error.stderr ?? error).slice(-2000)}`);
  });
  const count = /I\s+refs:\s+([\d,]+)/.exec(run.stderr)?.[1];
  const articles = /articles (\d+)/.exec(run.stdout)?.[1];
  if (!count || !articles) throw new Error(`valgrind gave no count on ${set}:\n${run.stderr.slice(-2000)}`);
  return { instructions: Number(count.replaceAll(',', '')), articles: Number(articles) };
}

const rows = [];
for (const set of sets) {
  const feeds = await SETS[set](catalog);
  const articles = feeds.reduce((n, feed) => n + feed.length, 0);
  if (!articles) {
    rows.push(`| ${set} | – (its data is not beside the repository) | – | – | – |`);
    continue;
  }
  // The whole reading, then each reader alone (the fastest pass of each, the three in turn).
  const readers = readersApart(built, feeds);
  const runs = { all: () => readAll(classifier, feeds), ...readers };
  const best = { all: Infinity, topics: Infinity, companies: Infinity };
  for (const run of Object.values(runs)) run();
  for (let p = 0; p < Number(args.passes); p++) {
    for (const [name, run] of Object.entries(runs)) {
      const start = performance.now();
      run();
      best[name] = Math.min(best[name], (performance.now() - start) / articles);
    }
  }
  const micro = (ms) => (ms * 1000).toFixed(1);
  let counted = '–';
  if (args.instructions) {
    const file = join(scratch, `${set}.json`);
    writeFileSync(file, JSON.stringify(feeds));
    const [warm, more] = await Promise.all([
      instructionsOf(set, file, WARM_PASSES),
      instructionsOf(set, file, WARM_PASSES + COUNTED_PASSES),
    ]);
    counted = Math.round((more.instructions - warm.instructions) / COUNTED_PASSES / more.articles).toLocaleString('en');
  }
  rows.push(
    `| ${set} | ${articles} | ${micro(best.all)} | ${micro(best.topics)} / ${micro(best.companies)} | ${counted} |`,
  );
  console.error(`${set}: done`);
}

console.log(
  `Classification (topics + companies, classifyAll a feed's articles together) of ${dist ?? 'packages/catalog/dist'}; Node ${process.version}\n`,
);
console.log(
  '| set | articles | µs an article (fastest of ' +
    args.passes +
    ` passes) | topics / companies, each reader alone, µs | instructions an article (passes ${WARM_PASSES + 1}–${WARM_PASSES + COUNTED_PASSES}, valgrind) |`,
);
console.log('|---|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
