/**
 * Property-based: whatever parameters arrive, `parseFeedQuery` answers with a query or a
 * `ProblemError` listing contract codes — never another exception, never an echo longer than ~100
 * characters per value.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProblemError, problemStatus } from '../src/problem.js';
import { type FeedEndpoint, knownParameters, parseFeedQuery } from '../src/query.js';

const ENDPOINTS: FeedEndpoint[] = ['feed', 'recommended', 'stories', 'facets', 'sources', 'companies'];
const name = fc.oneof(
  fc.constantFrom(...new Set(ENDPOINTS.flatMap((e) => knownParameters(e)))),
  fc.constantFrom('apikey', 'page ', 'pageSize[]', 'includeTopics.', '', 'searchterms'),
  fc.string({ maxLength: 12 }),
);
const value = fc.oneof(
  fc.constantFrom('', ' ', '0', '1', '-1', '2', '01', '1e3', 'NaN', '100', '101', '10000', 'true', 'null'),
  fc.constantFrom('4000000', '4000000,abc', ',,', 'video,podcast', 'EN,de', '"a phrase"', 'x'.repeat(150)),
  fc.constantFrom('2026-11-22', '2026-13-01', '2026-11-22T10:00:00Z', '2026-11-22T25:00', 'yesterday'),
  fc.constantFrom('example.com', 'example.com/sport', 'http://x', '*.example.com', 'exa mple.com', 'ä.example'),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.array(fc.constantFrom('a', ',', ' ', '"', '1', 'é', '\u0000', '%'), { maxLength: 300 }).map((cs) => cs.join('')),
);

describe('parseFeedQuery under random input', () => {
  it('returns a query or throws a ProblemError with contract codes, for any parameters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(name, value), { maxLength: 8 }),
        fc.constantFrom(...ENDPOINTS),
        (params, endpoint) => {
          try {
            const query = parseFeedQuery(params, endpoint, '', 'fuzz-secret');
            expect(query.pageSize).toBeGreaterThanOrEqual(1);
            expect(query.pageSize).toBeLessThanOrEqual(100);
          } catch (error) {
            expect(error).toBeInstanceOf(ProblemError);
            const problem = error as ProblemError;
            // Parameter problems: every code is one of the contract's 400s.
            expect(problemStatus(problem.code)).toBe(400);
            for (const p of problem.invalidParams) {
              expect(problemStatus(p.code)).toBe(400);
              expect((p.value ?? '').length).toBeLessThanOrEqual(101);
              expect(p.name.length).toBeLessThanOrEqual(101);
            }
          }
        },
      ),
      { numRuns: 3_000, interruptAfterTimeLimit: 20_000 },
    );
  });
});
