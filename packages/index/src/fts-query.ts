/** Full-text query for the embedded index's FTS5 table. */
import type { FeedFilters } from '@tidings/core/query';

/** Terms OR-ed, each a quoted phrase of pre-folded words (which never contain a quote). */
export function ftsMatchExpression(terms: FeedFilters['searchTerms']): string {
  return terms.map((term) => `"${term.words.join(' ').replaceAll('"', '""')}"`).join(' OR ');
}
