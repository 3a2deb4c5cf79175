/**
 * `parseFeedQuery`: the pure, exact reading of a feed request's query string (CONTRACT §1.2–1.3).
 * Every invalid parameter is collected and reported at once as one `ProblemError`.
 */
import { ARTICLE_TYPES, type ArticleType, isArticleType } from './article.js';
import { type CursorPosition, decodeCursor, fingerprint } from './cursor.js';
import { type InvalidParam, type ProblemCode, ProblemError, shorten } from './problem.js';
import { type SourcePrefix, formatSourcePrefix, parseSourcePrefix } from './source-prefix.js';
import { wordsOf } from './text.js';

export const MAX_LIST_VALUES = 100;
export const MAX_SEARCH_TERMS = 20;
export const MAX_SEARCH_TERM_LENGTH = 100;
export const MAX_PAGE_DEPTH = 10_000;
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;

export type FeedEndpoint = 'feed' | 'recommended' | 'stories' | 'facets' | 'sources' | 'companies';

export const FACET_NAMES = ['types', 'topics', 'companies', 'sources', 'languages', 'days'] as const;
export type FacetName = (typeof FACET_NAMES)[number];
export const DEFAULT_FACET_SIZE = 10;
export const MAX_FACET_SIZE = 100;

/** A search term as runs of folded words; several words match as an adjacent phrase. */
export interface SearchTerm {
  words: string[];
}

export interface FeedFilters {
  articleTypes: ArticleType[];
  includeTopics: number[];
  includeCompanies: number[];
  excludeCompanies: number[];
  additionalSources: SourcePrefix[];
  includePaywalled: boolean;
  includeRegistration: boolean;
  excludeNonIframeableSources: boolean;
  excludeNonHttpsSources: boolean;
  searchTerms: SearchTerm[];
  /** Inclusive bounds on `publishedAt`, in ms. */
  from: number | null;
  to: number | null;
  /** ISO 639-1 codes, lower case; an article of unknown language matches none. */
  languages: string[];
  /** Source ids. */
  includeSources: string[];
  /** One article per story: the earliest published (CONTRACT §1.7). */
  collapseStories: boolean;
}

export interface FeedQuery {
  filters: FeedFilters;
  pageSize: number;
  /** 1-based page; `null` when paging by cursor. */
  page: number | null;
  cursor: CursorPosition | null;
  /** `date` of the recommended feed as asked for (`null`: today, with fallback). */
  date: string | null;
  /** Digest of the filters (and date, or story) — what a cursor is bound to. */
  fingerprint: string;
  /** `/facets/`: the facets asked for (default all) and how many values each lists. */
  facets: FacetName[];
  facetSize: number;
}

export const NO_FILTERS: FeedFilters = {
  articleTypes: [],
  includeTopics: [],
  includeCompanies: [],
  excludeCompanies: [],
  additionalSources: [],
  includePaywalled: true,
  includeRegistration: true,
  excludeNonIframeableSources: false,
  excludeNonHttpsSources: false,
  searchTerms: [],
  from: null,
  to: null,
  languages: [],
  includeSources: [],
  collapseStories: false,
};

const FILTER_PARAMS = [
  'articleTypes',
  'includeTopics',
  'includeCompanies',
  'excludeCompanies',
  'additionalSources',
  'includePaywalled',
  'includeRegistration',
  'excludeNonIframeableSources',
  'excludeNonHttpsSources',
  'searchTerms',
  'from',
  'to',
  'languages',
  'includeSources',
  'collapseStories',
] as const;

const COMMON_PARAMS = ['apiKey', ...FILTER_PARAMS, 'pageSize', 'page', 'cursor'] as const;

export function knownParameters(endpoint: FeedEndpoint): string[] {
  if (endpoint === 'recommended') return [...COMMON_PARAMS, 'date'];
  if (endpoint === 'facets') return ['apiKey', ...FILTER_PARAMS, 'facets', 'facetSize'];
  if (endpoint === 'sources') return ['apiKey', 'languages', 'pageSize', 'page', 'cursor'];
  // `name` is read by the route itself (it is the cursor's scope).
  if (endpoint === 'companies') return ['apiKey', 'name', 'pageSize', 'page', 'cursor'];
  return [...COMMON_PARAMS];
}

/** Why one list item is invalid (kept apart from values, which may be strings themselves). */
class Invalid {
  constructor(readonly reason: string) {}
}

class Collector {
  readonly problems: InvalidParam[] = [];
  add(name: string, value: string | null, reason: string, code: ProblemCode = 'parameterInvalid'): void {
    this.problems.push({ name: shorten(name), value: value === null ? null : shorten(value), reason, code });
  }
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The known parameter closest to an unknown one, when it is plausibly a typo. */
export function closestParameter(name: string, known: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  // Close enough to be a slip (two edits, or a third of a long name), and not more edits than the
  // name has letters: 'x' is not a slip for 'to'.
  return best !== null && bestDistance <= Math.max(2, Math.floor(best.length / 3)) && bestDistance < name.length
    ? best
    : null;
}

/** Splits a list value: items trimmed, duplicates dropped; `null` when an item is empty. */
function splitList(value: string): string[] | null {
  const items = value.split(',').map((item) => item.trim());
  if (items.some((item) => item === '')) return null;
  return [...new Set(items)];
}

function parseList<T>(
  c: Collector,
  name: string,
  raw: string,
  parseItem: (item: string) => T | Invalid,
  key: (value: T) => string,
  max = MAX_LIST_VALUES,
): T[] {
  const items = splitList(raw);
  if (!items) {
    c.add(name, raw, 'has an empty item');
    return [];
  }
  const out = new Map<string, T>();
  const bad: string[] = [];
  for (const item of items) {
    const parsed = parseItem(item);
    if (parsed instanceof Invalid) bad.push(`'${shorten(item)}' ${parsed.reason}`);
    else out.set(key(parsed), parsed);
  }
  // A few bad items say what is wrong; a hundred would only make the error long.
  if (bad.length)
    c.add(name, raw, bad.length > 5 ? `${bad.slice(0, 5).join('; ')}; and ${bad.length - 5} more` : bad.join('; '));
  else if (out.size > max) c.add(name, raw, `has ${out.size} values; at most ${max} are allowed`, 'tooManyValues');
  return [...out.values()];
}

const POSITIVE_ID = /^[0-9]{1,16}$/;
const LANGUAGE = /^[a-z]{2}$/i;
const SOURCE_ID = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

function parseId(item: string): number | Invalid {
  const id = POSITIVE_ID.test(item) ? Number(item) : 0;
  return id > 0 && Number.isSafeInteger(id) ? id : new Invalid('is not a positive integer id');
}

function parseFlag(c: Collector, name: string, raw: string): boolean | null {
  const value = raw.trim();
  if (value === '0' || value === '1') return value === '1';
  c.add(name, raw, 'must be 0 or 1');
  return null;
}

function parseInteger(c: Collector, name: string, raw: string, min: number, max: number): number | null {
  const value = raw.trim();
  if (/^[0-9]{1,9}$/.test(value)) {
    const n = Number(value);
    if (n >= min && n <= max) return n;
  }
  c.add(
    name,
    raw,
    max === Infinity ? `must be an integer of at least ${min}` : `must be an integer from ${min} to ${max}`,
  );
  return null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?([Zz]|[+-]\d{2}:?\d{2})?$/;

/** A calendar date `YYYY-MM-DD` that exists, as ms at its UTC start; `null` otherwise. */
export function parseCalendarDate(value: string): number | null {
  const m = DATE.exec(value);
  if (!m) return null;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : null;
}

/** ISO-8601 date or date-time → ms; a bare date is its UTC start (`end`: its last millisecond). */
function parseInstant(value: string, end: boolean): number | null {
  const day = parseCalendarDate(value);
  if (day !== null) return end ? day + 86_400_000 - 1 : day;
  const m = DATE_TIME.exec(value);
  if (!m) return null;
  const dayStart = parseCalendarDate(`${m[1]}-${m[2]}-${m[3]}`);
  const [hours, minutes, seconds] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (dayStart === null || hours > 23 || minutes > 59 || seconds > 59) return null;
  let offset = 0;
  const zone = m[8];
  if (zone && zone.toUpperCase() !== 'Z') {
    const digits = zone.replace(':', '');
    offset = (digits[0] === '-' ? -1 : 1) * (Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))) * 60_000;
  }
  const fraction = m[7] ? Math.floor(Number(m[7]) * 1000) : 0;
  return dayStart + ((hours * 60 + minutes) * 60 + seconds) * 1000 + fraction - offset;
}

function parseSearchTerm(item: string): SearchTerm | Invalid {
  if (item.length > MAX_SEARCH_TERM_LENGTH) return new Invalid(`is longer than ${MAX_SEARCH_TERM_LENGTH} characters`);
  const words = wordsOf(item);
  return words.length ? { words } : new Invalid('has no letter or digit');
}

/** Canonical, order-independent description of filters: equal filters give equal strings. */
export function canonicalFilters(filters: FeedFilters): string {
  const sorted = <T>(values: T[]) => [...values].map(String).sort();
  // The filters added later are appended only when set, so cursors issued before them stay valid.
  const later: unknown[] = [];
  if (filters.languages.length) later.push(['languages', sorted(filters.languages)]);
  if (filters.includeSources.length) later.push(['includeSources', sorted(filters.includeSources)]);
  if (filters.collapseStories) later.push(['collapseStories']);
  return JSON.stringify([
    ...later,
    sorted(filters.articleTypes),
    sorted(filters.includeTopics),
    sorted(filters.includeCompanies),
    sorted(filters.excludeCompanies),
    sorted(filters.additionalSources.map(formatSourcePrefix)),
    filters.includePaywalled,
    filters.includeRegistration,
    filters.excludeNonIframeableSources,
    filters.excludeNonHttpsSources,
    sorted(filters.searchTerms.map((t) => t.words.join(' '))),
    filters.from,
    filters.to,
  ]);
}

/**
 * Reads a feed request's query parameters (in request order, decoded, `apiKey` included or not).
 * Throws a `ProblemError` listing every invalid parameter.
 */
export function parseFeedQuery(
  params: Iterable<[string, string]>,
  endpoint: FeedEndpoint = 'feed',
  /** What else a cursor is bound to (the story of `/stories/{id}/`). */
  scope = '',
  /** The secret cursors are signed with (never in the code: CONTRACT §4). */
  cursorSecret = '',
): FeedQuery {
  const c = new Collector();
  const known = knownParameters(endpoint);
  const values = new Map<string, string>();
  const repeated = new Set<string>();
  for (const [name, value] of params) {
    if (!known.includes(name)) {
      const hint = closestParameter(name, known);
      c.add(
        name,
        value,
        hint ? `is not a known parameter; did you mean '${hint}'?` : 'is not a known parameter',
        'parameterUnknown',
      );
    } else if (values.has(name)) {
      if (!repeated.has(name)) c.add(name, value, 'is given more than once', 'parameterRepeated');
      repeated.add(name);
    } else {
      values.set(name, value);
    }
  }
  // An empty parameter is the same as an absent one.
  const get = (name: string): string | undefined => {
    const value = values.get(name);
    return value === undefined || value.trim() === '' || repeated.has(name) ? undefined : value;
  };

  const filters: FeedFilters = { ...NO_FILTERS };
  let raw: string | undefined;
  if ((raw = get('articleTypes')) !== undefined) {
    filters.articleTypes = parseList(
      c,
      'articleTypes',
      raw,
      (item) => {
        const lower = item.toLowerCase();
        return isArticleType(lower) ? lower : new Invalid(`is not a type; must be one of ${ARTICLE_TYPES.join(', ')}`);
      },
      String,
    );
  }
  for (const name of ['includeTopics', 'includeCompanies', 'excludeCompanies'] as const) {
    if ((raw = get(name)) !== undefined) filters[name] = parseList(c, name, raw, parseId, String);
  }
  if ((raw = get('additionalSources')) !== undefined) {
    filters.additionalSources = parseList(
      c,
      'additionalSources',
      raw,
      (item) => {
        const prefix = parseSourcePrefix(item);
        return typeof prefix === 'string' ? new Invalid(prefix) : prefix;
      },
      formatSourcePrefix,
    );
  }
  if ((raw = get('searchTerms')) !== undefined) {
    filters.searchTerms = parseList(c, 'searchTerms', raw, parseSearchTerm, (t) => t.words.join(' '), MAX_SEARCH_TERMS);
  }
  if ((raw = get('languages')) !== undefined) {
    filters.languages = parseList(
      c,
      'languages',
      raw,
      (item) => (LANGUAGE.test(item) ? item.toLowerCase() : new Invalid('is not an ISO 639-1 code (two letters)')),
      String,
    );
  }
  if ((raw = get('includeSources')) !== undefined) {
    filters.includeSources = parseList(
      c,
      'includeSources',
      raw,
      (item) => (SOURCE_ID.test(item) ? item : new Invalid('is not a source id (lowercase letters, digits, hyphens)')),
      String,
    );
  }
  const flags = [
    ['collapseStories', 'collapseStories'],
    ['includePaywalled', 'includePaywalled'],
    ['includeRegistration', 'includeRegistration'],
    ['excludeNonIframeableSources', 'excludeNonIframeableSources'],
    ['excludeNonHttpsSources', 'excludeNonHttpsSources'],
  ] as const;
  for (const [name, key] of flags) {
    if ((raw = get(name)) !== undefined) {
      const flag = parseFlag(c, name, raw);
      if (flag !== null) filters[key] = flag;
    }
  }
  for (const name of ['from', 'to'] as const) {
    if ((raw = get(name)) !== undefined) {
      const instant = parseInstant(raw.trim(), name === 'to');
      if (instant === null)
        c.add(name, raw, 'must be an ISO-8601 date (2026-11-22) or date-time (2026-11-22T09:15:00Z)');
      else filters[name] = instant;
    }
  }
  if (filters.from !== null && filters.to !== null && filters.from > filters.to) {
    c.add('to', values.get('to') ?? null, "must not be before 'from'");
  }

  let date: string | null = null;
  if (endpoint === 'recommended' && (raw = get('date')) !== undefined) {
    if (parseCalendarDate(raw.trim()) === null) c.add('date', raw, 'must be a calendar date YYYY-MM-DD');
    else date = raw.trim();
  }

  let facets: FacetName[] = [...FACET_NAMES];
  if (endpoint === 'facets' && (raw = get('facets')) !== undefined) {
    facets = parseList(
      c,
      'facets',
      raw,
      (item) =>
        (FACET_NAMES as readonly string[]).includes(item)
          ? (item as FacetName)
          : new Invalid(`is not a facet; must be one of ${FACET_NAMES.join(', ')}`),
      String,
    );
  }
  let facetSize = DEFAULT_FACET_SIZE;
  if (endpoint === 'facets' && (raw = get('facetSize')) !== undefined) {
    facetSize = parseInteger(c, 'facetSize', raw, 1, MAX_FACET_SIZE) ?? facetSize;
  }

  let pageSize = DEFAULT_PAGE_SIZE;
  if ((raw = get('pageSize')) !== undefined) pageSize = parseInteger(c, 'pageSize', raw, 1, MAX_PAGE_SIZE) ?? pageSize;

  const rawCursor = get('cursor');
  const rawPage = get('page');
  let page: number | null = rawCursor === undefined ? 1 : null;
  if (rawPage !== undefined) {
    if (rawCursor !== undefined) {
      c.add('page', rawPage, "cannot be combined with 'cursor'");
    } else {
      const parsed = parseInteger(c, 'page', rawPage, 1, Infinity);
      if (parsed !== null) {
        page = parsed;
        if (parsed * pageSize > MAX_PAGE_DEPTH) {
          c.add(
            'page',
            rawPage,
            `reaches past result ${MAX_PAGE_DEPTH} (page × pageSize); use 'cursor' to go deeper`,
            'pageTooDeep',
          );
        }
      }
    }
  }

  const fp = fingerprint(`${endpoint}|${date ?? scope}|${canonicalFilters(filters)}`);
  let cursor: CursorPosition | null = null;
  if (rawCursor !== undefined && c.problems.length === 0) {
    cursor = cursorSecret ? decodeCursor(rawCursor.trim(), fp, cursorSecret) : null;
    if (!cursor) {
      c.add('cursor', rawCursor, 'is malformed, was tampered with, or belongs to other filters', 'cursorInvalid');
    }
  }
  if (c.problems.length) throw ProblemError.fromInvalidParams(c.problems);
  return { filters, pageSize, page, cursor, date, fingerprint: fp, facets, facetSize };
}
