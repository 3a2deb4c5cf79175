/** Facet counts from whole articles (the Meilisearch adapter's way; the embedded engine counts rows). */
import type { Article } from '@tidings/core/article';
import type { FacetName } from '@tidings/core/query';
import type { FacetCounts } from './port.js';

/** Topic ids with every ancestor of them, each once (an article counts once under each). */
export function topicsWithAncestors(topicIds: Iterable<number>, parents: ReadonlyMap<number, number>): Set<number> {
  const tree = new Set<number>();
  for (const id of topicIds) {
    for (let t: number | undefined = id; t !== undefined && !tree.has(t); t = parents.get(t)) tree.add(t);
  }
  return tree;
}

/** What facets count of one article. */
export interface FacetValues {
  type: string;
  language: string | null;
  sourceId: string;
  companyIds: readonly number[];
  /** Its topics (their ancestors are counted too). */
  topicIds: readonly number[];
  /** UTC day of publication (`YYYY-MM-DD`). */
  day: string;
}

export function countFacets(
  articles: readonly Article[],
  names: readonly FacetName[],
  parents: ReadonlyMap<number, number>,
): FacetCounts {
  const values = articles.map((article): FacetValues => ({
    type: article.type,
    language: article.language,
    sourceId: article.source.id,
    companyIds: article.companies.map((c) => c.id),
    topicIds: article.topics.map((t) => t.id),
    day: article.publishedAt.slice(0, 10),
  }));
  return countFacetValues(values, names, parents);
}

export function countFacetValues(
  items: readonly FacetValues[],
  names: readonly FacetName[],
  parents: ReadonlyMap<number, number>,
): FacetCounts {
  const want = new Set(names);
  const maps = {
    types: new Map<string, number>(),
    languages: new Map<string, number>(),
    sources: new Map<string, number>(),
    companies: new Map<number, number>(),
    topics: new Map<number, number>(),
    days: new Map<string, number>(),
  };
  const count = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
  for (const item of items) {
    if (want.has('types')) count(maps.types, item.type);
    if (want.has('languages') && item.language) count(maps.languages, item.language);
    if (want.has('sources')) count(maps.sources, item.sourceId);
    if (want.has('companies')) for (const c of new Set(item.companyIds)) count(maps.companies, c);
    if (want.has('topics')) for (const t of topicsWithAncestors(item.topicIds, parents)) count(maps.topics, t);
    if (want.has('days')) count(maps.days, item.day);
  }
  return {
    total: items.length,
    types: [...maps.types],
    languages: [...maps.languages],
    sources: [...maps.sources],
    companies: [...maps.companies],
    topics: [...maps.topics],
    days: [...maps.days],
  };
}

const byValue = <K extends string | number>(a: K, b: K) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The `size` largest counts offered so far, largest first (ties: the smaller value first), kept in one
 * pass (facet lists run to thousands of values; `size` is a few dozen at most).
 */
export class TopCounts<K extends string | number> {
  readonly list: [K, number][] = [];

  constructor(private readonly size: number) {}

  /** The smallest count a value needs to enter the list once it is full (0 until then). */
  get floor(): number {
    return this.list.length === this.size ? this.list[this.size - 1]![1] : 0;
  }

  offer(value: K, count: number): void {
    const best = this.list;
    // Most values offered do not enter a full list: they are turned away before anything is allocated.
    if (best.length === this.size && !TopCounts.before(value, count, best[this.size - 1]!)) return;
    let at = best.length;
    while (at > 0 && TopCounts.before(value, count, best[at - 1]!)) at--;
    best.splice(at, 0, [value, count]);
    if (best.length > this.size) best.pop();
  }

  /** Whether `value` with `count` goes before `entry` (a larger count, or the same and a smaller value). */
  private static before<K extends string | number>(value: K, count: number, entry: [K, number]): boolean {
    return count > entry[1] || (count === entry[1] && byValue(value, entry[0]) < 0);
  }
}

/** The `size` largest counts, largest first (ties: the smaller value first). */
export function largest<K extends string | number>(
  counts: Iterable<readonly [K, number]>,
  size: number,
): [K, number][] {
  const top = new TopCounts<K>(size);
  for (const entry of counts) top.offer(entry[0], entry[1]);
  return top.list;
}

/** The latest `size` days (ISO dates), newest first. */
export function latestDays(counts: readonly [string, number][], size: number): [string, number][] {
  return [...counts].sort((a, b) => byValue(b[0], a[0])).slice(0, size);
}

/** Each facet cut to its `size` largest counts (days: the latest `size` days), as the API shows them. */
export function cutFacets(counts: FacetCounts, size: number): FacetCounts {
  return {
    total: counts.total,
    ...(counts.counted !== undefined ? { counted: counts.counted } : {}),
    types: largest(counts.types, size),
    languages: largest(counts.languages, size),
    sources: largest(counts.sources, size),
    companies: largest(counts.companies, size),
    topics: largest(counts.topics, size),
    days: latestDays(counts.days, size),
  };
}
