/**
 * Stories (§1.7), facets (§1.8), the sources endpoint (§2.2) and the languages, includeSources and
 * collapseStories filters (§1.2), through the real app.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@tidings/core/article';
import { toSettings } from '@tidings/store/sources';
import { article, buildTestApp, type TestApp } from './helper.js';

const INTRO =
  'Heavy rain caused the river Elbe to burst its banks on Tuesday, flooding the old town of Dresden and forcing 3,000 residents from their homes.';

function outlet(id: string, overrides: Partial<Article>): Article {
  return article({
    url: `https://www.${id}.example/world/${overrides.headline?.length ?? 0}-${Math.random().toString(36).slice(2)}`,
    source: { id, name: `${id} News`, domain: `${id}.example`, https: true, iframeable: true },
    ...overrides,
  });
}

describe('stories, facets, sources and the discovery filters', () => {
  let t: TestApp;
  let wire: Article[];
  let other: Article[];

  beforeAll(async () => {
    t = await buildTestApp();
    // A wire story republished by three outlets (suffixes, a dateline, a changed dash), in that order.
    wire = [
      outlet('alpha', {
        headline: 'Floods force 3,000 from homes in Dresden',
        introduction: INTRO,
        publishedAt: '2026-11-10T08:00:00Z',
      }),
      outlet('beta', {
        headline: 'Floods force 3,000 from homes in Dresden | Beta',
        introduction: `DRESDEN (AP) — ${INTRO}`,
        publishedAt: '2026-11-10T09:30:00Z',
        language: 'de',
      }),
      outlet('gamma', {
        headline: 'Floods Force 3,000 From Homes In Dresden - Gamma',
        introduction: INTRO.replace(', flooding', ' — flooding'),
        publishedAt: '2026-11-11T06:00:00Z',
      }),
    ];
    other = [
      outlet('alpha', {
        headline: 'Central bank holds rates',
        introduction: 'The central bank left its main rate unchanged on Thursday, citing slowing inflation.',
        publishedAt: '2026-11-12T10:00:00Z',
        topics: [{ id: 20000350, name: 'monetary policy' }],
        language: null,
      }),
      outlet('delta', {
        headline: 'Dresden museum reopens',
        introduction: 'The Zwinger palace reopened on Tuesday after three years of work on its roof and galleries.',
        publishedAt: '2026-11-12T11:00:00Z',
        topics: [{ id: 1000000, name: 'arts, culture, entertainment and media' }],
        language: 'fr',
      }),
    ];
    for (const a of [...wire, ...other]) await t.index.upsert([a]);
    for (const [id, language] of [
      ['alpha', 'en'],
      ['beta', 'de'],
      ['gamma', 'en'],
      ['delta', 'fr'],
      ['gone', 'en'],
    ] as const) {
      await t.sources.add(
        toSettings({
          feedUrl: `https://www.${id}.example/rss.xml`,
          id,
          name: `${id} News`,
          language,
          topics: [4000000],
        }),
      );
    }
    await t.sources.setState('gone', 'removed');
    await t.probes.set({
      domain: 'alpha.example',
      https: true,
      iframeable: false,
      httpsDetail: 'ok',
      probedAt: '2026-11-12T00:00:00Z',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (path: string) => {
    const res = await t.get(`${path}${path.includes('?') ? '&' : '?'}apiKey=${t.key}`);
    return { res, body: res.json() };
  };

  it('gives every article its story: the first indexed article of it, and its size now', async () => {
    const { body } = await get('/api/v2/feed/');
    const byId = new Map((body.articles as Article[]).map((a) => [a.id, a.story]));
    for (const a of wire) expect(byId.get(a.id)).toEqual({ id: wire[0]!.id, size: 3 });
    for (const a of other) expect(byId.get(a.id)).toEqual({ id: a.id, size: 1 });
  });

  it('collapses stories to their earliest article, counting stories, with pages and cursors', async () => {
    const { body } = await get('/api/v2/feed/?collapseStories=1');
    expect(body.articles.map((a: Article) => a.id)).toEqual([other[1]!.id, other[0]!.id, wire[0]!.id]);
    expect(body.meta.totalResults).toBe(3);
    const first = await get('/api/v2/feed/?collapseStories=1&pageSize=2');
    expect(first.body.meta).toMatchObject({ count: 2, hasMore: true, totalResults: 3 });
    const next = await get(
      `/api/v2/feed/?collapseStories=1&pageSize=2&cursor=${encodeURIComponent(first.body.meta.nextCursor)}`,
    );
    expect(next.body.articles.map((a: Article) => a.id)).toEqual([wire[0]!.id]);
    expect(next.body.meta).toMatchObject({ totalResults: 3, hasMore: false });
    // A cursor of the uncollapsed feed is not one of the collapsed feed.
    const plain = await get('/api/v2/feed/?pageSize=2');
    const mixed = await get(
      `/api/v2/feed/?collapseStories=1&pageSize=2&cursor=${encodeURIComponent(plain.body.meta.nextCursor)}`,
    );
    expect(mixed.res.statusCode).toBe(400);
    expect(mixed.body.code).toBe('cursorInvalid');
  });

  it("lists a story's articles newest first with filters and paging; an unknown story is 404", async () => {
    const story = `/api/v2/stories/${wire[0]!.id}/`;
    const { body } = await get(story);
    expect(body.articles.map((a: Article) => a.id)).toEqual([wire[2]!.id, wire[1]!.id, wire[0]!.id]);
    expect(body.meta).toMatchObject({ totalResults: 3, totalResultsExact: true });
    expect(body.links.self).toBe(story);
    const filtered = await get(`${story}?languages=de`);
    expect(filtered.body.articles.map((a: Article) => a.id)).toEqual([wire[1]!.id]);
    const paged = await get(`${story}?pageSize=2`);
    const rest = await get(`${story}?pageSize=2&cursor=${encodeURIComponent(paged.body.meta.nextCursor)}`);
    expect(rest.body.articles.map((a: Article) => a.id)).toEqual([wire[0]!.id]);
    // A cursor is bound to its story.
    const elsewhere = await get(
      `/api/v2/stories/${other[0]!.id}?pageSize=2&cursor=${encodeURIComponent(paged.body.meta.nextCursor)}`,
    );
    expect(elsewhere.body.code).toBe('cursorInvalid');
    const collapsed = await get(`${story}?collapseStories=1`);
    expect(collapsed.body.articles.map((a: Article) => a.id)).toEqual([wire[0]!.id]);
    const missing = await get(`/api/v2/stories/${'0'.repeat(32)}/`);
    expect(missing.res.statusCode).toBe(404);
    expect(missing.res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(missing.body.code).toBe('notFound');
    const post = await t.app.inject({ method: 'POST', url: `${story}?apiKey=${t.key}` });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('filters by languages and source ids, warning about unknown source ids', async () => {
    const de = await get('/api/v2/feed/?languages=DE');
    expect(de.body.articles.map((a: Article) => a.id)).toEqual([wire[1]!.id]);
    const sources = await get('/api/v2/feed/?includeSources=delta,nowhere');
    expect(sources.body.articles.map((a: Article) => a.id)).toEqual([other[1]!.id]);
    expect(sources.body.meta.warnings).toEqual(['includeSources: unknown source id(s) nowhere match nothing']);
    // A source id that only the index knows (an import named it; or the source was removed, not purged):
    // its articles match, and were said to match nothing.
    const archived = outlet('archive', { headline: 'From the archive', publishedAt: '2026-11-01T08:00:00Z' });
    await t.index.upsert([archived]);
    const kept = await get('/api/v2/feed/?includeSources=archive,nowhere');
    expect(kept.body.articles.map((a: Article) => a.id)).toEqual([archived.id]);
    expect(kept.body.meta.warnings).toEqual(['includeSources: unknown source id(s) nowhere match nothing']);
    await t.index.remove([archived.id]);
    const bad = await get('/api/v2/feed/?languages=english&includeSources=Not%20A%20Slug');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.body.invalidParams.map((p: { name: string }) => p.name)).toEqual(['languages', 'includeSources']);
  });

  it('counts matching articles by facet, exactly, largest first, topics under their ancestors', async () => {
    const { res, body } = await get('/api/v2/facets/');
    expect(res.statusCode).toBe(200);
    expect(body.meta).toEqual({ totalResults: 5, totalResultsExact: true, warnings: [] });
    expect(body.facets.types).toEqual([{ value: 'article', count: 5 }]);
    expect(body.facets.sources).toEqual([
      { id: 'alpha', name: 'alpha News', count: 2 },
      { id: 'beta', name: 'beta News', count: 1 },
      { id: 'delta', name: 'delta News', count: 1 },
      { id: 'gamma', name: 'gamma News', count: 1 },
    ]);
    expect(body.facets.languages).toEqual([
      { value: 'en', count: 2 },
      { value: 'de', count: 1 },
      { value: 'fr', count: 1 },
    ]);
    expect(body.facets.days).toEqual([
      { value: '2026-11-12', count: 2 },
      { value: '2026-11-11', count: 1 },
      { value: '2026-11-10', count: 2 },
    ]);
    // monetary policy (20000350) counts under its ancestors up to economy, business and finance.
    const topics = new Map(body.facets.topics.map((x: { id: number; count: number }) => [x.id, x.count]));
    expect(topics.get(20000350)).toBe(1);
    expect(topics.get(4000000)).toBe(1);
    expect(topics.get(1000000)).toBe(1);
    const some = await get('/api/v2/facets/?facets=sources,days&facetSize=1&collapseStories=1');
    expect(Object.keys(some.body.facets)).toEqual(['sources', 'days']);
    expect(some.body.facets.sources).toEqual([{ id: 'alpha', name: 'alpha News', count: 2 }]);
    expect(some.body.facets.days).toEqual([{ value: '2026-11-12', count: 2 }]);
    expect(some.body.meta.totalResults).toBe(3);
    const bad = await get('/api/v2/facets/?facets=colours&facetSize=0&page=2');
    expect(bad.res.statusCode).toBe(400);
    expect(bad.body.invalidParams.map((p: { name: string; code: string }) => [p.name, p.code])).toEqual([
      ['page', 'parameterUnknown'],
      ['facets', 'parameterInvalid'],
      ['facetSize', 'parameterInvalid'],
    ]);
  });

  it('lists the sources that are not removed, by id, paged, without operational details', async () => {
    const { body } = await get('/api/v2/sources/?pageSize=2');
    expect(body.sources).toEqual([
      {
        id: 'alpha',
        name: 'alpha News',
        domain: 'alpha.example',
        homepage: 'https://www.alpha.example/',
        language: 'en',
        type: 'article',
        topics: [{ id: 4000000, name: 'economy, business and finance' }],
        https: true,
        iframeable: false,
        articleCount: 2,
      },
      expect.objectContaining({ id: 'beta', https: null, iframeable: null, articleCount: 1 }),
    ]);
    expect(body.meta).toMatchObject({ count: 2, totalResults: 4, hasMore: true, page: 1 });
    const next = await get(`/api/v2/sources/?pageSize=2&cursor=${encodeURIComponent(body.meta.nextCursor)}`);
    expect(next.body.sources.map((s: { id: string }) => s.id)).toEqual(['delta', 'gamma']);
    expect(next.body.meta.hasMore).toBe(false);
    const en = await get('/api/v2/sources/?languages=en');
    expect(en.body.sources.map((s: { id: string }) => s.id)).toEqual(['alpha', 'gamma']);
    expect((await get('/api/v2/sources/?includeTopics=1')).body.code).toBe('parameterUnknown');
  });
});

describe('the sources endpoint, once the feeds were read', () => {
  it('names the site, its domain and its language as the feed says, where the operator did not', async () => {
    const t = await buildTestApp();
    try {
      // Feeds on a feed host (FeedBurner style); one source with a regional language setting.
      for (const [id, language] of [
        ['epsilon', null],
        ['zeta', 'pt-BR'],
        ['eta', null],
      ] as const) {
        await t.sources.add(toSettings({ feedUrl: `https://feeds.${id}.example/rss.xml`, id, language }));
      }
      const site = { domain: 'epsilon.example', homepage: 'https://www.epsilon.example/news/', language: 'es' };
      await t.sources.recordSuccess('epsilon', { etag: null, lastModified: null }, undefined, undefined, site);
      await t.sources.recordSuccess('zeta', { etag: null, lastModified: null }, undefined, undefined, {
        domain: null,
        homepage: null,
        language: 'en',
      });
      // The feed names a site on one host, its articles live on another: the articles' host is the
      // domain (the one whose probes they carry).
      await t.sources.add(toSettings({ feedUrl: 'https://feeds.theta.example/rss.xml', id: 'theta' }));
      await t.sources.recordSuccess('theta', { etag: null, lastModified: null }, undefined, undefined, {
        domain: 'news.theta.example',
        homepage: 'https://www.theta.example/',
        language: 'en',
      });
      await t.probes.set({
        domain: 'epsilon.example',
        https: true,
        iframeable: true,
        httpsDetail: 'ok',
        probedAt: '2026-11-12T00:00:00Z',
      });
      const res = await t.get(`/api/v2/sources/?apiKey=${t.key}`);
      const byId = new Map(res.json().sources.map((s: { id: string }) => [s.id, s]));
      expect(byId.get('epsilon')).toMatchObject({
        domain: 'epsilon.example',
        homepage: 'https://www.epsilon.example/news/',
        language: 'es',
        https: true,
        iframeable: true,
      });
      // The operator's setting wins, read as ISO 639-1; a feed that names no site: its own host.
      expect(byId.get('zeta')).toMatchObject({
        domain: 'feeds.zeta.example',
        homepage: 'https://feeds.zeta.example/',
        language: 'pt',
      });
      expect(byId.get('theta')).toMatchObject({ domain: 'news.theta.example', homepage: 'https://www.theta.example/' });
      // Not read yet: nothing known.
      expect(byId.get('eta')).toMatchObject({ domain: 'feeds.eta.example', language: null, https: null });
      const es = await t.get(`/api/v2/sources/?apiKey=${t.key}&languages=es,pt`);
      expect(es.json().sources.map((s: { id: string }) => s.id)).toEqual(['epsilon', 'zeta']);
    } finally {
      await t.close();
    }
  });
});
