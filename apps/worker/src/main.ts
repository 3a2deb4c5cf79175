/** The worker process: real Redis, the configured index, graceful shutdown on SIGTERM/SIGINT. */
import { loadConfigOrExit } from '@tidings/config/config';
import { Fetcher } from '@tidings/fetch/fetcher';
import { openIndexOrExit } from '@tidings/index/factory';
import { assertRedisReachable, createRedis } from '@tidings/store/redis';
import { SourceStore } from '@tidings/store/sources';
import { FeedParserPool } from './feed/parser-pool.js';
import { startWorker } from './worker.js';

const config = loadConfigOrExit();
const log = (event: string, details: Record<string, unknown> = {}) =>
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), event, ...details })}\n`);

// Parser threads first: each loads the catalog, and a bad override file stops the worker here.
const parsers = new FeedParserPool({ catalogOverrides: config.CATALOG_OVERRIDES });
try {
  await parsers.ready();
} catch (error) {
  process.stderr.write(`tidings-worker: ${(error as Error).message}\n`);
  process.exit(78);
}

const redis = createRedis({ url: config.REDIS_URL, name: 'tidings-worker' });
redis.on('error', () => {});
try {
  await assertRedisReachable(redis, config.REDIS_URL);
} catch (error) {
  process.stderr.write(`tidings-worker: ${(error as Error).message}\n`);
  process.exit(1);
}
const index = await openIndexOrExit(config, 'tidings-worker', { thread: true });

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
log('worker ready', { index: index.kind, concurrency: config.WORKER_CONCURRENCY });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  log('shutting down', { signal });
  setTimeout(() => process.exit(1), 30_000).unref();
  await worker.close();
  await parsers.close();
  await fetcher.close();
  await index.close();
  redis.disconnect();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
