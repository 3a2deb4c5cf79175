import { describe, expect, it } from 'vitest';
import { ProblemError } from '../src/problem.js';
import { parseFeedQuery } from '../src/query.js';

const parse = (qs: string, endpoint: 'feed' | 'recommended' = 'feed') =>
  parseFeedQuery(new URLSearchParams(qs), endpoint);
function problem(qs: string): ProblemError {
  try {
    parse(qs);
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error(`no problem for ${qs}`);
}

describe('parseFeedQuery', () => {
  it('defaults to no filters, page 1 of 20', () => {
    const query = parse('');
    expect(query).toMatchObject({ pageSize: 20, page: 1, cursor: null });
    expect(query.filters).toMatchObject({ articleTypes: [], includePaywalled: true, excludeNonHttpsSources: false });
  });

  it('trims values, drops duplicates and lowercases types', () => {
    expect(parse('articleTypes= Video ,video,article').filters.articleTypes).toEqual(['video', 'article']);
    expect(parse('includeTopics=1, 2 ,1').filters.includeTopics).toEqual([1, 2]);
  });

  it('normalises additionalSources entries', () => {
    const entries = parse('additionalSources=HTTPS://WWW.Example.com:8080/Sport/,bücher.de,news.example.com').filters
      .additionalSources;
    expect(entries).toEqual([
      { host: 'example.com', path: '/sport' },
      { host: 'xn--bcher-kva.de', path: '' },
      { host: 'news.example.com', path: '' },
    ]);
  });

  it('splits search terms into folded words', () => {
    expect(parse('searchTerms=Déjà-Vu!, climate  change').filters.searchTerms).toEqual([
      { words: ['deja', 'vu'] },
      { words: ['climate', 'change'] },
    ]);
  });

  it('reads from/to as instants, bare dates covering the whole UTC day', () => {
    const { from, to } = parse('from=2026-11-22&to=2026-11-22').filters;
    expect(new Date(from!).toISOString()).toBe('2026-11-22T00:00:00.000Z');
    expect(new Date(to!).toISOString()).toBe('2026-11-22T23:59:59.999Z');
    expect(new Date(parse('from=2026-11-22T10:00:00%2B02:00').filters.from!).toISOString()).toBe(
      '2026-11-22T08:00:00.000Z',
    );
  });

  it('reports every problem at once, the most fundamental code first', () => {
    const error = problem('articleTypes=blog&foo=1&pageSize=500');
    expect(error.code).toBe('parameterUnknown');
    expect(error.invalidParams.map((p) => p.name)).toEqual(['foo', 'articleTypes', 'pageSize']);
  });

  it('rejects empty items, bad flags and bad ids', () => {
    expect(problem('includeCompanies=1,,2').invalidParams[0]).toMatchObject({
      name: 'includeCompanies',
      reason: 'has an empty item',
    });
    expect(problem('includePaywalled=2').invalidParams[0]).toMatchObject({ reason: 'must be 0 or 1' });
    expect(problem('includeTopics=1.5').invalidParams[0]!.reason).toContain("'1.5' is not a positive integer id");
  });

  it('hints at a known name only when the unknown one is close to it, in one sentence', () => {
    const misspelt = problem('pagesize=3');
    expect(misspelt.invalidParams[0]!.reason).toBe("is not a known parameter; did you mean 'pageSize'?");
    expect(misspelt.detail).toBe("Parameter 'pagesize' is not a known parameter; did you mean 'pageSize'?");
    expect(problem('serchTerms=x').invalidParams[0]!.reason).toContain("did you mean 'searchTerms'?");
    // A name of a letter or two shares nothing with the hint that two edits would give ('x' → 'to').
    for (const name of ['x', 'ab', 'q'])
      expect(problem(`${name}=1`).invalidParams[0]!.reason, name).toBe('is not a known parameter');
    expect(problem('x=1').detail).toBe("Parameter 'x' is not a known parameter.");
    expect(problem('x=1&pagesize=3').detail).toBe(
      "2 parameters are invalid: 'x' is not a known parameter; 'pagesize' is not a known parameter; did you mean 'pageSize'?",
    );
  });

  it('accepts date only on the recommended feed', () => {
    expect(parse('date=2026-11-22', 'recommended').date).toBe('2026-11-22');
    expect(problem('date=2026-11-22').code).toBe('parameterUnknown');
  });
});
