/** A running worker on real Redis (fresh key prefix) and an embedded index in a temporary directory. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Redis } from 'ioredis';
import { testEnv } from '@tidings/config/config';
import { Fetcher } from '@tidings/fetch/fetcher';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { createRedis } from '@tidings/store/redis';
import { SourceStore } from '@tidings/store/sources';
// The built pool (its thread runs the compiled reading code), as the worker process uses it.
import { FeedParserPool } from '@tidings/worker/feed/parser-pool';
import { type RunningWorker, startWorker } from '../src/worker.js';

export const REDIS_URL = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';

export interface WorkerHarness {
  prefix: string;
  redis: Redis;
  index: EmbeddedArticleIndex;
  sources: SourceStore;
  worker: RunningWorker;
  /** The parser thread the worker reads with. */
  work: FeedParserPool;
  stop(): Promise<void>;
}

export async function startHarness(
  options: { concurrency?: number; perHost?: number; retentionDays?: number } = {},
): Promise<WorkerHarness> {
  const dir = await mkdtemp(join(tmpdir(), 'tidings-worker-'));
  const prefix = `tidings-test:${randomUUID()}:`;
  const redis = createRedis({ url: REDIS_URL });
  const index = new EmbeddedArticleIndex({ file: join(dir, 'articles.sqlite') });
  const sources = new SourceStore(redis, prefix);
  const fetcher = new Fetcher({
    timeoutMs: 5_000,
    maxBytes: 10 * 1024 * 1024,
    userAgent: 'TidingsTest/1',
    allowPrivateNetworks: true,
  });
  const work = new FeedParserPool({ threads: 1 });
  await work.ready();
  const worker = await startWorker({
    redisUrl: REDIS_URL,
    prefix,
    index,
    sources,
    fetcher,
    work,
    concurrency: options.concurrency ?? 2,
    retentionDays: options.retentionDays ?? 100_000,
    syncEveryMs: 0,
    ...(options.perHost ? { perHost: options.perHost } : {}),
  });
  return {
    prefix,
    redis,
    index,
    sources,
    worker,
    work,
    async stop() {
      await worker.close();
      await work.close();
      await fetcher.close();
      await index.close();
      const stale = await redis.keys(`${prefix}*`);
      if (stale.length) await redis.del(...stale);
      redis.disconnect();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
