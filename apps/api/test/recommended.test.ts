import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RankedArticle } from '@tidings/core/article';
import { article, buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
let ids: string[];
let now = new Date('2026-11-22T10:00:00Z');
const q = (query = '') => `/api/v2/feed-recommended/?apiKey=${t.key}${query ? `&${query}` : ''}`;

beforeEach(async () => {
  now = new Date('2026-11-22T10:00:00Z');
  t = await buildTestApp({ now: () => now });
  const arts = [
    article({ headline: 'one', type: 'article' }),
    article({ headline: 'two', type: 'video' }),
    article({ headline: 'three', type: 'article' }),
  ];
  await t.index.upsert(arts);
  ids = arts.map((a) => a.id);
});
afterEach(async () => t.close());

describe('GET /api/v2/feed-recommended/', () => {
  it("serves today's selection in editorial order with ranks, date and updatedAt", async () => {
    await t.selections.set('2026-11-22', [ids[2]!, ids[0]!, ids[1]!]);
    const res = await t.get(q());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.articles.map((a: RankedArticle) => [a.headline, a.rank])).toEqual([
      ['three', 1],
      ['one', 2],
      ['two', 3],
    ]);
    expect(body.meta).toMatchObject({ date: '2026-11-22', count: 3, totalResults: 3, hasMore: false });
    expect(body.meta.updatedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('keeps editorial ranks when filters hide articles', async () => {
    await t.selections.set('2026-11-22', ids);
    const body = (await t.get(q('articleTypes=article'))).json();
    expect(body.articles.map((a: RankedArticle) => [a.headline, a.rank])).toEqual([
      ['one', 1],
      ['three', 3],
    ]);
  });

  it('leaves out, rank kept, an article of the selection that has left the index', async () => {
    await t.selections.set('2026-11-22', ids);
    await t.index.remove([ids[0]!]);
    const body = (await t.get(q())).json();
    expect(body.articles.map((a: RankedArticle) => [a.headline, a.rank])).toEqual([
      ['two', 2],
      ['three', 3],
    ]);
    expect(body.meta).toMatchObject({ count: 2, totalResults: 2, hasMore: false });
  });

  it('falls back to the latest earlier day, never to a future one', async () => {
    await t.selections.set('2026-11-20', [ids[0]!]);
    await t.selections.set('2026-11-25', [ids[1]!]);
    const body = (await t.get(q())).json();
    expect(body.meta.date).toBe('2026-11-20');
    expect(body.articles.map((a: RankedArticle) => a.headline)).toEqual(['one']);
  });

  it('serves an asked-for date exactly', async () => {
    await t.selections.set('2026-11-20', [ids[0]!]);
    await t.selections.set('2026-11-25', [ids[1]!]);
    expect((await t.get(q('date=2026-11-25'))).json().articles.map((a: RankedArticle) => a.headline)).toEqual(['two']);
    const empty = (await t.get(q('date=2026-11-21'))).json();
    expect(empty.articles).toEqual([]);
    expect(empty.meta.date).toBe('2026-11-21');
  });

  it('answers 200 with no articles when there is no selection at all', async () => {
    const res = await t.get(q());
    expect(res.statusCode).toBe(200);
    expect(res.json().articles).toEqual([]);
    expect(res.json().meta).toMatchObject({ date: '2026-11-22', updatedAt: null, totalResults: 0 });
  });

  it("reads 'today' in the editorial time zone", async () => {
    await t.close();
    now = new Date('2026-11-22T23:30:00Z');
    t = await buildTestApp({ now: () => now, editorialTimeZone: 'Asia/Tokyo' });
    await t.index.upsert([article({ headline: 'tokyo', url: 'https://jp.example.com/a' })]);
    const tokyoId = (await t.index.query({ filters: (await import('@tidings/core/query')).NO_FILTERS, limit: 1 }))
      .articles[0]!.id;
    await t.selections.set('2026-11-23', [tokyoId]);
    expect((await t.get(q())).json().meta.date).toBe('2026-11-23');
  });

  it('pages a selection by page and by cursor', async () => {
    await t.selections.set('2026-11-22', ids);
    const p1 = (await t.get(q('pageSize=2'))).json();
    expect(p1.articles.map((a: RankedArticle) => a.rank)).toEqual([1, 2]);
    expect(p1.meta.hasMore).toBe(true);
    const p2 = (await t.get(q(`pageSize=2&cursor=${encodeURIComponent(p1.meta.nextCursor)}`))).json();
    expect(p2.articles.map((a: RankedArticle) => a.rank)).toEqual([3]);
    expect(p2.meta.hasMore).toBe(false);
  });

  it('rejects a malformed date', async () => {
    const res = await t.get(q('date=2026-13-01'));
    expect(res.statusCode).toBe(400);
    expect(res.json().invalidParams[0].name).toBe('date');
  });
});
