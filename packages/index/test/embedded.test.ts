import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { childEnv } from '@tidings/config/config';
import { NO_FILTERS } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '../src/embedded.js';
import { EXACT_TOTAL_LIMIT } from '../src/port.js';
import { describeArticleIndexContract } from './contract-suite.js';
import { fetchOf, makeArticle, stormCopy } from './fixtures.js';

describeArticleIndexContract('embedded (SQLite)', async () => new EmbeddedArticleIndex({ file: ':memory:' }));

describe('EmbeddedArticleIndex', () => {
  // 10 005 articles written and grouped into stories: 3.9 s on this host at its best, over vitest's
  // default 5 s when the host is slow.
  it('counts exactly up to 10 000 and reports a lower bound beyond', { timeout: 30_000 }, async () => {
    const index = new EmbeddedArticleIndex({ file: ':memory:' });
    index.upsertSync(
      Array.from({ length: EXACT_TOTAL_LIMIT + 5 }, (_, i) => makeArticle({ url: `https://x.org/${i}` })),
    );
    const page = await index.query({ filters: NO_FILTERS, limit: 5 });
    expect(page).toMatchObject({ total: EXACT_TOTAL_LIMIT, totalExact: false, hasMore: true });
    await index.close();
  });
});

describe('EmbeddedArticleIndex grouping stories in a group commit', () => {
  it('puts copies that two outlets published at once into one story when their fetches are written together', async () => {
    const index = new EmbeddedArticleIndex({ file: ':memory:' });
    const [daily, tv, radio] = [stormCopy('daily'), stormCopy('tv'), stormCopy('radio')];
    // The index thread writes fetches that arrive together in one transaction, as here.
    index.writeSync([{ ingest: fetchOf(daily) }, { ingest: fetchOf(tv) }]);
    index.writeSync([{ upsert: [radio] }]);
    const stored = await index.getByIds([daily.id, tv.id, radio.id]);
    expect(stored.map((a) => a.story)).toEqual([
      { id: daily.id, size: 3 },
      { id: daily.id, size: 3 },
      { id: daily.id, size: 3 },
    ]);
    await index.close();
  });
});

/** A writing and a reading connection to one new file, as the worker's and the API's processes have. */
async function twoConnections(readerOptions: { articleSchema?: object } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'tidings-index-'));
  const file = join(dir, 'articles.sqlite');
  const writer = new EmbeddedArticleIndex({ file });
  const reader = new EmbeddedArticleIndex({ file, warm: true, ...readerOptions });
  await reader.init();
  const done = async () => {
    await writer.close();
    await reader.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { writer, reader, done };
}

/** A process that ingests `rounds` fetches of 20 new articles of its own into `file`; prints its failures. */
function writerProcess(file: string, name: string, rounds: number): Promise<string> {
  const module = new URL('../dist/embedded.js', import.meta.url).href;
  const script = `
    const { EmbeddedArticleIndex } = await import(${JSON.stringify(module)});
    const { encodeArticles } = await import('@tidings/core/article');
    const { articleIdFor } = await import('@tidings/core/url');
    const index = new EmbeddedArticleIndex({ file: ${JSON.stringify(file)} });
    await index.init();
    const article = (i, j) => {
      const url = 'https://${name}.example/' + i + '/' + j;
      return { id: articleIdFor(url), url, headline: 'Report ' + i + ' ' + j, introduction: 'Text ' + i,
        type: 'article', publishedAt: '2026-11-24T10:00:00Z', updatedAt: null, indexedAt: '2026-11-24T12:00:00Z',
        language: 'en', authors: [], imageUrl: null, topics: [], companies: [], paywalled: false,
        registrationRequired: false,
        source: { id: '${name}', name: '${name}', domain: '${name}.example', https: true, iframeable: true } };
    };
    let failures = 0;
    for (let i = 0; i < ${rounds}; i++) {
      const articles = encodeArticles(Array.from({ length: 20 }, (_, j) => article(i, j)));
      try { index.writeSync([{ ingest: { sourceId: '${name}', articles, hostFlags: {} } }]); } catch { failures++; }
    }
    await index.close();
    console.log(failures);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: childEnv({}),
      cwd: new URL('..', import.meta.url),
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(err))));
  });
}

describe('EmbeddedArticleIndex across processes', () => {
  it('lets two processes ingest into one file at once without failing a write', { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tidings-index-'));
    const file = join(dir, 'articles.sqlite');
    const index = new EmbeddedArticleIndex({ file });
    await index.init();
    try {
      // A worker and `tidings import` (or two workers): each write reads what is stored, then writes.
      const failures = await Promise.all([writerProcess(file, 'alpha', 150), writerProcess(file, 'beta', 150)]);
      expect(failures).toEqual(['0', '0']);
      expect((await index.query({ filters: NO_FILTERS, limit: 1 })).total).toBe(2 * 150 * 20);
    } finally {
      await index.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('groups a copy with one that another writing process (an import beside the worker) wrote meanwhile', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tidings-index-'));
    const file = join(dir, 'articles.sqlite');
    const worker = new EmbeddedArticleIndex({ file });
    const importer = new EmbeddedArticleIndex({ file });
    try {
      // The worker has been writing for a while: its stories' band keys are in its memory.
      await worker.upsert([makeArticle({ headline: 'Council approves the new bridge' })]);
      const [daily, tv, radio] = [stormCopy('daily'), stormCopy('tv'), stormCopy('radio')];
      await importer.upsert([daily]);
      await worker.upsert([tv]);
      await importer.upsert([radio]);
      const stored = await worker.getByIds([daily.id, tv.id, radio.id]);
      expect(stored.map((a) => a.story)).toEqual([
        { id: daily.id, size: 3 },
        { id: daily.id, size: 3 },
        { id: daily.id, size: 3 },
      ]);
    } finally {
      await worker.close();
      await importer.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('sees what another connection wrote, changed and removed', async () => {
    const { writer, reader, done } = await twoConnections();
    const a = makeArticle({
      headline: 'first',
      source: { id: 's', name: 'S', domain: 'example.com', https: null, iframeable: null },
    });
    const b = makeArticle({ headline: 'second', publishedAt: '2026-11-02T00:00:00Z' });
    await writer.upsert([a, b]);
    const titles = async (filters = NO_FILTERS) =>
      (await reader.query({ filters, limit: 10 })).articles.map((x) => x.headline);
    expect(await titles()).toEqual(['second', 'first']);
    await writer.upsert([{ ...a, headline: 'first, revised', publishedAt: '2026-11-03T00:00:00Z' }]);
    expect(await titles()).toEqual(['first, revised', 'second']);
    await writer.setHostFlags('example.com', { https: true });
    expect(await titles({ ...NO_FILTERS, excludeNonHttpsSources: true })).toEqual(['first, revised', 'second']);
    await writer.remove([b.id]);
    expect(await titles()).toEqual(['first, revised']);
    await done();
  });

  it('prints pages as the articles stand after its writes, though it keeps printed articles', async () => {
    const articleSchema = {
      type: 'object',
      properties: {
        id: { type: 'string' },
        headline: { type: 'string' },
        source: { type: 'object', properties: { https: { type: ['boolean', 'null'] } } },
        story: { type: 'object', properties: { id: { type: 'string' }, size: { type: 'integer' } } },
      },
    };
    const { writer, reader, done } = await twoConnections({ articleSchema });
    const source = { id: 's', name: 'S', domain: 'example.com', https: null, iframeable: null };
    const a = makeArticle({ headline: 'first', source });
    const b = makeArticle({ headline: 'second', source, publishedAt: '2026-11-02T00:00:00Z' });
    await writer.upsert([a, b]);
    const printed = async () => {
      const page = await reader.query({ filters: NO_FILTERS, limit: 10, json: true });
      const plain = await reader.query({ filters: NO_FILTERS, limit: 10 });
      const articles = JSON.parse(Buffer.from(page.json!.bytes).toString('utf8', page.json!.start, page.json!.end)) as {
        headline: string;
        source: { https: boolean | null };
      }[];
      // The same articles, facts and all, as the index's own answer.
      expect(articles).toEqual(
        plain.articles.map((x) => ({
          id: x.id,
          headline: x.headline,
          source: { https: x.source.https },
          story: x.story,
        })),
      );
      expect(page.json!.count).toBe(articles.length);
      return articles.map((x) => `${x.headline} ${x.source.https}`);
    };
    expect(await printed()).toEqual(['second null', 'first null']);
    expect(await printed()).toEqual(['second null', 'first null']);
    await writer.setHostFlags('example.com', { https: true });
    expect(await printed()).toEqual(['second true', 'first true']);
    await writer.upsert([{ ...b, headline: 'second, revised', source: { ...source, https: true } }]);
    expect(await printed()).toEqual(['second, revised true', 'first true']);
    await writer.remove([a.id]);
    expect(await printed()).toEqual(['second, revised true']);

    // A story's size changes for its articles without their rows being written.
    const intro =
      'Heavy rain caused the river Elbe to burst its banks on Tuesday, flooding the old town of Dresden and forcing 3,000 residents from their homes.';
    const wire = (outlet: string, hour: number) =>
      makeArticle({
        url: `https://www.${outlet}.example/world/floods-dresden`,
        headline: 'Floods force 3,000 from homes in Dresden',
        introduction: intro,
        publishedAt: `2026-11-10T0${hour}:00:00Z`,
        source: { id: outlet, name: outlet, domain: `${outlet}.example`, https: true, iframeable: true },
      });
    const sizes = async () => {
      const page = await reader.query({
        filters: { ...NO_FILTERS, includeSources: ['alpha', 'beta', 'gamma'] },
        limit: 10,
        json: true,
      });
      return (
        JSON.parse(Buffer.from(page.json!.bytes).toString('utf8', page.json!.start, page.json!.end)) as {
          story: { size: number };
        }[]
      ).map((x) => x.story.size);
    };
    await writer.upsert([wire('alpha', 1)]);
    await writer.upsert([wire('beta', 2)]);
    // Printed twice: kept (an article is kept the second time a page shows it).
    expect(await sizes()).toEqual([2, 2]);
    expect(await sizes()).toEqual([2, 2]);
    await writer.upsert([wire('gamma', 3)]);
    expect(await sizes()).toEqual([3, 3, 3]);
    await done();
  });
});

describe('EmbeddedArticleIndex catching up while idle', () => {
  it("applies another connection's writes before the next read asks, which then applies nothing", async () => {
    const { writer, reader, done } = await twoConnections();
    const engine = (reader as unknown as { hot: { apply(...args: unknown[]): void } }).hot;
    const apply = vi.spyOn(engine, 'apply');
    reader.catchUp();
    expect(apply).not.toHaveBeenCalled(); // nothing written: a look at the data version only
    await writer.upsert(Array.from({ length: 50 }, (_, i) => makeArticle({ url: `https://x.org/burst/${i}` })));
    reader.catchUp();
    expect(apply).toHaveBeenCalledTimes(1);
    const page = await reader.query({ filters: NO_FILTERS, limit: 5 });
    expect(page.total).toBe(50);
    expect(apply).toHaveBeenCalledTimes(1);
    await done();
    reader.catchUp(); // closed: does nothing
  });
});

describe('EmbeddedArticleIndex paging past the exact-total limit', () => {
  it('keeps cursor pages exact and ordered beyond 10 000 matches', { timeout: 30_000 }, async () => {
    const index = new EmbeddedArticleIndex({ file: ':memory:' });
    const n = EXACT_TOTAL_LIMIT + 50;
    index.upsertSync(
      Array.from({ length: n }, (_, i) =>
        makeArticle({
          url: `https://x.org/${i}`,
          headline: `h${i}`,
          publishedAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
        }),
      ),
    );
    const all = (i: number) => `h${n - 1 - i}`; // newest first
    const at = await index.query({ filters: NO_FILTERS, limit: 1, offset: 10_019 });
    const last = at.articles[0]!;
    expect(last.headline).toBe(all(10_019));
    const page = await index.query({
      filters: NO_FILTERS,
      limit: 20,
      after: { key: Date.parse(last.publishedAt), id: last.id },
    });
    expect(page.articles.map((x) => x.headline)).toEqual(Array.from({ length: 20 }, (_, i) => all(10_020 + i)));
    expect(page).toMatchObject({ total: EXACT_TOTAL_LIMIT, totalExact: false, hasMore: true });
    const end = await index.query({
      filters: NO_FILTERS,
      limit: 20,
      after: { key: Date.parse(page.articles[19]!.publishedAt), id: page.articles[19]!.id },
    });
    expect(end.articles).toHaveLength(10);
    expect(end.hasMore).toBe(false);
    await index.close();
  });
});
