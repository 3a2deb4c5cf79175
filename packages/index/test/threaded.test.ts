import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// The built module: its thread loads the compiled host script next to it.
import { ThreadedArticleIndex } from '@tidings/index/threaded';
import { IndexUnavailableError } from '@tidings/index/port';
import { encodeArticles } from '@tidings/core/article';
import { NO_FILTERS } from '@tidings/core/query';
import { describeArticleIndexContract } from './contract-suite.js';
import { makeArticle } from './fixtures.js';

describeArticleIndexContract('embedded on its own thread', async () => new ThreadedArticleIndex({ file: ':memory:' }));

describe('ThreadedArticleIndex', () => {
  let index: ThreadedArticleIndex | null = null;
  afterEach(async () => {
    await index?.close();
    index = null;
  });

  it('keeps the order of calls and answers after close with IndexUnavailableError', async () => {
    index = new ThreadedArticleIndex({ file: ':memory:' });
    await index.init();
    const a = makeArticle({ headline: 'first' });
    const written = index.upsert([a]);
    const read = index.getByIds([a.id]);
    await written;
    expect((await read).map((x) => x.headline)).toEqual(['first']);
    expect(await index.sourceCounts()).toEqual(new Map([[a.source.id, 1]]));
    await index.close();
    await expect(index.stats()).rejects.toBeInstanceOf(IndexUnavailableError);
    index = null;
  });

  it('answers the reads it has accepted before it closes (a shutdown under load fails none of them)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tidings-threads-'));
    try {
      const file = join(dir, 'articles.sqlite');
      const writer = new ThreadedArticleIndex({ file });
      await writer.init();
      await writer.upsert(Array.from({ length: 50 }, (_, i) => makeArticle({ headline: `story ${i}` })));
      await writer.close();
      index = new ThreadedArticleIndex({ file, readers: 2, warm: true, queryBudgetMs: 5_000 });
      await index.init();
      const filters = (await import('@tidings/core/query')).NO_FILTERS;
      // More reads than the threads hold at once: some are still waiting for a thread when close begins.
      const reads = Array.from({ length: 60 }, () => index!.query({ filters, limit: 10 }));
      const closing = index.close();
      // Refused at once (checked now, awaited below).
      const late = expect(index.query({ filters, limit: 10 })).rejects.toBeInstanceOf(IndexUnavailableError);
      const settled = await Promise.allSettled(reads);
      expect(settled.filter((r) => r.status === 'rejected')).toEqual([]);
      await late;
      await closing;
      index = null;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('prints a page on its thread when asked', async () => {
    const articleSchema = {
      type: 'object',
      properties: { id: { type: 'string' }, headline: { type: 'string' } },
      required: ['id', 'headline'],
    };
    index = new ThreadedArticleIndex({ file: ':memory:', articleSchema });
    const articles = Array.from({ length: 30 }, (_, i) =>
      makeArticle({ url: `https://x.org/${i}`, headline: `Ünïcode headline ${i} — “quoted”` }),
    );
    await index.upsert(articles);
    const plain = await index.query({ filters: NO_FILTERS, limit: 20 });
    const printed = await index.query({ filters: NO_FILTERS, limit: 20, json: true });
    expect(printed.articles).toEqual([]);
    expect(printed.json!.count).toBe(20);
    const parsed = JSON.parse(
      Buffer.from(printed.json!.bytes).toString('utf8', printed.json!.start, printed.json!.end),
    ) as { id: string; headline: string }[];
    expect(parsed).toEqual(plain.articles.map((a) => ({ id: a.id, headline: a.headline })));
    const last = plain.articles.at(-1)!;
    expect(printed.json!.last).toEqual({ key: Date.parse(last.publishedAt), id: last.id });
    expect({ ...printed, articles: undefined, json: undefined }).toEqual({ ...plain, articles: undefined });
  });

  it('merges fetches posted together in one commit, in order, and fails only a bad one', async () => {
    index = new ThreadedArticleIndex({ file: ':memory:' });
    await index.init();
    const a = makeArticle({ headline: 'mine' });
    const theirs = { ...a, headline: 'theirs', source: { ...a.source, id: 'other' } };
    const fetched = (sourceId: string, articles: Uint8Array) => index!.ingest({ sourceId, articles, hostFlags: {} });
    const results = await Promise.allSettled([
      fetched('example', encodeArticles([a])),
      fetched('broken', new TextEncoder().encode('[{"id":')),
      fetched('other', encodeArticles([theirs])),
    ]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual([
      { created: 1, updated: 0 },
      'failed',
      { created: 0, updated: 0 },
    ]);
    expect((await index.getByIds([a.id])).map((x) => x.headline)).toEqual(['mine']);
  });

  it('opens a new file from several threads at once (one makes the schema, the others wait)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tidings-threads-'));
    try {
      for (let round = 0; round < 5; round++) {
        index = new ThreadedArticleIndex({ file: join(dir, `articles-${round}.sqlite`), readers: 4, warm: true });
        await index.init();
        expect((await index.stats()).articles).toBe(0);
        await index.close();
        index = null;
      }
    } finally {
      await rm(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    }
    // 20 threads started in all: more than vitest's 5 s on a slow host.
  }, 30_000);

  it('reports why its thread could not open the index', async () => {
    index = new ThreadedArticleIndex({ file: '/dev/null/not-a-dir/articles.sqlite' });
    await expect(index.init()).rejects.toThrow(/index thread stopped: .*ENOTDIR/);
    await expect(index.stats()).rejects.toThrow(/ENOTDIR/);
    await index.close();
    index = null;
  });

  it('says once when a thread stops after start, and not when it is closed', async () => {
    const stopped: string[] = [];
    index = new ThreadedArticleIndex({ file: ':memory:', onStopped: (failure) => stopped.push(failure.message) });
    await index.init();
    // A thread that dies (out of memory, a fault): stopped here from outside, as nothing inside can be made to.
    await (
      index as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }
    ).threads[0]!.worker.terminate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toEqual(['index thread stopped: exit code 1']);
    await expect(index.stats()).rejects.toThrow('index thread stopped');
    await index.close();
    index = null;
    const closing = new ThreadedArticleIndex({
      file: ':memory:',
      onStopped: (failure) => stopped.push(failure.message),
    });
    await closing.init();
    await closing.close();
    expect(stopped).toHaveLength(1);
  });
});
