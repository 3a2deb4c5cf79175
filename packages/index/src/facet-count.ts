/** Facet counts from whole articles (the Meilisearch adapter's way; the embedded engine counts rows). */
import type { Article } from '@tidings/core/article';
import type { FacetName } from '@tidings/core/query';
import type { FacetCounts } from './port.js';

export function countFacets(
  articles: readonly Article[],
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
  for (const article of articles) {
    if (want.has('types')) count(maps.types, article.type);
    if (want.has('languages') && article.language) count(maps.languages, article.language);
    if (want.has('sources')) count(maps.sources, article.source.id);
    if (want.has('companies')) for (const c of new Set(article.companies.map((x) => x.id))) count(maps.companies, c);
    if (want.has('topics')) {
      const under = new Set<number>();
      for (const topic of article.topics) {
        for (let t: number | undefined = topic.id; t !== undefined && !under.has(t); t = parents.get(t)) under.add(t);
      }
      for (const t of under) count(maps.topics, t);
    }
    if (want.has('days')) count(maps.days, article.publishedAt.slice(0, 10));
  }
  return {
    total: articles.length,
    types: [...maps.types],
    languages: [...maps.languages],
    sources: [...maps.sources],
    companies: [...maps.companies],
    topics: [...maps.topics],
    days: [...maps.days],
  };
}
