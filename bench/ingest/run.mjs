#!/usr/bin/env node
// Ingestion benchmark: serves synthetic feeds on loopback (each feed on its own 127.x.y.z host, so
// that per-host politeness does not serialise them), runs the real worker process against them and
// measures new articles/s end to end into the embedded index — (1) the first fetch of every source
// (new hosts probed, schedulers set up) and (1b) every known source publishing 50 new items —, (2)
// unchanged feeds polled/s, as 304s and as unchanged 200s, and (3) parse-only throughput of the same
// bytes — the ceiling. Classification is timed alone on the synthetic items and on the real feeds of
// ../shared/data/feeds/real, whose news costs several times more to read.
// Usage: npm run bench:ingest -- [--feeds 2000] [--items 50] [--concurrency 16] [--rounds 0] [--idle-rounds 0]
// Debugging: WORKER_NODE_FLAGS (extra node flags for the worker, e.g. --cpu-prof), WORKER_LOG (file
// for the worker's log lines, which are dropped otherwise).
import { execSync, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { once } from 'node:events';
import { loadCatalog } from '@tidings/catalog/catalog';
import { classifierFor } from '@tidings/catalog/classify';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { createQueue, createQueueConnection, createQueueEvents, QUEUES } from '@tidings/queue/queues';
import { createRedis } from '@tidings/store/redis';
import { SourceStore, toSettings } from '@tidings/store/sources';
import { feedLanguageOf, normalizeFeed } from '../../apps/worker/dist/feed/normalize.js';
import { parseFeed } from '../../apps/worker/dist/feed/parse-feed.js';
import { cpuSeconds, TICK } from '../proc-cpu.mjs';
import { syntheticStory } from '../synthetic-news.mjs';
import { classifyInput, readRealFeeds, realFeedBodies } from '../classify/sets.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values: args } = parseArgs({
  options: {
    feeds: { type: 'string', default: '2000' },
    items: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '16' },
    // After the figures above: this many more rounds of every feed publishing new items (a soak:
    // the worker's memory and pace as the index grows past what the bench itself writes).
    rounds: { type: 'string', default: '0' },
    // Then this many more rounds of every feed polled unchanged (304): the worker's memory and pace over
    // a long quiet day, when nearly every poll of a real deployment finds nothing new.
    'idle-rounds': { type: 'string', default: '0' },
  },
});
const FEEDS = Number(args.feeds);
const ITEMS = Number(args.items);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tidings-bench-ingest:${randomUUID().slice(0, 8)}:`;
const dir = mkdtempSync(join(tmpdir(), 'tidings-bench-ingest-'));
const NOW = Date.UTC(2026, 10, 22);

// Edition 1 is what every feed serves at first; edition 2 has as many items, all new (the same feed an
// hour later, every story replaced). ONE_NEW is edition 2 with one new story on top and its last one gone,
// as feeds change most of the time.
const ONE_NEW = 1000;
function itemXml(f, edition, i) {
  const { title, intro } = syntheticStory(f, edition, i);
  return (
    `<item><title>${title} ${f}-${i}</title><link>http://${hostOf(f)}:${port}/news/${edition}/${i}</link><guid>f${f}e${edition}i${i}</guid>` +
    `<pubDate>${new Date(NOW + (edition === ONE_NEW ? 3 : edition) * 3_600_000 - (f * ITEMS + i) * 37_000).toUTCString()}</pubDate><dc:creator>Desk ${f % 17}</dc:creator>` +
    `<category>News</category><description>&lt;p&gt;${intro}.&lt;/p&gt;</description></item>`
  );
}
function feedXml(f, edition) {
  const items =
    edition === ONE_NEW
      ? [itemXml(f, ONE_NEW, 0), ...Array.from({ length: ITEMS - 1 }, (_, i) => itemXml(f, 2, i))]
      : Array.from({ length: ITEMS }, (_, i) => itemXml(f, edition, i));
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Feed ${f}</title><link>https://feed${f}.example.com/</link>${items.join('')}</channel></rss>`;
}

const hostOf = (f) => `127.0.${1 + Math.floor(f / 250)}.${1 + (f % 250)}`;
let honourEtag = true;
let edition = 1;
const server = createServer((req, res) => {
  const f = Number((req.url ?? '').slice(1).split('.')[0]);
  const body = bodyOf(f);
  if (!body) return res.writeHead(404).end();
  const etag = `"f${f}e${edition}"`;
  if (honourEtag && req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
  res.writeHead(200, { 'content-type': 'application/rss+xml', etag, 'content-length': body.length }).end(body);
});
await new Promise((resolve) => server.listen(0, '0.0.0.0', resolve));
const port = server.address().port;
// Article links point at the same loopback hosts, so that the probes of new hosts get quick answers.
const bodies = Array.from({ length: FEEDS }, (_, f) => Buffer.from(feedXml(f, 1)));
const secondEdition = Array.from({ length: FEEDS }, (_, f) => Buffer.from(feedXml(f, 2)));
const totalBytes = bodies.reduce((n, b) => n + b.length, 0);
/** The feed's body in the current edition (the soak's later editions made when first asked for). */
let later = { edition: 0, bodies: new Map() };
function bodyOf(f) {
  if (f < 0 || f >= FEEDS || !Number.isInteger(f)) return undefined;
  if (edition <= 2) return (edition === 1 ? bodies : secondEdition)[f];
  if (later.edition !== edition) later = { edition, bodies: new Map() };
  if (!later.bodies.has(f)) later.bodies.set(f, Buffer.from(feedXml(f, edition)));
  return later.bodies.get(f);
}

// Parse-only ceiling: the same bytes through the same reading code (parse, normalise, classify) on
// one fresh thread — cold, like the worker's parser thread — with no network, queue or index. This
// VM's speed drifts by up to 2× within minutes, so the ceiling is measured right before and right
// after the end-to-end run, and their mean is used.
const catalog = loadCatalog();
async function parseOnly(options = {}) {
  const thread = new Worker(new URL('./parse-only.mjs', import.meta.url), { workerData: { bodies, ...options } });
  const [result] = await once(thread, 'message');
  await thread.terminate();
  return result;
}
const ceilingBefore = (await parseOnly()).itemsPerSecond;

// Classification in place: what reading feeds costs with it beyond without it, a second an item (fresh
// threads as above, with and without alternating four times, the faster of each: the host's drift moves
// a single pair by ±15 %), and the reading's own cost.
// Timed alone in a loop (below), classification runs with its tables in the CPU's caches; among the
// parsing and normalising of the worker's reading, it cost more (1.4 times on the synthetic items, 1.6
// to 2 times on real ones) until session 59, when a feed's items came to be classified together after
// they are all read: now about as much (0.9–1.1 times). Building the classifier, as a parser thread does once when it starts, is
// timed apart (the least of the passes): counted in each item's cost, as until session 56, it made the
// in-place figures 20–90 µs an item too high.
const IN_PLACE_PASSES = 4;
async function inPlace(options) {
  let withIt = 0;
  let without = 0;
  let build = Infinity;
  for (let pass = 0; pass < IN_PLACE_PASSES; pass++) {
    const read = await parseOnly(options);
    withIt = Math.max(withIt, read.itemsPerSecond);
    build = Math.min(build, read.buildSeconds);
    without = Math.max(without, (await parseOnly({ ...options, classify: false })).itemsPerSecond);
  }
  return { classify: 1 / withIt - 1 / without, read: 1 / withIt, build };
}
const IN_PLACE_FEEDS = 200;
const syntheticInPlace = () => inPlace({ bodies: bodies.slice(0, IN_PLACE_FEEDS) });
const inPlaceBefore = await syntheticInPlace();
let t0;

// Classification alone (topics + companies, as normalize runs it: a feed's articles together), warm, per article: the fastest of
// three passes, before and again after the end-to-end run (the host's speed drifts, as for parse-only),
// and their mean is used.
const samples = [];
/** The samples by feed, as the worker classifies them: a feed's articles together. */
const sampleFeeds = [];
const fakeSource = { ...toSettings({ feedUrl: 'https://x.example/feed', id: 'x' }), state: 'active' };
for (const body of bodies.slice(0, 400)) {
  const feed = await parseFeed(body.toString('utf8'));
  const articles = normalizeFeed({
    feed,
    source: fakeSource,
    catalog,
    feedUrl: 'https://x.example/feed',
    now: new Date(),
    feedLanguage: await feedLanguageOf(feed, fakeSource),
  });
  samples.push(...articles);
  sampleFeeds.push(articles);
}
const classifier = classifierFor(catalog);
/** As the worker classifies them: each feed's articles together (`classifyAll`). */
const classifyFeeds = (feeds) => {
  for (const articles of feeds) {
    classifier.classifyAll(articles.map(classifyInput));
  }
};
/** Seconds per item of `run` over `count` items, the fastest of three passes. */
const fastest = async (run, count) => {
  let best = Infinity;
  for (let pass = 0; pass < 3; pass++) {
    const start = performance.now();
    await run();
    best = Math.min(best, (performance.now() - start) / 1000 / count);
  }
  return best;
};
// As in earlier sessions' figures: the synthetic items' headline and introduction only.
const syntheticFeeds = sampleFeeds.map((articles) =>
  articles.map(({ headline, introduction }) => ({ headline, introduction })),
);
const classifyCost = () => fastest(() => classifyFeeds(syntheticFeeds), samples.length);
classifyFeeds(syntheticFeeds);
const classifyBefore = await classifyCost();

// The synthetic items are short words of every section in small letters; real news costs more to read
// (capitals that may be names, other languages, longer introductions). The same figures on the real feeds
// of ../shared/data/feeds/real (when it is there): classification per item, and its share of reading
// those feeds (decode, parse, normalise, classify) on one thread.
const realBodies = realFeedBodies();
const realFeeds = await readRealFeeds(catalog, realBodies);
const realArticles = realFeeds.flat();
const realCost = async () => {
  if (!realArticles.length) return { classify: NaN, read: NaN };
  const alone = await fastest(() => classifyFeeds(realFeeds), realArticles.length);
  const options = { bodies: realBodies, strict: false, contentType: 'application/xml' };
  return { alone, ...(await inPlace(options)) };
};
const realBefore = await realCost();

// Story grouping alone: the same articles written into a fresh index with grouping on and off
// (twice each, alternating; the lower of each), the difference per article.
async function groupingSecondsPerArticle() {
  const unique = samples.map((a, i) => ({
    ...a,
    id: `${a.id.slice(0, 24)}${String(i).padStart(8, '0')}`,
    url: `${a.url}?n=${i}`,
  }));
  const best = { true: Infinity, false: Infinity };
  for (const groupStories of [false, true, false, true]) {
    const index = new EmbeddedArticleIndex({ file: ':memory:', groupStories });
    const start = performance.now();
    for (let i = 0; i < unique.length; i += ITEMS) index.upsertSync(unique.slice(i, i + ITEMS));
    best[groupStories] = Math.min(best[groupStories], (performance.now() - start) / 1000 / unique.length);
    await index.close();
  }
  return Math.max(0, best.true - best.false);
}
const groupSecondsPerArticle = await groupingSecondsPerArticle();

const redis = createRedis({ url: REDIS_URL });
const sources = new SourceStore(redis, prefix);
for (let f = 0; f < FEEDS; f++) {
  await sources.add(toSettings({ feedUrl: `http://${hostOf(f)}:${port}/${f}.xml`, id: `feed-${f}`, every: '7d' }));
}
// CPU seconds by process (and the worker's threads by name) over the new-articles phase: where
// the two cores went.
function threadsOf(pid) {
  const byName = new Map();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let name = readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
    if (name === 'WorkerThread') name += ` ${tid}`;
    byName.set(name, (byName.get(name) ?? 0) + cpuSeconds(`${pid}/task/${tid}`));
  }
  return byName;
}
const redisPid = Number(execSync('pgrep -o redis-server || true').toString().trim()) || null;
const cpuSnapshot = () => ({
  worker: worker.pid ? threadsOf(worker.pid) : new Map(),
  redis: redisPid ? cpuSeconds(redisPid) : 0,
  bench: process.cpuUsage(),
  idle: Number(readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/)[4]) / TICK,
});

const connection = createQueueConnection(REDIS_URL, 'producer');
const queue = createQueue(QUEUES.fetchSource, connection, prefix);
// Finished jobs are trimmed (removeOnComplete), so they are counted from the worker's BullMQ metrics
// (a counter its completion script keeps in Redis); queue events (costly to follow on two cores)
// only catch the first job taken.
const events = createQueueEvents(QUEUES.fetchSource, REDIS_URL, prefix);
await events.waitUntilReady();
const finishedCount = async (kind) => (await queue.getMetrics(kind, 0, 0)).meta.count;
const finished = async () => (await finishedCount('completed')) + (await finishedCount('failed'));
let firstActive = null;
let cpuStart = null;
events.on('active', () => {
  if (firstActive !== null) return;
  firstActive = performance.now();
  cpuStart = cpuSnapshot();
  void events.close();
});

const workerScript = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.worker;
const workerNodeFlags = workerScript.split(' ').filter((word) => word.startsWith('--'));
const worker = spawn(
  process.execPath,
  [
    ...(process.env.WORKER_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    // The heap flags of `npm run worker`, so that the memory figure is the one operators get.
    ...workerNodeFlags,
    join(root, 'apps/worker/dist/main.js'),
  ],
  {
    env: {
      ...process.env,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: dir,
      ALLOW_PRIVATE_NETWORKS: '1',
      WORKER_CONCURRENCY: args.concurrency,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
// The clock starts when the worker is up (its start-up is not ingestion).
await new Promise((resolve) => {
  let seen = '';
  const watch = (chunk) => {
    seen += chunk;
    if (!seen.includes('"worker ready"')) return;
    worker.stdout.off('data', watch);
    resolve();
  };
  worker.stdout.on('data', watch);
});
if (process.env.WORKER_LOG) worker.stdout.pipe(createWriteStream(process.env.WORKER_LOG));
else worker.stdout.resume();
t0 = performance.now();
const peakRss = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${worker.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

/** Waits for `done`, asking it every `every` ms. */
async function until(done, every = 100) {
  for (;;) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}

// (1) New articles: the worker's schedulers fetch every new source at once.
await until(async () => (await finished()) >= FEEDS);
const cpuEnd = cpuSnapshot();
// From the first job taken (the worker starts fetching while it sets up the schedulers).
const newSeconds = (performance.now() - (firstActive ?? t0)) / 1000;
const failedNew = await finishedCount('failed');
// New hosts are probed once (https, iframe policy); polling is measured after those probes are done,
// as it would run on any day but the first.
const probeQueue = createQueue(QUEUES.probeHost, connection, prefix);
const probeStart = performance.now();
await until(async () => (await probeQueue.getWaitingCount()) + (await probeQueue.getActiveCount()) === 0);
const probeSeconds = (performance.now() - probeStart) / 1000;

/**
 * Every source fetched once more by manual jobs, `rounds` times in turn: how many fetches per second, and
 * the CPU they took. Completion is checked every 20 ms: an unchanged feed's poll of every source takes
 * about a second, which the 100 ms checks above measured to ±10 % (session 62 read 971/s and 1 285/s on
 * one day for two builds that differ in nothing a poll runs); its figures are read over 3 rounds.
 */
async function pollAll(label, rounds = 1) {
  const cpu = cpuSnapshot();
  const start = performance.now();
  for (let round = 0; round < rounds; round++) {
    const before = await finished();
    const now = Date.now();
    await queue.addBulk(
      Array.from({ length: FEEDS }, (_, f) => ({
        name: 'manual',
        data: { sourceId: `feed-${f}`, manual: true },
        opts: { jobId: `${label}-${round}-${f}-${now}` },
      })),
    );
    await until(async () => (await finished()) - before >= FEEDS, 20);
  }
  const seconds = (performance.now() - start) / 1000;
  return { perSecond: (FEEDS * rounds) / seconds, seconds, cpu: [cpu, cpuSnapshot()] };
}
// (1b) Known sources publishing: every feed now serves 50 new items (hosts probed, schedulers set).
edition = 2;
const published = await pollAll('new');
const failedKnown = (await finishedCount('failed')) - failedNew;
// (2) Unchanged feeds: conditional GET answered 304, then 200 with the same body.
const notModified = await pollAll('304', 3);
const notModifiedPerSecond = notModified.perSecond;
honourEtag = false;
const unchangedPerSecond = (await pollAll('200', 3)).perSecond;
// (2b) Feeds that changed a little: one new item of 50, the rest read last time.
honourEtag = true;
edition = ONE_NEW;
const oneNew = await pollAll('one-new');
const rss = peakRss();

// (3) The soak: more rounds of new items, the worker's resident memory after each.
const residentNow = () =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${worker.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const soak = [];
honourEtag = true;
for (let round = 1; round <= Number(args.rounds); round++) {
  edition = 2 + round;
  const { seconds } = await pollAll(`soak-${round}`);
  soak.push({
    round,
    articles: FEEDS * ITEMS * (2 + round),
    perSecond: (FEEDS * ITEMS) / seconds,
    now: residentNow(),
    peak: peakRss(),
  });
  process.stderr.write(`\rsoak round ${round}/${args.rounds}: ${Math.round(soak.at(-1).now)} MB resident`);
}
const failedSoak = (await finishedCount('failed')) - failedNew - failedKnown;

// (4) The quiet soak: unchanged polls, the worker's resident memory after every tenth round.
const IDLE_EVERY = 10;
const idle = [];
honourEtag = true;
for (let round = 1; round <= Number(args['idle-rounds']); round += IDLE_EVERY) {
  const rounds = Math.min(IDLE_EVERY, Number(args['idle-rounds']) - round + 1);
  const { perSecond } = await pollAll(`idle-${round}`, rounds);
  idle.push({ polls: FEEDS * (round + rounds - 1), perSecond, now: residentNow(), peak: peakRss() });
  process.stderr.write(
    `\ridle round ${round + rounds - 1}/${args['idle-rounds']}: ${Math.round(idle.at(-1).now)} MB resident`,
  );
}
const failedIdle = (await finishedCount('failed')) - failedNew - failedKnown - failedSoak;

worker.kill('SIGTERM');
await new Promise((resolve) => worker.once('exit', resolve));
await probeQueue.obliterate({ force: true });
await probeQueue.close();
await queue.obliterate({ force: true });
await queue.close();
connection.disconnect();
const stale = await redis.keys(`${prefix}*`);
if (stale.length) await redis.del(...stale);
redis.disconnect();
server.close();
rmSync(dir, { recursive: true, force: true });

const articles = FEEDS * ITEMS;
const endToEnd = articles / newSeconds;
const knownEndToEnd = articles / published.seconds;
const ceilingAfter = (await parseOnly()).itemsPerSecond;
const ceiling = (ceilingBefore + ceilingAfter) / 2;
const classifyAfter = await classifyCost();
const inPlaceAfter = await syntheticInPlace();
const realAfter = await realCost();
const classifySecondsPerArticle = (classifyBefore + classifyAfter) / 2;
const share = (rate) => `${((100 * rate) / ceiling).toFixed(0)} %`;
console.log(`\nTidings ingestion benchmark — ${new Date().toISOString()}`);
console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model}); Node ${process.version}`);
console.log(
  `${FEEDS} synthetic RSS feeds × ${ITEMS} items (${(totalBytes / 2 ** 20).toFixed(1)} MiB) served on loopback; worker process with WORKER_CONCURRENCY=${args.concurrency}, embedded index\n`,
);
console.log('| figure | value | target |');
console.log('|---|---:|---:|');
console.log(
  `| new articles/s end to end, first fetch of new sources (+ host probes, scheduler set-up) | ${Math.round(endToEnd)} | ≥ 1 000 |`,
);
console.log(`| … as a share of parse-only | ${share(endToEnd)} | ≥ 50 % |`);
console.log(
  `| new articles/s end to end, known sources publishing (50 new items each) | ${Math.round(knownEndToEnd)} | ≥ 1 000 |`,
);
console.log(`| … as a share of parse-only | ${share(knownEndToEnd)} | ≥ 50 % |`);
console.log(
  `| parse-only ceiling, items/s (same bytes and code, one thread: mean of ${Math.round(ceilingBefore)} before and ${Math.round(ceilingAfter)} after) | ${Math.round(ceiling)} | – |`,
);
console.log(
  `| classification (topics + companies) per article, alone in a loop, a feed's articles together (mean of ${(classifyBefore * 1e6).toFixed(0)} µs before and ${(classifyAfter * 1e6).toFixed(0)} µs after) | ${(classifySecondsPerArticle * 1e6).toFixed(0)} µs | – |`,
);
const inPlaceSeconds = (inPlaceBefore.classify + inPlaceAfter.classify) / 2;
console.log(
  `| classification per article in place: reading ${IN_PLACE_FEEDS} feeds with it − without it (mean of ${(inPlaceBefore.classify * 1e6).toFixed(0)} µs before and ${(inPlaceAfter.classify * 1e6).toFixed(0)} µs after) | ${(inPlaceSeconds * 1e6).toFixed(0)} µs | ~20 µs |`,
);
const buildSeconds = Math.min(inPlaceBefore.build, inPlaceAfter.build);
console.log(
  `| building the classifier, once a parser thread when it starts (least of ${(inPlaceBefore.build * 1e3).toFixed(0)} ms before and ${(inPlaceAfter.build * 1e3).toFixed(0)} ms after) | ${(buildSeconds * 1e3).toFixed(0)} ms | – |`,
);
// Classification's share: its CPU time (articles × cost per article) over the CPU time the worker
// process used (all its threads) for the same articles.
const workerCpu = ([start, end]) =>
  [...end.worker].reduce((sum, [name, used]) => sum + used - (start.worker.get(name) ?? 0), 0);
const classifyShare = (cpu, seconds) => `${((100 * articles * seconds) / workerCpu(cpu)).toFixed(0)} %`;
console.log(
  `| classification's share of the worker's CPU time, first fetch / known sources, in place (alone) | ${classifyShare([cpuStart, cpuEnd], inPlaceSeconds)} / ${classifyShare(published.cpu, inPlaceSeconds)} (${classifyShare([cpuStart, cpuEnd], classifySecondsPerArticle)} / ${classifyShare(published.cpu, classifySecondsPerArticle)}) | ≤ 20 % |`,
);
if (realArticles.length) {
  const mean = (key) => (realBefore[key] + realAfter[key]) / 2;
  const [alone, classify, read] = [mean('alone'), mean('classify'), mean('read')];
  const micro = (seconds) => `${(seconds * 1e6).toFixed(0)} µs`;
  console.log(
    `| classification per article, the ${realBodies.length} real feeds' ${realArticles.length} items, in place (alone) | ${micro(classify)} (${micro(alone)}) | – |`,
  );
  console.log(
    `| … its share of reading those feeds (decode, parse, normalise, classify: ${micro(read)} an item, one thread) | ${((100 * classify) / read).toFixed(0)} % | – |`,
  );
  // The worker's CPU an article beside reading it (queue, index, fetching), as measured above on the
  // synthetic feeds, plus reading a real item instead of a synthetic one: an estimate, not a measurement.
  const estimate = (cpu) => {
    const besideReading = workerCpu(cpu) / articles - 1 / ceiling;
    return `${((100 * classify) / (besideReading + read)).toFixed(0)} %`;
  };
  console.log(
    `| … its share of the worker's CPU on real feeds, estimated (worker CPU an article − synthetic reading + real reading), first fetch / known sources | ${estimate([cpuStart, cpuEnd])} / ${estimate(published.cpu)} | ≤ 20 % |`,
  );
}
console.log(
  `| story grouping per article (index write with grouping − without) | ${(groupSecondsPerArticle * 1e6).toFixed(0)} µs | – |`,
);
const groupShare = (cpu) => `${((100 * articles * groupSecondsPerArticle) / workerCpu(cpu)).toFixed(0)} %`;
console.log(
  `| story grouping's share of the worker's CPU time, first fetch / known sources | ${groupShare([cpuStart, cpuEnd])} / ${groupShare(published.cpu)} | ≤ 10 % |`,
);
console.log(
  `| unchanged feeds polled/s, 304 (3 rounds of every feed) | ${Math.round(notModifiedPerSecond)} | ≥ 1 000 |`,
);
console.log(`| unchanged feeds polled/s, 200 with the same body (3 rounds) | ${Math.round(unchangedPerSecond)} | – |`);
console.log(
  `| feeds with one new item of ${ITEMS} polled/s (worker CPU a poll) | ${Math.round(oneNew.perSecond)} (${((1000 * workerCpu(oneNew.cpu)) / FEEDS).toFixed(1)} ms) | – |`,
);
console.log(`| worker peak resident memory | ${rss.toFixed(0)} MB | ≤ 512 MB |`);
console.log(`| failed fetches | ${failedNew + failedKnown} | 0 |`);
function printCpu(title, [start, end], seconds) {
  const rows = [...end.worker]
    .map(([name, used]) => [`worker thread ${name}`, used - (start.worker.get(name) ?? 0)])
    .concat([
      ['redis-server', end.redis - start.redis],
      [
        'bench process (feed server, progress polling)',
        (end.bench.user + end.bench.system - start.bench.user - start.bench.system) / 1e6,
      ],
      ['idle (both cores)', end.idle - start.idle],
    ])
    .filter(([, used]) => used >= 0.05)
    .sort((a, b) => b[1] - a[1]);
  console.log(
    `\nCPU seconds during ${title} (${seconds.toFixed(1)} s wall, ${availableParallelism()} cores; from /proc):`,
  );
  for (const [name, used] of rows) console.log(`  ${name.padEnd(44)} ${used.toFixed(1)} s`);
}
printCpu('the first fetch of new sources', [cpuStart, cpuEnd], newSeconds);
printCpu('known sources publishing', published.cpu, published.seconds);
printCpu('unchanged feeds polled, 304', notModified.cpu, notModified.seconds);
console.log(
  `\nNew hosts are probed inside their first fetch (their articles are indexed with flags known); probe jobs still waiting after the last fetch took ${probeSeconds.toFixed(1)} s more.`,
);
if (soak.length) {
  console.log(
    `\nSoak: ${soak.length} more rounds of every feed publishing ${ITEMS} new items (manual jobs, as above):`,
  );
  console.log('| round | articles indexed | new articles/s | worker resident after it | peak so far |');
  console.log('|---:|---:|---:|---:|---:|');
  for (const r of soak) {
    console.log(
      `| ${r.round} | ${r.articles} | ${Math.round(r.perSecond)} | ${r.now.toFixed(0)} MB | ${r.peak.toFixed(0)} MB |`,
    );
  }
  console.log(`failed fetches during the soak: ${failedSoak}`);
}
if (idle.length) {
  console.log(
    `\nQuiet soak: ${args['idle-rounds']} more rounds of every feed polled unchanged (304, manual jobs, as above):`,
  );
  console.log('| unchanged polls so far | polls/s (last rounds) | worker resident after them | peak so far |');
  console.log('|---:|---:|---:|---:|');
  for (const r of idle) {
    console.log(`| ${r.polls} | ${Math.round(r.perSecond)} | ${r.now.toFixed(0)} MB | ${r.peak.toFixed(0)} MB |`);
  }
  console.log(`failed fetches during the quiet soak: ${failedIdle}`);
}
process.exit(0);
