/**
 * Queries run on the index's threads, never on the event loop that answers HTTP: while one expensive
 * query runs, health checks and cheap queries are answered at once; one past its budget is a 503.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ThreadedArticleIndex } from '@tidings/index/threaded';
import { article, buildTestApp, type TestApp } from './helper.js';

describe('queries on the index threads', () => {
  let t: TestApp;
  let index: ThreadedArticleIndex;
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tidings-threads-'));
    const file = join(dir, 'articles.sqlite');
    index = new ThreadedArticleIndex({
      file,
      warm: true,
      readers: 2,
      queryBudgetMs: 1_500,
      stallOn: { word: 'expensive', ms: 1_000 },
    });
    await index.init();
    await index.upsert(Array.from({ length: 50 }, (_, i) => article({ headline: `Story ${i} about rates` })));
    t = await buildTestApp({ index });
    // Every thread has answered before (as in a running API): first calls compile code.
    for (let i = 0; i < 20; i++)
      await Promise.all([t.get('/healthz'), t.get(`/api/v2/feed/?apiKey=${t.key}&pageSize=5`)]);
    // Starting the threads took more than the hooks' default 10 s once, on a machine busy with other suites.
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await index.close();
    await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  });

  const timed = async (path: string) => {
    const started = performance.now();
    const res = await t.get(path);
    return { res, ms: performance.now() - started };
  };

  it('answers /healthz and a cheap query within 50 ms while an expensive query runs', async () => {
    const expensive = timed(`/api/v2/feed/?apiKey=${t.key}&searchTerms=expensive`);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the expensive query holds its thread now
    const health = await timed('/healthz');
    const cheap = await timed(`/api/v2/feed/?apiKey=${t.key}&pageSize=5`);
    expect(health.res.statusCode).toBe(200);
    expect(health.ms).toBeLessThan(50);
    expect(cheap.res.statusCode).toBe(200);
    expect(cheap.res.json().meta.totalResults).toBe(50);
    expect(cheap.ms).toBeLessThan(50);
    const slow = await expensive;
    expect(slow.res.statusCode).toBe(200);
    expect(slow.ms).toBeGreaterThan(900);
  });

  it('sends no query to wait behind an expensive one while another thread is free', async () => {
    const expensive = timed(`/api/v2/feed/?apiKey=${t.key}&searchTerms=expensive`);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the expensive query holds its thread now
    // Twenty at once: each goes to the free thread (or waits for it), none behind the expensive query.
    const cheap = await Promise.all(
      Array.from({ length: 20 }, (_, i) => timed(`/api/v2/feed/?apiKey=${t.key}&pageSize=${1 + i}`)),
    );
    for (const { res } of cheap) expect(res.statusCode).toBe(200);
    expect(Math.max(...cheap.map((c) => c.ms))).toBeLessThan(500);
    expect((await expensive).ms).toBeGreaterThan(900);
  });

  it('answers a query past its time budget with 503 serviceUnavailable and Retry-After', async () => {
    const stalled = new ThreadedArticleIndex({
      file: join(dir, 'articles.sqlite'),
      warm: true,
      queryBudgetMs: 200,
      stallOn: { word: 'expensive', ms: 600 },
    });
    await stalled.init();
    const app = await buildTestApp({ index: stalled });
    try {
      const res = await app.get(`/api/v2/feed/?apiKey=${app.key}&searchTerms=expensive`);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toBe('2');
      expect(res.json()).toMatchObject({ status: 503, code: 'serviceUnavailable' });
      expect(res.body).not.toContain(app.key);
      // The thread finishes the slow query and goes on answering.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect((await app.get(`/api/v2/feed/?apiKey=${app.key}`)).statusCode).toBe(200);
    } finally {
      await app.close();
      await stalled.close();
    }
  });
});
