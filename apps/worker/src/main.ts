/** The worker process: real Redis, the configured index, graceful shutdown on SIGTERM/SIGINT. */
// First: a Node too old for what follows says so and exits.
import '@tidings/config/node-version';
import { pino } from 'pino';
import { topicParents } from '@tidings/catalog/catalog';
import { loadConfigOrExit } from '@tidings/config/config';
import { Fetcher } from '@tidings/fetch/fetcher';
import { openIndexOrExit } from '@tidings/index/factory';
import { assertRedisReachable, createRedis, redactUrl, redisDurability } from '@tidings/store/redis';
import { SourceStore } from '@tidings/store/sources';
import { indexWriteLock } from '@tidings/store/write-lock';
import { FeedParserPool } from './feed/parser-pool.js';
import { lowerPriority } from './priority.js';
import { startWorker, type WorkerLog } from './worker.js';

const config = loadConfigOrExit();
// Before any thread of ours starts (they take the main thread's value): see `priority.ts`.
const nice = lowerPriority(config.WORKER_NICE);
// JSON lines on stdout at LOG_LEVEL, written in batches (a line a job would be a write a job); the
// batch goes out at least every second and at exit.
const output = pino.destination({ dest: 1, sync: false, minLength: 4096 });
const logger = pino(
  {
    level: config.LOG_LEVEL,
    base: { service: 'tidings-worker' },
    messageKey: 'event',
    timestamp: pino.stdTimeFunctions.isoTime,
  },
  output,
);
setInterval(() => logger.flush(), 1_000).unref();
const log: WorkerLog = (event, details = {}, level = 'info') => logger[level](details, event);

// A stop asked for during start-up (a rolling restart) is carried out as soon as the worker is up.
let stopAsked: string | null = null;
let shutdown: ((signal: string) => Promise<void>) | null = null;
const onSignal = (signal: string) => {
  if (shutdown) return void shutdown(signal);
  // A start that never ends (a Redis reply that never comes) must not keep a stop from happening.
  if (stopAsked === null) setTimeout(() => process.exit(1), 30_000).unref();
  stopAsked ??= signal;
};
process.on('SIGTERM', () => onSignal('SIGTERM'));
process.on('SIGINT', () => onSignal('SIGINT'));

// Parser threads first: each loads the catalog, and a bad override file stops the worker here.
const parsers = new FeedParserPool({
  catalogOverrides: config.CATALOG_OVERRIDES,
  topicModel: config.TOPIC_MODEL === 'on',
});
try {
  await parsers.ready();
} catch (error) {
  process.stderr.write(`tidings-worker: ${(error as Error).message}\n`);
  process.exit(78);
}

const redis = createRedis({ url: config.REDIS_URL, name: 'tidings-worker' });
redis.on('error', () => {});
try {
  // Started beside Redis (a machine's boot, `docker compose up`, a Redis restart), it waits for it.
  await assertRedisReachable(redis, config.REDIS_URL, {
    patienceMs: 15_000,
    onWait: () => {
      log('waiting for Redis', { url: redactUrl(config.REDIS_URL), upTo: '15 s' }, 'warn');
      output.flushSync();
    },
  });
} catch (error) {
  process.stderr.write(`tidings-worker: ${(error as Error).message}\n`);
  process.exit(1);
}
const index = await openIndexOrExit(config, 'tidings-worker', {
  thread: true,
  topicParents: topicParents(),
  // Several workers (and `tidings import`) writing to one Meilisearch take turns.
  ...indexWriteLock(redis, config, (error) => log('index write lock lost', { error: error.message }, 'warn')),
});

const fetcher = new Fetcher({
  timeoutMs: config.FETCH_TIMEOUT_MS,
  maxBytes: config.FETCH_MAX_BYTES,
  userAgent: config.USER_AGENT,
  allowPrivateNetworks: config.ALLOW_PRIVATE_NETWORKS,
});
const worker = await startWorker({
  redisUrl: config.REDIS_URL,
  prefix: config.REDIS_PREFIX,
  index,
  sources: new SourceStore(redis, config.REDIS_PREFIX),
  fetcher,
  work: parsers,
  concurrency: config.WORKER_CONCURRENCY,
  lockMs: config.WORKER_LOCK_MS,
  retentionDays: config.RETENTION_DAYS,
  log,
});
log('worker ready', { index: index.kind, concurrency: config.WORKER_CONCURRENCY, nice });
// A Redis that keeps nothing on disk, or may evict keys, loses sources and jobs: said once, at start.
for (const warning of (await redisDurability(redis)).warnings) log(warning, {}, 'warn');
output.flushSync();

let closing = false;
shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  log('shutting down', { signal });
  setTimeout(() => process.exit(1), 30_000).unref();
  await worker.close();
  await parsers.close();
  await fetcher.close();
  await index.close();
  redis.disconnect();
  output.flushSync();
  process.exit(0);
};
if (stopAsked) void shutdown(stopAsked);
