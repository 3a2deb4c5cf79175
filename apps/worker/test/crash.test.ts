/**
 * A worker killed with SIGKILL in the middle of a batch: after a restart the job is taken back and
 * every item ends up indexed exactly once.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, testEnv } from '@tidings/config/config';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { createQueue, createQueueConnection, type FetchSourcePayload, QUEUES } from '@tidings/queue/queues';
import { createRedis } from '@tidings/store/redis';
import { SourceStore, toSettings } from '@tidings/store/sources';

const REDIS_URL = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';
const ITEMS = 4_000;
let server: Server;
let base: string;
let dir: string;
const prefix = `tidings-test:${randomUUID()}:`;

const feed = `<rss version="2.0"><channel><title>Big</title>${Array.from(
  { length: ITEMS },
  (_, i) =>
    `<item><title>Story ${i}</title><link>https://big.example.com/${i}</link><pubDate>${new Date(Date.UTC(2026, 10, 1) + i * 60_000).toUTCString()}</pubDate><description>Body of story ${i} with some words to index.</description></item>`,
).join('')}</channel></rss>`;

beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feed);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'tidings-crash-'));
});

afterAll(async () => {
  server.close();
  const redis = createRedis({ url: REDIS_URL });
  const stale = await redis.keys(`${prefix}*`);
  if (stale.length) await redis.del(...stale);
  redis.disconnect();
  await rm(dir, { recursive: true, force: true });
});

function startWorkerProcess(): ChildProcess {
  return spawn(process.execPath, [join(import.meta.dirname, '..', 'dist', 'main.js')], {
    env: childEnv({
      REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: dir,
      ALLOW_PRIVATE_NETWORKS: '1',
      WORKER_LOCK_MS: '1500',
      WORKER_CONCURRENCY: '1',
    }),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

async function until(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

describe('worker crash', () => {
  it('indexes every item exactly once after a SIGKILL mid-job and a restart', async () => {
    const redis = createRedis({ url: REDIS_URL });
    await new SourceStore(redis, prefix).add(toSettings({ feedUrl: `${base}/big.xml`, id: 'big', every: '7d' }));
    const connection = createQueueConnection(REDIS_URL, 'producer');
    const queue = createQueue<FetchSourcePayload>(QUEUES.fetchSource, connection, prefix);

    const first = startWorkerProcess();
    // The scheduler fetches the new source at once; kill the worker while that job is running.
    await until(async () => (await queue.getActiveCount()) > 0, 20_000);
    await new Promise((resolve) => setTimeout(resolve, 150));
    first.kill('SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    expect(await queue.getCompletedCount()).toBe(0); // the job was cut off, not finished

    const second = startWorkerProcess();
    try {
      await until(async () => (await queue.getCompletedCount()) > 0, 30_000);
      const index = new EmbeddedArticleIndex({ file: join(dir, 'articles.sqlite') });
      const stats = await index.stats();
      expect(stats.articles).toBe(ITEMS);
      const ids = new Set<string>();
      let after: { key: number; id: string } | null = null;
      for (;;) {
        const page = await index.query({
          filters: (await import('@tidings/core/query')).NO_FILTERS,
          limit: 100,
          after,
        });
        for (const a of page.articles) ids.add(a.id);
        if (!page.hasMore) break;
        const last = page.articles.at(-1)!;
        after = { key: Date.parse(last.publishedAt), id: last.id };
      }
      expect(ids.size).toBe(ITEMS);
      await index.close();
    } finally {
      second.kill('SIGTERM');
      await new Promise((resolve) => second.once('exit', resolve));
      await queue.close();
      connection.disconnect();
      redis.disconnect();
    }
  }, 60_000);
});
