/**
 * Every file of the tricky corpus through the running worker: each source ends either fetched or
 * failing with a one-line error; the worker neither crashes nor hangs, and its memory stays flat
 * when the corpus is ingested again and again.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSettings } from '@tidings/store/sources';
import { startHarness, type WorkerHarness } from './harness.js';

const TRICKY = join(process.cwd(), '..', '..', '..', 'shared', 'data', 'feeds', 'tricky');
const files = readdirSync(TRICKY).sort();
let server: Server;
let base: string;
let harness: WorkerHarness;

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
  harness = await startHarness({ concurrency: 4, perHost: 4 });
  for (const [i, file] of files.entries()) {
    await harness.sources.add(
      toSettings({ feedUrl: `${base}/${encodeURIComponent(file)}`, id: `tricky-${i}`, every: '7d' }),
    );
  }
});

afterAll(async () => {
  await harness.stop();
  server.close();
});

async function settled(expected: number): Promise<void> {
  const end = Date.now() + 60_000;
  while (Date.now() < end) {
    const [done, failed] = await Promise.all([
      harness.worker.fetchQueue.getCompletedCount(),
      harness.worker.fetchQueue.getFailedCount(),
    ]);
    if (done + failed >= expected) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the worker did not finish the corpus within a minute');
}

async function ingestAgain(round: number): Promise<void> {
  await harness.worker.fetchQueue.clean(0, 10_000, 'completed');
  await harness.worker.fetchQueue.clean(0, 10_000, 'failed');
  await harness.worker.fetchQueue.addBulk(
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
    await ingestAgain(0);
    const all = await harness.sources.list();
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
