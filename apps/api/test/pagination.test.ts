import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Article } from '@tidings/core/article';
import { article, buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
const q = (query: string) => `/api/v2/feed/?apiKey=${t.key}&${query}`;
const minute = (i: number) => new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString().replace('.000Z', 'Z');

beforeEach(async () => {
  t = await buildTestApp();
  await t.index.upsert(
    Array.from({ length: 45 }, (_, i) =>
      article({ headline: `n${i}`, publishedAt: minute(i), type: i % 3 ? 'article' : 'video' }),
    ),
  );
});
afterEach(async () => t.close());

describe('pagination', () => {
  it('pages by page number with the total on every page', async () => {
    const p1 = (await t.get(q('pageSize=20'))).json();
    expect(p1.meta).toMatchObject({ count: 20, page: 1, totalResults: 45, hasMore: true });
    expect(p1.links.next).toBe('/api/v2/feed/?pageSize=20&page=2');
    const p3 = (await t.get(q('pageSize=20&page=3'))).json();
    expect(p3.articles.map((a: Article) => a.headline)).toEqual(['n4', 'n3', 'n2', 'n1', 'n0']);
    expect(p3.meta).toMatchObject({ count: 5, page: 3, totalResults: 45, hasMore: false, nextCursor: null });
    expect(p3.links.next).toBeNull();
    const p4 = (await t.get(q('pageSize=20&page=4'))).json();
    expect(p4.articles).toEqual([]);
  });

  it('pages by cursor without gaps or repeats while new articles arrive', async () => {
    const seen: string[] = [];
    let res = (await t.get(q('pageSize=10'))).json();
    seen.push(...res.articles.map((a: Article) => a.headline));
    // New articles published after the first page was served.
    await t.index.upsert([
      article({ headline: 'fresh-1', publishedAt: minute(100) }),
      article({ headline: 'fresh-2', publishedAt: minute(101) }),
    ]);
    expect(res.links.next).toBe('/api/v2/feed/?pageSize=10&page=2');
    while (res.meta.nextCursor) {
      res = (await t.get(q(`pageSize=10&cursor=${encodeURIComponent(res.meta.nextCursor)}`))).json();
      expect(res.meta.page).toBeNull();
      expect(res.meta.totalResults).toBe(47);
      seen.push(...res.articles.map((a: Article) => a.headline));
      if (res.meta.hasMore) expect(res.links.next).toContain('cursor=');
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `n${44 - i}`));
    expect(res.meta.hasMore).toBe(false);
  });

  it('follows links.next verbatim once the api key is added back', async () => {
    let res = (await t.get(q('pageSize=20&articleTypes=video'))).json();
    const all = [...res.articles];
    while (res.links.next) {
      res = (await t.get(`${res.links.next}&apiKey=${t.key}`)).json();
      all.push(...res.articles);
    }
    expect(all).toHaveLength(15);
  });

  it('binds a cursor to its filters but not to parameter order', async () => {
    const first = (await t.get(q('pageSize=5&articleTypes=article,video&includePaywalled=1'))).json();
    const cursor = encodeURIComponent(first.meta.nextCursor);
    const reordered = await t.get(q(`includePaywalled=1&articleTypes=video,article&cursor=${cursor}&pageSize=5`));
    expect(reordered.statusCode).toBe(200);
    for (const changed of [
      'articleTypes=article',
      'articleTypes=article,video',
      'articleTypes=article,video&includePaywalled=1&searchTerms=x',
    ]) {
      const res = await t.get(q(`pageSize=5&${changed}&cursor=${cursor}`));
      if (changed === 'articleTypes=article,video') {
        // Dropping includePaywalled=1 (the default) is a change of parameters, but not of filters.
        expect(res.statusCode).toBe(200);
        continue;
      }
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('cursorInvalid');
    }
    const tampered = first.meta.nextCursor.slice(0, -2) + (first.meta.nextCursor.endsWith('A') ? 'BB' : 'AA');
    const res = await t.get(
      q(`pageSize=5&articleTypes=article,video&includePaywalled=1&cursor=${encodeURIComponent(tampered)}`),
    );
    expect(res.json().code).toBe('cursorInvalid');
  });
});
