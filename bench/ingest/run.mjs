#!/usr/bin/env node
// Ingestion benchmark: serves synthetic feeds on loopback (each feed on its own 127.x.y.z host, so
// that per-host politeness does not serialise them), runs the real worker process against them and
// measures (1) new articles/s end to end into the embedded index, (2) unchanged feeds polled/s, as
// 304s and as unchanged 200s, and (3) parse-only throughput of the same bytes — the ceiling.
// Usage: npm run bench:ingest -- [--feeds 2000] [--items 50] [--concurrency 8]
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalog } from '@tidings/catalog/catalog';
import { classifierFor } from '@tidings/catalog/classify';
import { createQueue, createQueueConnection, createQueueEvents, QUEUES } from '@tidings/queue/queues';
import { createRedis } from '@tidings/store/redis';
import { SourceStore, toSettings } from '@tidings/store/sources';
import { normalizeFeed } from '../../apps/worker/dist/feed/normalize.js';
import { parseFeed } from '../../apps/worker/dist/feed/parse-feed.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values: args } = parseArgs({
  options: {
    feeds: { type: 'string', default: '2000' },
    items: { type: 'string', default: '50' },
    concurrency: { type: 'string', default: '16' },
  },
});
const FEEDS = Number(args.feeds);
const ITEMS = Number(args.items);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `tidings-bench-ingest:${randomUUID().slice(0, 8)}:`;
const dir = mkdtempSync(join(tmpdir(), 'tidings-bench-ingest-'));
const NOW = Date.UTC(2026, 10, 22);
const WORDS =
  'market economy election climate energy bank football health science court police school city river storm minister company shares profit report study vaccine film music festival budget tax trade'.split(
    ' ',
  );

function feedXml(f) {
  const items = [];
  for (let i = 0; i < ITEMS; i++) {
    const n = f * 7919 + i * 104729;
    const title = Array.from({ length: 8 }, (_, k) => WORDS[(n + k * 31) % WORDS.length]).join(' ');
    const intro = Array.from({ length: 30 }, (_, k) => WORDS[(n * 3 + k * 17) % WORDS.length]).join(' ');
    items.push(
      `<item><title>${title} ${f}-${i}</title><link>http://${hostOf(f)}:${port}/news/${i}</link><guid>f${f}i${i}</guid>` +
        `<pubDate>${new Date(NOW - (f * ITEMS + i) * 37_000).toUTCString()}</pubDate><dc:creator>Desk ${f % 17}</dc:creator>` +
        `<category>News</category><description>&lt;p&gt;${intro}.&lt;/p&gt;</description></item>`,
    );
  }
  return `<?xml version="1.0" encoding="utf-8"?><rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><channel><title>Feed ${f}</title><link>https://feed${f}.example.com/</link>${items.join('')}</channel></rss>`;
}

const hostOf = (f) => `127.0.${1 + Math.floor(f / 250)}.${1 + (f % 250)}`;
let honourEtag = true;
const server = createServer((req, res) => {
  const f = Number((req.url ?? '').slice(1).split('.')[0]);
  const body = bodies[f];
  if (!body) return res.writeHead(404).end();
  const etag = `"f${f}"`;
  if (honourEtag && req.headers['if-none-match'] === etag) return res.writeHead(304, { etag }).end();
  res.writeHead(200, { 'content-type': 'application/rss+xml', etag, 'content-length': body.length }).end(body);
});
await new Promise((resolve) => server.listen(0, '0.0.0.0', resolve));
const port = server.address().port;
// Article links point at the same loopback hosts, so that the probes of new hosts get quick answers.
const bodies = Array.from({ length: FEEDS }, (_, f) => Buffer.from(feedXml(f)));
const totalBytes = bodies.reduce((n, b) => n + b.length, 0);

// Parse-only ceiling: the same bytes through the parser and the normaliser, no network, no index.
const catalog = loadCatalog();
const fakeSource = { ...toSettings({ feedUrl: 'https://x.example/feed', id: 'x' }), state: 'active' };
let t0 = performance.now();
let parsedItems = 0;
const samples = [];
for (const body of bodies) {
  const feed = await parseFeed(body.toString('utf8'));
  const normalized = normalizeFeed({
    feed,
    source: fakeSource,
    catalog,
    feedUrl: 'https://x.example/feed',
    now: new Date(),
  });
  parsedItems += normalized.length;
  if (samples.length < 20_000) samples.push(...normalized);
}
const parseSeconds = (performance.now() - t0) / 1000;

// Classification alone (topics + companies, as normalize runs it), warm, per article.
const classifier = classifierFor(catalog);
const classifyOnce = () => {
  for (const a of samples)
    classifier.classify({ headline: a.headline, introduction: a.introduction, defaultTopics: [] });
};
classifyOnce();
t0 = performance.now();
classifyOnce();
const classifySecondsPerArticle = (performance.now() - t0) / 1000 / samples.length;

const redis = createRedis({ url: REDIS_URL });
const sources = new SourceStore(redis, prefix);
for (let f = 0; f < FEEDS; f++) {
  await sources.add(toSettings({ feedUrl: `http://${hostOf(f)}:${port}/${f}.xml`, id: `feed-${f}`, every: '7d' }));
}
const connection = createQueueConnection(REDIS_URL, 'producer');
const queue = createQueue(QUEUES.fetchSource, connection, prefix);
// Finished jobs are trimmed (removeOnComplete), so they are counted from queue events.
const events = createQueueEvents(QUEUES.fetchSource, REDIS_URL, prefix);
await events.waitUntilReady();
let finished = 0;
let failures = 0;
let firstActive = null;
events.on('active', () => (firstActive ??= performance.now()));
events.on('completed', () => (finished += 1));
events.on('failed', () => ((finished += 1), (failures += 1)));

const worker = spawn(process.execPath, ['--max-old-space-size=256', join(root, 'apps/worker/dist/main.js')], {
  env: {
    ...process.env,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    DATA_DIR: dir,
    ALLOW_PRIVATE_NETWORKS: '1',
    WORKER_CONCURRENCY: args.concurrency,
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
// The clock starts when the worker is up (its start-up is not ingestion).
await new Promise((resolve) => {
  let seen = '';
  worker.stdout.on('data', (chunk) => {
    seen += chunk;
    if (seen.includes('"worker ready"')) resolve();
  });
});
worker.stdout.resume();
t0 = performance.now();
const peakRss = () =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${worker.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function until(done) {
  for (;;) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// (1) New articles: the worker's schedulers fetch every new source at once.
await until(async () => finished >= FEEDS);
// From the first job taken (the worker starts fetching while it sets up the schedulers).
const newSeconds = (performance.now() - (firstActive ?? t0)) / 1000;
const failedNew = failures;
// New hosts are probed once (https, iframe policy); polling is measured after those probes are done,
// as it would run on any day but the first.
const probeQueue = createQueue(QUEUES.probeHost, connection, prefix);
const probeStart = performance.now();
await until(async () => (await probeQueue.getWaitingCount()) + (await probeQueue.getActiveCount()) === 0);
const probeSeconds = (performance.now() - probeStart) / 1000;

async function pollAll(label) {
  finished = 0;
  const start = performance.now();
  const now = Date.now();
  await queue.addBulk(
    Array.from({ length: FEEDS }, (_, f) => ({
      name: 'manual',
      data: { sourceId: `feed-${f}`, manual: true },
      opts: { jobId: `${label}-${f}-${now}` },
    })),
  );
  await until(async () => finished >= FEEDS);
  return FEEDS / ((performance.now() - start) / 1000);
}
// (2) Unchanged feeds: conditional GET answered 304, then 200 with the same body.
const notModifiedPerSecond = await pollAll('304');
honourEtag = false;
const unchangedPerSecond = await pollAll('200');
const rss = peakRss();

worker.kill('SIGTERM');
await new Promise((resolve) => worker.once('exit', resolve));
await events.close();
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
const ceiling = parsedItems / parseSeconds;
console.log(`\nTidings ingestion benchmark — ${new Date().toISOString()}`);
console.log(`machine: ${availableParallelism()} cores (${cpus()[0]?.model}); Node ${process.version}`);
console.log(
  `${FEEDS} synthetic RSS feeds × ${ITEMS} items (${(totalBytes / 2 ** 20).toFixed(1)} MiB) served on loopback; worker process with WORKER_CONCURRENCY=${args.concurrency}, embedded index\n`,
);
console.log('| figure | value | target |');
console.log('|---|---:|---:|');
console.log(`| new articles/s end to end (fetch → parse → normalise → index) | ${Math.round(endToEnd)} | ≥ 1 000 |`);
console.log(`| parse-only ceiling, items/s (same bytes, parse + normalise) | ${Math.round(ceiling)} | – |`);
console.log(`| end to end as a share of parse-only | ${((100 * endToEnd) / ceiling).toFixed(0)} % | ≥ 50 % |`);
console.log(
  `| classification (topics + companies) per article | ${(classifySecondsPerArticle * 1e6).toFixed(0)} µs | – |`,
);
console.log(
  `| classification's share of end-to-end time (rate × cost per article, one core) | ${(100 * endToEnd * classifySecondsPerArticle).toFixed(0)} % | ≤ 20 % |`,
);
console.log(`| unchanged feeds polled/s, 304 | ${Math.round(notModifiedPerSecond)} | ≥ 1 000 |`);
console.log(`| unchanged feeds polled/s, 200 with the same body | ${Math.round(unchangedPerSecond)} | – |`);
console.log(`| worker peak resident memory | ${rss.toFixed(0)} MB | ≤ 512 MB |`);
console.log(`| failed fetches | ${failedNew} | 0 |`);
console.log(
  `\nThe first fetches queued a probe for each of the ${FEEDS} new hosts; they finished ${probeSeconds.toFixed(1)} s after the last fetch.`,
);
process.exit(0);
