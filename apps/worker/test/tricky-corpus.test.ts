/**
 * Every file of the tricky corpus through the running worker: each source ends either fetched or
 * failing with a one-line error; the worker neither crashes nor hangs, and its memory stays flat
 * when the corpus is ingested again and again.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '@tidings/catalog/catalog';
import { testEnv } from '@tidings/config/config';
import { Fetcher } from '@tidings/fetch/fetcher';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { createRedis } from '@tidings/store/redis';
import { SourceStore, toSettings } from '@tidings/store/sources';
import { type RunningWorker, startWorker } from '../src/worker.js';

const REDIS_URL = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';
const TRICKY = join(process.cwd(), '..', '..', '..', 'shared', 'data', 'feeds', 'tricky');
const files = readdirSync(TRICKY).sort();
const prefix = `tidings-test:${randomUUID()}:`;
let server: Server;
let base: string;
let dir: string;
const redis = createRedis({ url: REDIS_URL });
const sources = new SourceStore(redis, prefix);
let index: EmbeddedArticleIndex;
let fetcher: Fetcher;
let worker: RunningWorker;

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    const name = decodeURIComponent((req.url ?? '/').slice(1));
    if (!files.includes(name)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/xml' }).end(readFileSync(join(TRICKY, name)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  dir = await mkdtemp(join(tmpdir(), 'tidings-tricky-'));
  index = new EmbeddedArticleIndex({ file: join(dir, 'articles.sqlite') });
  fetcher = new Fetcher({
    timeoutMs: 5_000,
    maxBytes: 10 * 1024 * 1024,
    userAgent: 'TidingsTest/1',
    allowPrivateNetworks: true,
  });
  for (const [i, file] of files.entries()) {
    await sources.add(toSettings({ feedUrl: `${base}/${encodeURIComponent(file)}`, id: `tricky-${i}`, every: '7d' }));
  }
  worker = await startWorker({
    redisUrl: REDIS_URL,
    prefix,
    index,
    sources,
    fetcher,
    catalog: loadCatalog(),
    concurrency: 4,
    retentionDays: 100_000,
    syncEveryMs: 0,
    perHost: 4,
  });
});

afterAll(async () => {
  await worker.close();
  await fetcher.close();
  await index.close();
  const stale = await redis.keys(`${prefix}*`);
  if (stale.length) await redis.del(...stale);
  redis.disconnect();
  server.close();
  await rm(dir, { recursive: true, force: true });
});

async function settled(expected: number): Promise<void> {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const [done, failed] = await Promise.all([
      worker.fetchQueue.getCompletedCount(),
      worker.fetchQueue.getFailedCount(),
    ]);
    if (done + failed >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the worker did not finish the corpus within a minute');
}

async function ingestAgain(round: number): Promise<void> {
  await worker.fetchQueue.clean(0, 10_000, 'completed');
  await worker.fetchQueue.clean(0, 10_000, 'failed');
  await worker.fetchQueue.addBulk(
    files.map((_, i) => ({
      name: 'manual',
      data: { sourceId: `tricky-${i}`, manual: true },
      opts: { jobId: `r${round}-${i}`, attempts: 1 },
    })),
  );
  await settled(files.length);
}

describe('the tricky corpus through the worker', () => {
  it('leaves every source fetched or failing with a clear one-line error', async () => {
    await settled(files.length);
    const all = await sources.list();
    expect(all).toHaveLength(files.length);
    for (const source of all) {
      if (source.lastSuccessAt) continue;
      expect(source.lastError, source.feedUrl).toMatch(/\S/);
      expect(source.lastError!.includes('\n'), source.feedUrl).toBe(false);
      expect(source.lastError!.length, source.feedUrl).toBeLessThan(300);
    }
    expect(all.filter((s) => s.lastSuccessAt).length).toBeGreaterThan(files.length * 0.8);
  }, 90_000);

  it('keeps its memory flat over repeated runs of the whole corpus', async () => {
    await ingestAgain(1);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let round = 2; round <= 4; round++) await ingestAgain(round);
    gc();
    const growth = (process.memoryUsage().heapUsed - before) / 2 ** 20;
    expect(growth).toBeLessThan(20);
  }, 180_000);
});
