/**
 * Property-based, through `app.inject()`: random and mutated paths, query strings and headers. Never
 * a 5xx; every error is problem+json with a contract code and its own status; the api key never
 * appears in a body.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROBLEM_CODES } from '@tidings/core/problem';
import { type FeedEndpoint, knownParameters } from '@tidings/core/query';
import { article, buildTestApp, type TestApp } from './helper.js';

const CODES = new Set<string>(PROBLEM_CODES);
const PATHS = [
  '/api/v2/feed/',
  '/api/v2/feed-recommended/',
  '/api/v2/facets/',
  '/api/v2/sources/',
  '/api/v2/topics/',
  '/api/v2/companies/',
  '/api/v2/stories/0123456789abcdef0123456789abcdef/',
  '/healthz',
  '/readyz',
  '/',
  '/api/v2/feed',
  '/API/v2/feed/',
  '/api/v2//feed/',
  '/api/v3/feed/',
];
const ENDPOINTS: FeedEndpoint[] = ['feed', 'recommended', 'stories', 'facets', 'sources', 'companies'];
// Every known parameter, and a percent-encoded spelling of the key's name.
const NAMES = [...new Set(ENDPOINTS.flatMap((e) => knownParameters(e))), 'api%4Bey'];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await t.index.upsert([
    article({ headline: 'Central bank holds rates', topics: [{ id: 4000000, name: 'economy' }] }),
    article({ headline: 'Cup final ends in penalties' }),
  ]);
});
afterAll(async () => t.close());

const encoded = fc.oneof(
  fc.string({ maxLength: 30 }).map(encodeURIComponent),
  fc.constantFrom('%', '%zz', '%C3', '%FF%FE', '+', '%00', 'a%20b', '"x"', '%2C%2C', '..%2F'),
  fc.constantFrom('1', '0', '-3', '100', '101', '4000000', 'video', 'en', '2026-11-22', 'x'.repeat(9000)),
);
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...NAMES), fc.string({ maxLength: 8 }).map(encodeURIComponent)), encoded), {
    maxLength: 6,
  })
  .chain((pairs) =>
    fc.boolean().map((withKey) => {
      const parts = pairs.map(([n, v]) => `${n}=${v}`);
      if (withKey) parts.unshift(`apiKey=${t.key}`);
      return parts.join('&');
    }),
  );
const path = fc.oneof(
  fc.constantFrom(...PATHS),
  fc.tuple(fc.constantFrom(...PATHS), fc.string({ maxLength: 10 }).map(encodeURIComponent)).map(([p, s]) => p + s),
);
const headers = fc.record(
  {
    'x-api-key': fc.oneof(fc.constant(''), fc.string({ maxLength: 60 }), fc.constant('tdg_' + '0'.repeat(48))),
    'if-none-match': fc.oneof(fc.constant('*'), fc.string({ maxLength: 20 })),
    accept: fc.constantFrom('*/*', 'application/json', 'text/html', 'application/xml;q=0.1', ''),
    origin: fc.constantFrom('https://app.example', 'null', ''),
  },
  { requiredKeys: [] },
);

describe('the HTTP API under random requests', () => {
  it('never answers 5xx, every error is problem+json with a contract code, and never shows the key', async () => {
    await fc.assert(
      fc.asyncProperty(
        path,
        query,
        headers,
        fc.constantFrom('GET', 'HEAD', 'POST', 'OPTIONS', 'DELETE'),
        async (p, q, h, method) => {
          let res;
          try {
            res = await t.app.inject({ method: method as 'GET', url: q ? `${p}?${q}` : p, headers: h });
          } catch {
            return; // a request the HTTP layer cannot even form (invalid header characters): not ours
          }
          expect(res.statusCode, `${method} ${p}?${q}`).toBeLessThan(500);
          expect(res.body).not.toContain(t.key);
          if (res.statusCode >= 400 && method !== 'HEAD') {
            expect(res.headers['content-type'], `${method} ${p}?${q}`).toMatch(/^application\/problem\+json/);
            const body = res.json<{ status: number; code: string }>();
            expect(body.status).toBe(res.statusCode);
            expect(CODES.has(body.code), body.code).toBe(true);
            expect(res.body.length).toBeLessThan(8_192);
          }
        },
      ),
      { numRuns: 1_500, interruptAfterTimeLimit: 30_000 },
    );
  }, 60_000);
});
