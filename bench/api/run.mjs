#!/usr/bin/env node
// API benchmark: seeds synthetic articles into the embedded index, starts the real API, and drives it
// with wrk (one thread, --connections connections, a Lua script cycling a list of paths):
//   - the static ceiling: a Fastify route returning a fixed 20-article body;
//   - fixed query shapes, each repeated (what the per-data-version caches make of one query);
//   - a varied mix: --queries distinct seeded queries (0–4 random filters with random values, pages
//     1–10, page sizes 10/20/50, search terms drawn by the word frequencies of real news text);
//   - one user: the varied mix's queries once each, one after another (a request's own time);
//   - a live case: the same mix while the real worker ingests new articles from local feeds that keep
//     publishing (into the same index the API serves).
// Text is drawn from word counts of AG News (counts only: no text of it is stored or served).
// Debugging: API_NODE_FLAGS (extra node flags for the API, e.g. "--cpu-prof --trace-gc").
// Each case is preceded by --warmup seconds (default 2) of the same load, not measured: the first
// seconds of a new query shape measure V8 compiling the code it takes; the cold cost of a shape is the
// "first request" column.
// Usage: npm run bench:api -- --help
import { fork, spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { loadCatalog, topicParents } from '@tidings/catalog/catalog';
import { encodeCursor } from '@tidings/core/cursor';
import { parseFeedQuery } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { MeilisearchArticleIndex } from '@tidings/index/meilisearch';
import { createQueue, createQueueConnection, QUEUES } from '@tidings/queue/queues';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { createRedis } from '@tidings/store/redis';
import { SourceStore, toSettings } from '@tidings/store/sources';
import { toArticle } from '../../apps/cli/dist/import-articles.js';
import { createGenerator, rng } from '../../scripts/synthetic-articles.mjs';
import { cpuSeconds } from '../proc-cpu.mjs';
import { LANGUAGES, variedMix, vocabularyOf } from './queries.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const USAGE = `Usage: npm run bench:api -- [--articles 1000000] [--duration 10] [--connections 32] [--queries 3000]
                            [--warmup 2] [--reseed] [--no-live] [--only shapes,varied,facets,live]
                            [--meili-url http://127.0.0.1:7700 (with --no-live)]`;
/** Says what is wrong with the command line, and how it is used, and stops. */
function usageError(message) {
  console.error(`bench:api: ${message}\n${USAGE}`);
  process.exit(2);
}
let parsed;
try {
  parsed = parseArgs({
    options: {
      articles: { type: 'string', default: '1000000' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '2' },
      connections: { type: 'string', default: '32' },
      queries: { type: 'string', default: '3000' },
      reseed: { type: 'boolean', default: false },
      'no-live': { type: 'boolean', default: false },
      // Only some of the cases (comma-separated: shapes, varied, facets, live); all by default.
      only: { type: 'string' },
      // The production index instead of the embedded one: a Meilisearch server (MEILI_API_KEY from the env).
      'meili-url': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
} catch (error) {
  usageError(error.message);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const args = parsed.values;
for (const name of ['articles', 'duration', 'warmup', 'connections', 'queries']) {
  const n = Number(args[name]);
  if (!Number.isInteger(n) || n < (name === 'warmup' ? 0 : 1)) {
    usageError(`--${name} must be a whole number${name === 'warmup' ? '' : ' above 0'}, not ${args[name]}`);
  }
}
const CASES = ['shapes', 'varied', 'facets', 'live'];
const only = args.only ? args.only.split(',') : CASES;
for (const name of only)
  if (!CASES.includes(name)) {
    usageError(`--only: unknown case ${name} (cases: ${CASES.join(', ')})`);
  }
const runs = (name) => only.includes(name) && (name !== 'live' || !args['no-live']);
const MEILI = args['meili-url'] ?? null;
const MEILI_INDEX = `tidings_bench_${Number(args.articles)}`;
if (MEILI && runs('live')) {
  console.error('bench:api: --meili-url measures queries only: add --no-live');
  process.exit(2);
}
// The load generator is Debian's wrk: say so before seeding a million articles, not after.
if (spawnSync('wrk', ['--version']).error) {
  console.error('bench:api drives the API with wrk, which is not installed: apt-get install -y wrk');
  process.exit(1);
}
const total = Number(args.articles);
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const connections = Number(args.connections);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = join(root, 'bench', '.data', `api-v4-${total}`);
const dbFile = join(dataDir, 'articles.sqlite');
const NOW = Date.UTC(2026, 10, 22);
const work = mkdtempSync(join(tmpdir(), 'tidings-bench-api-'));

// --- vocabulary: word counts of real news text ------------------------------------------------
const agNews = join(root, '..', 'shared', 'data', 'topics', 'ag_news', 'test.csv');
const vocabulary = vocabularyOf(
  readFileSync(agNews, 'utf8')
    .split('\n')
    .map((line) => line.replace(/^"\d+",/, '').replaceAll('\\', ' ')),
);
const generator = createGenerator({ seed: 1, hosts: 2000, now: NOW, vocabulary, languages: LANGUAGES, copies: 0.1 });

// --- seed -------------------------------------------------------------------------------------
let seedFigure = null;
if (args.reseed && existsSync(dataDir)) rmSync(dataDir, { recursive: true });
mkdirSync(dataDir, { recursive: true });
{
  const index = MEILI
    ? new MeilisearchArticleIndex({
        host: MEILI,
        ...(process.env.MEILI_API_KEY ? { apiKey: process.env.MEILI_API_KEY } : {}),
        indexUid: MEILI_INDEX,
        topicParents: topicParents(),
        taskTimeoutMs: 600_000,
      })
    : new EmbeddedArticleIndex({ file: dbFile });
  // --reseed starts a Meilisearch index afresh too (it kept its articles, and the old adapter's documents).
  if (args.reseed && MEILI) await index.drop();
  await index.init();
  const have = (await index.stats()).articles;
  if (have !== total) {
    if (have) throw new Error(`${dbFile} holds ${have} articles; rerun with --reseed`);
    const catalog = loadCatalog();
    const indexedAt = new Date(NOW).toISOString().replace('.000Z', 'Z');
    const batch = 20_000;
    const started = performance.now();
    let genMs = 0;
    for (let done = 0; done < total; done += batch) {
      const g0 = performance.now();
      // (toArticle reads each article's language, which is asynchronous since 4e823e2: the bench had seeded
      // unresolved promises, and failed, from then until session 64.)
      const articles = await Promise.all(
        Array.from({ length: Math.min(batch, total - done) }, () => toArticle(generator.next(), catalog, indexedAt)),
      );
      genMs += performance.now() - g0;
      if (MEILI) await index.upsert(articles);
      else index.upsertSync(articles);
      if ((done / batch) % 20 === 0) process.stderr.write(`\rseeding ${done + articles.length}/${total}`);
    }
    const seconds = (performance.now() - started) / 1000;
    seedFigure = {
      articles: total,
      seconds,
      perSecond: total / (seconds - genMs / 1000),
      withGeneration: total / seconds,
    };
    process.stderr.write('\n');
  } else {
    // Replay the generator so that hosts match the stored data.
    for (let i = 0; i < 10; i++) generator.next();
  }
  await index.close();
}

// --- servers ----------------------------------------------------------------------------------
const prefix = `tidings-bench:${randomUUID().slice(0, 8)}:`;
const CURSOR_SECRET = randomUUID();
const redis = createRedis({ url: REDIS_URL });
const { key } = await new ApiKeyStore(redis, prefix).create('bench', 1_000_000_000);

/** The servers this run started: stopped when it ends, a failure included (no API left holding its port). */
const children = new Set();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

function start(script, env, ready, execArgv = []) {
  return new Promise((resolve, reject) => {
    const child = fork(script, [], {
      env: { ...process.env, ...env },
      execArgv,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
    const poll = setInterval(async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${env.PORT}${ready}`)).ok) {
          clearInterval(poll);
          child.removeAllListeners('exit');
          resolve(child);
        }
      } catch {
        // not listening yet
      }
    }, 200);
  });
}

const apiStarted = performance.now();
const API = 'http://127.0.0.1:3291';
const api = await start(
  join(root, 'apps/api/dist/server.js'),
  {
    PORT: '3291',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    REDIS_PREFIX: prefix,
    CURSOR_SECRET,
    ...(MEILI ? { INDEX: 'meilisearch', MEILI_URL: MEILI, MEILI_INDEX } : {}),
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    // As `npm start` runs the API (glibc keeps fewer per-thread heaps, and maps blocks of 64 KB and
    // more on their own).
    MALLOC_ARENA_MAX: '2',
    GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=65536',
  },
  `/api/v2/feed/?apiKey=${key}&pageSize=1`,
  // API_NODE_FLAGS="--cpu-prof --trace-gc" profiles the API (its query threads too).
  (process.env.API_NODE_FLAGS ?? '').split(' ').filter(Boolean),
);
const apiStartMs = performance.now() - apiStarted;
const sample = await (await fetch(`${API}/api/v2/feed/?apiKey=${key}&pageSize=20`)).json();
const ceiling = await start(
  join(root, 'bench/api/ceiling-server.mjs'),
  { PORT: '3292', BENCH_BODY: JSON.stringify(sample) },
  '/api/v2/feed/',
);

// --- the load generator -------------------------------------------------------------------------
const lua = join(work, 'cycle.lua');
writeFileSync(
  lua,
  `local paths = {}
for line in io.lines(os.getenv("PATHS")) do paths[#paths + 1] = line end
local i = 0
request = function()
  i = i + 1
  if i > #paths then i = 1 end
  return wrk.format("GET", paths[i])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nRESULT {"requests":%d,"us":%d,"p50":%.3f,"p99":%.3f,"non2xx":%d,"errors":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
`,
);

/** wrk over the given paths (cycled in order) on `base`; req/s, p50/p99 in ms, non-2xx answers. */
async function wrk(base, paths, seconds = duration) {
  const file = join(work, `paths-${randomUUID().slice(0, 6)}.txt`);
  writeFileSync(file, `${paths.join('\n')}\n`);
  const child = spawn('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', lua, base], {
    env: { ...process.env, PATHS: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  await new Promise((resolve, reject) =>
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`wrk exited with ${code}`)))),
  );
  const r = JSON.parse(/RESULT (.*)/.exec(out)[1]);
  return { rps: Math.round(r.requests / (r.us / 1e6)), p50: r.p50, p99: r.p99, non2xx: r.non2xx + r.errors };
}
const ceilingRun = () => wrk('http://127.0.0.1:3292', ['/api/v2/feed/'], Math.min(duration, 5));
/** A measured run of `paths` after `--warmup` seconds of the same load (not measured). */
async function measured(paths) {
  if (warmup > 0) await wrk(API, paths, warmup);
  return wrk(API, paths);
}

// --- fixed shapes -------------------------------------------------------------------------------
const hosts = generator.sources.slice(0, 20).map((s) => s.domain);
const deepFingerprint = parseFeedQuery([]).fingerprint;
const deepCursor = encodeCursor({ key: NOW - 200 * 86_400_000, id: 'f'.repeat(32) }, deepFingerprint, CURSOR_SECRET);
const companies = JSON.parse(readFileSync(join(root, 'packages/catalog/data/companies.json'), 'utf8')).slice(0, 1500);
const topics = JSON.parse(readFileSync(join(root, 'packages/catalog/data/topics.json'), 'utf8'));
const shapes = [
  ['no filter', ''],
  ['types', 'articleTypes=video,podcast'],
  ['topic', 'includeTopics=4000000'],
  ['include company', `includeCompanies=${companies[0].id}`],
  [
    'exclude companies',
    `excludeCompanies=${companies
      .slice(0, 5)
      .map((c) => c.id)
      .join(',')}`,
  ],
  ['additionalSources ×20', `additionalSources=${hosts.join(',')}`],
  ['flags', 'includePaywalled=0&includeRegistration=0&excludeNonHttpsSources=1&excludeNonIframeableSources=1'],
  ['searchTerms', 'searchTerms=government,oil%20prices'],
  [
    'languages + sources',
    `languages=de,fr&includeSources=${generator.sources
      .slice(0, 30)
      .map((s) => s.id)
      .join(',')}`,
  ],
  ['deep cursor page', `cursor=${encodeURIComponent(deepCursor)}`],
  ['collapseStories', 'collapseStories=1'],
  ['collapseStories + topic', 'collapseStories=1&includeTopics=4000000&page=3'],
];
const feedPath = (qs) => `/api/v2/feed/?apiKey=${key}${qs ? `&${qs}` : ''}`;
const facetsPath = (qs) => `/api/v2/facets/?apiKey=${key}${qs ? `&${qs}` : ''}`;

// --- the varied mix -----------------------------------------------------------------------------
const { variedQueries, facetQueries } = variedMix({
  count: Number(args.queries),
  vocabulary,
  topics,
  companies,
  sources: generator.sources,
  languages: LANGUAGES,
  now: NOW,
  feedPath,
  facetsPath,
});
writeFileSync(join(dataDir, 'varied-queries.txt'), `${variedQueries.join('\n')}\n${facetQueries.join('\n')}\n`);
// Every query of the mix must be valid (a 400 would measure the parser, not the engine).
for (const path of variedQueries.slice(0, 200)) {
  const res = await fetch(`${API}${path}`);
  if (!res.ok) throw new Error(`varied query ${path} answered ${res.status}: ${await res.text()}`);
}

// --- run ------------------------------------------------------------------------------------------
const rows = [];
const staticCeiling = await ceilingRun();
for (const [name, qs] of runs('shapes') ? shapes : []) {
  const t0 = performance.now();
  const body = await (await fetch(`${API}${feedPath(qs)}`)).json();
  const cold = (performance.now() - t0).toFixed(1);
  rows.push([
    `${name} (${body.meta?.totalResults ?? '?'}${body.meta?.totalResultsExact ? '' : '+'} hits)`,
    { ...(await measured([feedPath(qs)])), cold },
  ]);
}
const variedCeiling = await ceilingRun();
// One user: the mix's queries one after another on one connection, each once (no queueing, nothing
// cached: the first 200 were asked above), so the varied case's latency can be read as service time
// plus waiting.
let single = null;
if (runs('varied')) {
  const ms = [];
  for (const path of variedQueries.slice(200)) {
    const t0 = performance.now();
    const res = await fetch(`${API}${path}`);
    await res.arrayBuffer();
    if (res.ok) ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
  single = {
    n: ms.length,
    mean: ms.reduce((a, b) => a + b, 0) / ms.length,
    p50: at(0.5),
    p99: at(0.99),
    max: ms.at(-1),
  };
}
let varied = null;
if (runs('varied') || runs('live')) {
  varied = await measured(variedQueries);
  process.stderr.write(`varied: ${JSON.stringify(varied)} (ceiling ${variedCeiling.rps})\n`);
  rows.push([`**varied** (${variedQueries.length} distinct queries, cycled)`, varied]);
}

if (runs('facets')) {
  const facetsRow = await measured(facetQueries);
  process.stderr.write(`facets: ${JSON.stringify(facetsRow)}\n`);
  rows.push([`**facets** (${facetQueries.length} distinct filter sets, cycled)`, facetsRow]);
}

// --- live: the same mix while the real worker ingests --------------------------------------------
let live = null;
if (runs('live')) live = await runLive();

const status = readFileSync(`/proc/${api.pid}/status`, 'utf8');
const hwm = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
const rssNow = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
// Stopped gently and waited for (an API run with --cpu-prof writes its profile as it exits).
const stopped = (child) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
        setTimeout(resolve, 30_000).unref();
      });
await Promise.all([stopped(api), stopped(ceiling)]);
const stale = await redis.keys(`${prefix}*`);
if (stale.length) await redis.del(...stale);
redis.disconnect();
rmSync(work, { recursive: true, force: true });

// --- report -------------------------------------------------------------------------------------
console.log(`\nTidings API benchmark — ${new Date().toISOString()}`);
console.log(
  `machine: ${availableParallelism()} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}`,
);
console.log(
  `index: ${MEILI ? `Meilisearch at ${MEILI} (index ${MEILI_INDEX})` : 'embedded'}, ${total.toLocaleString('en')} synthetic articles (text drawn by AG News word counts); ` +
    `wrk, 1 thread, ${connections} connections × ${duration} s per case (after ${warmup} s of the same load, not measured)\n`,
);
if (seedFigure) {
  console.log(
    `seeding: ${Math.round(seedFigure.perSecond).toLocaleString('en')} articles/s into the index ` +
      `(${Math.round(seedFigure.withGeneration).toLocaleString('en')}/s including generation; ${seedFigure.seconds.toFixed(1)} s)\n`,
  );
}
console.log(
  `static ceiling (fixed body): ${staticCeiling.rps} req/s before the shapes, ${variedCeiling.rps} before the varied mix\n`,
);
console.log('| case | req/s | p50 ms | p99 ms | % of static ceiling | first request ms | non-2xx |');
console.log('|---|---:|---:|---:|---:|---:|---:|');
const ref = Math.max(staticCeiling.rps, variedCeiling.rps);
for (const [name, r] of rows) {
  console.log(
    `| ${name} | ${r.rps} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${((100 * r.rps) / ref).toFixed(1)} | ${r.cold ?? '–'} | ${r.non2xx} |`,
  );
}
if (single) {
  console.log(
    `\none user (one connection, ${single.n} distinct queries of the mix, each once, before it ran): ` +
      `mean ${single.mean.toFixed(1)} ms, p50 ${single.p50.toFixed(1)}, p99 ${single.p99.toFixed(1)}, max ${single.max.toFixed(1)}`,
  );
}
if (live) {
  const r = live.result;
  console.log(
    `| **live** (the varied mix while the worker ingests) | ${r.rps} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ` +
      `${((100 * r.rps) / ref).toFixed(1)} | – | ${r.non2xx} |`,
  );
  console.log(
    `\nlive: ${live.arrived} new articles arrived in ${live.seconds.toFixed(1)} s (${Math.round(live.arrived / live.seconds)}/s) ` +
      `while wrk ran; live throughput ${((100 * r.rps) / varied.rps).toFixed(0)} % of the varied mix`,
  );
  console.log(
    `live: CPU used meanwhile, in cores: the API ${live.cpu[0].toFixed(2)}, the worker ${live.cpu[1].toFixed(2)} ` +
      `(of ${availableParallelism()}; wrk and Redis the rest)`,
  );
}
console.log(
  `\nAPI start-up with ${total.toLocaleString('en')} articles (query engines loaded): ${(apiStartMs / 1000).toFixed(1)} s`,
);
console.log(`API resident memory: ${rssNow.toFixed(0)} MB now, ${hwm.toFixed(0)} MB peak`);
process.exit(0);

/**
 * Local feeds that publish `perFetch` new items at every fetch, fetched by the real worker through
 * manual jobs at a steady pace, into the index the API serves; wrk runs the varied mix meanwhile.
 * The live sources' articles are removed afterwards, so the seeded index stays as it was.
 */
async function runLive() {
  const FEEDS = 40;
  const perFetch = 20;
  const fetchesPerSecond = 7; // ≈ 140 new articles/s
  let serial = 0;
  const liveRandom = rng(7);
  const text = (n) =>
    Array.from({ length: n }, () => vocabulary[Math.floor(vocabulary.length * liveRandom() ** 3)][0]).join(' ');
  const feedServer = createServer((req, res) => {
    const f = Number((req.url ?? '').slice(1).split('.')[0]);
    const items = Array.from({ length: perFetch }, () => {
      serial += 1;
      return (
        `<item><title>${text(9)}</title><link>http://${hostOf(f)}:${port}/news/live-${serial}</link>` +
        `<guid>live-${serial}</guid><pubDate>${new Date(Date.now() - serial * 1000).toUTCString()}</pubDate>` +
        `<description>${text(30)}.</description></item>`
      );
    });
    res
      .writeHead(200, { 'content-type': 'application/rss+xml' })
      .end(
        `<?xml version="1.0"?><rss version="2.0"><channel><title>Live ${f}</title><link>http://${hostOf(f)}/</link>${items.join('')}</channel></rss>`,
      );
  });
  const hostOf = (f) => `127.0.${100 + Math.floor(f / 250)}.${1 + (f % 250)}`;
  await new Promise((resolve) => feedServer.listen(0, '0.0.0.0', resolve));
  const port = feedServer.address().port;
  const sources = new SourceStore(redis, prefix);
  for (let f = 0; f < FEEDS; f++) {
    await sources.add(toSettings({ feedUrl: `http://${hostOf(f)}:${port}/${f}.xml`, id: `live-${f}`, every: '7d' }));
  }
  const worker = spawn(process.execPath, ['--max-old-space-size=256', join(root, 'apps/worker/dist/main.js')], {
    env: {
      ...process.env,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      ALLOW_PRIVATE_NETWORKS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.add(worker);
  const db = new Database(dbFile, { readonly: true });
  const count = () => db.prepare('SELECT count(*) FROM articles').pluck().get();
  // The worker fetches every new source once as it starts; the clock starts after that.
  const connection = createQueueConnection(REDIS_URL, 'producer');
  const queue = createQueue(QUEUES.fetchSource, connection, prefix);
  const settled = async () => {
    for (let last = -1, same = 0; same < 3;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const n = count();
      same = n === last ? same + 1 : 0;
      last = n;
    }
  };
  // The clock starts once the worker writes (its first fetch of the live sources has landed) and the
  // index has settled: the live case measures ingestion, not the worker's start-up.
  const initial = count();
  const deadline = Date.now() + 180_000;
  while (count() === initial) {
    if (Date.now() > deadline) throw new Error('live case: the worker wrote nothing in 3 minutes (see its log above)');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await settled();
  const before = count();
  let jobs = 0;
  const pump = setInterval(() => {
    const batch = Array.from({ length: fetchesPerSecond }, () => {
      jobs += 1;
      return {
        name: 'manual',
        data: { sourceId: `live-${jobs % FEEDS}`, manual: true },
        opts: { jobId: `live-${jobs}` },
      };
    });
    void queue.addBulk(batch);
  }, 1000);
  const started = performance.now();
  const cpuBefore = [cpuSeconds(api.pid), cpuSeconds(worker.pid)];
  const result = await wrk(API, variedQueries);
  const seconds = (performance.now() - started) / 1000;
  const cpu = [cpuSeconds(api.pid) - cpuBefore[0], cpuSeconds(worker.pid) - cpuBefore[1]].map((s) => s / seconds);
  clearInterval(pump);
  const arrived = count() - before;
  worker.kill('SIGTERM');
  await new Promise((resolve) => worker.once('exit', resolve));
  feedServer.close();
  await queue.close();
  connection.disconnect();
  db.close();
  // Back to the seeded index.
  const index = new EmbeddedArticleIndex({ file: dbFile });
  for (let f = 0; f < FEEDS; f++) await index.removeBySource(`live-${f}`);
  await index.close();
  return { result, arrived, seconds, cpu };
}
