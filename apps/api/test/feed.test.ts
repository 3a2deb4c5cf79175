import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article } from '@tidings/core/article';
import { NO_FILTERS } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { article, buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
const q = (query = '') => `/api/v2/feed/?apiKey=${t.key}${query ? `&${query}` : ''}`;
async function headlines(query: string): Promise<string[]> {
  const res = await t.get(q(query));
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().articles as Article[]).map((a) => a.headline);
}

const APPLE = { id: 320193, name: 'Apple Inc.' };
const MSFT = { id: 789019, name: 'MICROSOFT CORP' };
// 4000000 economy, business and finance; 20000344 economy (its child), 20000349 economic trends and indicators (grandchild)
const ECONOMY = { id: 4000000, name: 'economy, business and finance' };

beforeAll(async () => {
  t = await buildTestApp();
  const child = [...t.app.catalog.topics.values()].find((x) => x.parent === 4000000)!;
  const grandchild = [...t.app.catalog.topics.values()].find((x) => x.parent === child.id)!;
  await t.index.upsert([
    article({
      headline: 'Apple earnings beat',
      type: 'article',
      companies: [APPLE],
      topics: [ECONOMY],
      publishedAt: '2026-11-10T10:00:00Z',
    }),
    article({
      headline: 'Microsoft and Apple',
      type: 'video',
      companies: [APPLE, MSFT],
      publishedAt: '2026-11-10T09:00:00Z',
    }),
    article({
      headline: 'Deep economy story',
      topics: [{ id: grandchild.id, name: grandchild.name }],
      publishedAt: '2026-11-10T08:00:00Z',
    }),
    article({
      headline: 'Paywalled scoop',
      paywalled: true,
      url: 'https://news.example.com/sport/scoop',
      publishedAt: '2026-11-10T07:00:00Z',
    }),
    article({
      headline: 'Members only',
      registrationRequired: true,
      url: 'https://other.org/sports/x',
      publishedAt: '2026-11-10T06:00:00Z',
    }),
    article({
      headline: 'Plain http site',
      source: { id: 'old', name: 'Old', domain: 'old.net', https: false, iframeable: null },
      url: 'http://old.net/a',
      publishedAt: '2026-11-10T05:00:00Z',
    }),
    article({
      headline: 'Climate change summit',
      introduction: 'Leaders meet in Zürich.',
      type: 'podcast',
      publishedAt: '2026-11-09T05:00:00Z',
    }),
  ]);
});
afterAll(async () => t.close());

describe('GET /api/v2/feed/', () => {
  it('answers the envelope with every article field, newest first', async () => {
    const res = await t.get(q());
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = res.json();
    expect(body.articles.map((a: Article) => a.headline)).toEqual([
      'Apple earnings beat',
      'Microsoft and Apple',
      'Deep economy story',
      'Paywalled scoop',
      'Members only',
      'Plain http site',
      'Climate change summit',
    ]);
    expect(Object.keys(body.articles[0]).sort()).toEqual(
      [
        'authors',
        'companies',
        'headline',
        'id',
        'imageUrl',
        'indexedAt',
        'introduction',
        'language',
        'paywalled',
        'publishedAt',
        'registrationRequired',
        'source',
        'story',
        'topics',
        'type',
        'updatedAt',
        'url',
      ].sort(),
    );
    expect(body.meta).toEqual({
      count: 7,
      pageSize: 20,
      page: 1,
      totalResults: 7,
      totalResultsExact: true,
      nextCursor: null,
      hasMore: false,
      warnings: [],
    });
    expect(body.links).toEqual({ self: '/api/v2/feed/', next: null });
  });

  it('filters by type, case-insensitively, OR inside the list', async () => {
    expect(await headlines('articleTypes=VIDEO,podcast')).toEqual(['Microsoft and Apple', 'Climate change summit']);
  });

  it('filters by topic including every descendant, and warns about unknown topic ids', async () => {
    expect(await headlines('includeTopics=4000000')).toEqual(['Apple earnings beat', 'Deep economy story']);
    const res = await t.get(q('includeTopics=999999999'));
    expect(res.json().articles).toEqual([]);
    expect(res.json().meta.warnings.join(' ')).toContain('999999999');
  });

  it('includes and excludes companies, exclusion winning', async () => {
    expect(await headlines('includeCompanies=320193')).toEqual(['Apple earnings beat', 'Microsoft and Apple']);
    expect(await headlines('includeCompanies=320193&excludeCompanies=789019')).toEqual(['Apple earnings beat']);
    expect(await headlines('excludeCompanies=320193,789019')).toHaveLength(5);
  });

  it('drops additionalSources by host, subdomain and path segment', async () => {
    expect(await headlines('additionalSources=example.com')).toEqual(['Members only', 'Plain http site']);
    expect(await headlines('additionalSources=news.example.com/SPORT/,other.org/sport')).toHaveLength(6);
    expect(await headlines('additionalSources=https://www.other.org:443/sports')).not.toContain('Members only');
  });

  it('applies the four flags', async () => {
    expect(await headlines('includePaywalled=0')).not.toContain('Paywalled scoop');
    expect(await headlines('includeRegistration=0')).not.toContain('Members only');
    expect(await headlines('excludeNonHttpsSources=1')).not.toContain('Plain http site');
    expect(await headlines('excludeNonIframeableSources=1')).not.toContain('Plain http site');
    expect(await headlines('includePaywalled=1&excludeNonHttpsSources=0')).toHaveLength(7);
  });

  it('searches phrases case- and accent-insensitively, OR across terms', async () => {
    expect(await headlines('searchTerms=CLIMATE%20CHANGE')).toEqual(['Climate change summit']);
    expect(await headlines('searchTerms=zurich,scoop')).toEqual(['Paywalled scoop', 'Climate change summit']);
    expect(await headlines('searchTerms=change%20climate')).toEqual([]);
  });

  it('filters by from/to, a bare date covering its whole UTC day', async () => {
    expect(await headlines('from=2026-11-10&to=2026-11-10')).toHaveLength(6);
    expect(await headlines('to=2026-11-09')).toEqual(['Climate change summit']);
    expect(await headlines('from=2026-11-10T08:00:00Z&to=2026-11-10T09:30:00%2B00:00')).toEqual([
      'Microsoft and Apple',
      'Deep economy story',
    ]);
  });

  it('combines filters with AND, in any parameter order', async () => {
    const a = await headlines('articleTypes=article,video&includeCompanies=320193&includePaywalled=0');
    const b = await headlines('includePaywalled=0&includeCompanies=320193&articleTypes=video,article');
    expect(a).toEqual(['Apple earnings beat', 'Microsoft and Apple']);
    expect(b).toEqual(a);
  });

  it('treats an empty parameter as absent', async () => {
    expect(await headlines('articleTypes=&searchTerms=')).toHaveLength(7);
  });

  it('works without the trailing slash and answers HEAD with headers only', async () => {
    expect((await t.get(`/api/v2/feed?apiKey=${t.key}`)).statusCode).toBe(200);
    const head = await t.get(q(), { method: 'HEAD' });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBeTruthy();
  });

  it('sends ETag and Cache-Control, and 304 for a matching If-None-Match', async () => {
    const first = await t.get(q());
    expect(first.headers['cache-control']).toBe('private, max-age=30');
    const etag = String(first.headers.etag);
    const again = await t.get(q(), { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await t.get(q('articleTypes=video'), { headers: { 'if-none-match': etag } });
    expect(other.statusCode).toBe(200);
  });

  it('answers the same bytes whether the index prints the page (query threads) or the API does', async () => {
    // The same articles in an index opened without the article schema: the API prints its objects.
    const objects = new EmbeddedArticleIndex({ file: ':memory:' });
    const stored = await t.index.query({ filters: NO_FILTERS, limit: 100 });
    await objects.upsert(stored.articles);
    const plain = await buildTestApp({ index: objects });
    try {
      // Links longer than the room the index leaves after the articles (4 KB) too.
      const long = `pageSize=2&additionalSources=${Array.from({ length: 100 }, (_, i) => `n${i}.example.org/section-${i}`).join(',')}`;
      expect(long.length * 2).toBeGreaterThan(4_096);
      for (const query of [
        '',
        'pageSize=2',
        'pageSize=2&page=2',
        'includeCompanies=320193',
        'articleTypes=podcast',
        long,
      ]) {
        const printed = await t.get(q(query));
        const built = await plain.get(`/api/v2/feed/?apiKey=${plain.key}${query ? `&${query}` : ''}`);
        expect(printed.statusCode).toBe(200);
        expect(printed.headers['content-type']).toBe(built.headers['content-type']);
        // Byte for byte, but for the cursors' signatures (each app has its own cursor secret).
        const unsigned = (body: string) => body.replace(/("nextCursor":"[^".]*\.)[^"]*"/, '$1…"');
        expect(unsigned(printed.body)).toBe(unsigned(built.body));
      }
      // The next page by cursor, on both.
      const next = (await t.get(q('pageSize=2'))).json().links.next as string;
      expect((await t.get(next.replace('?', `?apiKey=${t.key}&`))).json().articles).toHaveLength(2);
    } finally {
      await plain.close();
      await objects.close();
    }
  });

  it('sends X-Request-Id on every response, keeping a sane incoming one', async () => {
    expect((await t.get(q())).headers['x-request-id']).toBeTruthy();
    expect((await t.get('/nope')).headers['x-request-id']).toBeTruthy();
    expect((await t.get(q(), { headers: { 'x-request-id': 'abc-123' } })).headers['x-request-id']).toBe('abc-123');
  });
});

describe('feed errors', () => {
  it('reports every invalid parameter at once with invalidParams', async () => {
    const res = await t.get(q('articleTypes=blog&includeTopics=x&pageSize=0&includePaywalled=yes'));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    const body = res.json();
    expect(body).toMatchObject({
      status: 400,
      code: 'parameterInvalid',
      title: expect.any(String),
      detail: expect.any(String),
    });
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(body.invalidParams.map((p: { name: string }) => p.name).sort()).toEqual(
      ['articleTypes', 'includePaywalled', 'includeTopics', 'pageSize'].sort(),
    );
    expect(body.invalidParams.find((p: { name: string }) => p.name === 'articleTypes')).toMatchObject({
      value: 'blog',
      reason: expect.stringContaining('article, video, gallery, report, pressrelease, podcast'),
    });
  });

  it.each([
    ['includeTopics=1,,2', 'parameterInvalid', 'includeTopics'],
    ['includeTopics=0', 'parameterInvalid', 'includeTopics'],
    ['includeCompanies=-5', 'parameterInvalid', 'includeCompanies'],
    ['excludeNonHttpsSources=true', 'parameterInvalid', 'excludeNonHttpsSources'],
    ['additionalSources=example.com%3Fx', 'parameterInvalid', 'additionalSources'],
    ['additionalSources=*.example.com', 'parameterInvalid', 'additionalSources'],
    ['additionalSources=exa%20mple.com', 'parameterInvalid', 'additionalSources'],
    ['searchTerms=%2B%2B%2B', 'parameterInvalid', 'searchTerms'],
    ['searchTerms=' + 'a'.repeat(101), 'parameterInvalid', 'searchTerms'],
    ['pageSize=101', 'parameterInvalid', 'pageSize'],
    ['page=0', 'parameterInvalid', 'page'],
    ['from=2026-02-30', 'parameterInvalid', 'from'],
    ['from=2026-11-10&to=2026-11-01', 'parameterInvalid', 'to'],
    ['page=501', 'pageTooDeep', 'page'],
    ['page=101&pageSize=100', 'pageTooDeep', 'page'],
    ['articletypes=video', 'parameterUnknown', 'articletypes'],
    ['articleTypes=video&articleTypes=article', 'parameterRepeated', 'articleTypes'],
    ['includeTopics=' + Array.from({ length: 101 }, (_, i) => i + 1).join(','), 'tooManyValues', 'includeTopics'],
    ['searchTerms=' + Array.from({ length: 21 }, (_, i) => `w${i}`).join(','), 'tooManyValues', 'searchTerms'],
    ['cursor=garbage', 'cursorInvalid', 'cursor'],
    ['date=2026-11-10', 'parameterUnknown', 'date'],
  ])('%s → 400 %s naming %s', async (query, code, name) => {
    const res = await t.get(q(query));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(code);
    expect(res.json().invalidParams.map((p: { name: string }) => p.name)).toContain(name);
  });

  it('hints at the closest known parameter name', async () => {
    const res = await t.get(q('articleType=video'));
    expect(res.json().invalidParams[0].reason).toContain("did you mean 'articleTypes'");
  });

  it('allows 100 values per list and accepts page × pageSize = 10 000', async () => {
    const ids = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
    expect((await t.get(q(`includeTopics=${ids}`))).statusCode).toBe(200);
    expect((await t.get(q('page=100&pageSize=100'))).statusCode).toBe(200);
  });

  it('rejects page and cursor together', async () => {
    const first = await t.get(q('pageSize=2'));
    const cursor = first.json().meta.nextCursor as string;
    const res = await t.get(q(`pageSize=2&page=2&cursor=${cursor}`));
    expect(res.statusCode).toBe(400);
    expect(res.json().invalidParams[0].name).toBe('page');
  });

  it('answers 405 with Allow for other methods, 404 for unknown paths, 414 for long URLs', async () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      const res = await t.app.inject({ method, url: q() });
      expect(res.statusCode).toBe(405);
      expect(res.headers.allow).toBe('GET, HEAD');
      expect(res.json().code).toBe('methodNotAllowed');
    }
    const missing = await t.get(`/api/v2/nothing?apiKey=${t.key}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('notFound');
    const long = await t.get(q(`searchTerms=${'a'.repeat(9000)}`));
    expect(long.statusCode).toBe(414);
    expect(long.json().code).toBe('uriTooLong');
  });

  it('never shows the api key in links or error bodies', async () => {
    const ok = await t.get(q('pageSize=1&articleTypes=article,video'));
    expect(JSON.stringify(ok.json().links)).not.toContain(t.key);
    expect(ok.json().links.self).toBe('/api/v2/feed/?pageSize=1&articleTypes=article%2Cvideo');
    const bad = await t.get(q('pageSize=x'));
    expect(bad.body).not.toContain(t.key);
  });
});
