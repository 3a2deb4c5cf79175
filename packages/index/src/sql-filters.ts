/** Translates `FeedFilters` into a SQLite WHERE clause over the embedded index's tables. */
import type { FeedFilters } from '@tidings/core/query';

export interface SqlWhere {
  sql: string;
  params: (string | number)[];
}

const placeholders = (n: number) => Array.from({ length: n }, () => '?').join(',');

/** Phrase query for FTS5: terms OR-ed, each a quoted phrase of pre-folded words. */
export function ftsMatchExpression(terms: FeedFilters['searchTerms']): string {
  return terms.map((term) => `"${term.words.join(' ').replaceAll('"', '""')}"`).join(' OR ');
}

export function buildWhere(filters: FeedFilters, alias = 'a'): SqlWhere {
  const clauses: string[] = [];
  const params: (string | number)[] = [];
  const a = alias;
  if (filters.articleTypes.length) {
    clauses.push(`${a}.type IN (${placeholders(filters.articleTypes.length)})`);
    params.push(...filters.articleTypes);
  }
  if (filters.includeTopics.length) {
    clauses.push(
      `${a}.rid IN (SELECT rid FROM article_topics WHERE topic IN (${placeholders(filters.includeTopics.length)}))`,
    );
    params.push(...filters.includeTopics);
  }
  if (filters.includeCompanies.length) {
    clauses.push(
      `${a}.rid IN (SELECT rid FROM article_companies WHERE company IN (${placeholders(filters.includeCompanies.length)}))`,
    );
    params.push(...filters.includeCompanies);
  }
  if (filters.excludeCompanies.length) {
    clauses.push(
      `${a}.rid NOT IN (SELECT rid FROM article_companies WHERE company IN (${placeholders(filters.excludeCompanies.length)}))`,
    );
    params.push(...filters.excludeCompanies);
  }
  for (const prefix of filters.additionalSources) {
    // Exact substring comparisons, so that no character of an entry acts as a pattern.
    const suffix = `.${prefix.host}`;
    let match = `(${a}.host = ? OR substr(${a}.host, -${suffix.length}) = ?)`;
    params.push(prefix.host, suffix);
    if (prefix.path) {
      const below = `${prefix.path}/`;
      match += ` AND (${a}.path = ? OR substr(${a}.path, 1, ${below.length}) = ?)`;
      params.push(prefix.path, below);
    }
    clauses.push(`NOT (${match})`);
  }
  if (!filters.includePaywalled) clauses.push(`${a}.paywalled = 0`);
  if (!filters.includeRegistration) clauses.push(`${a}.registration = 0`);
  if (filters.excludeNonIframeableSources) clauses.push(`${a}.iframeable = 1`);
  if (filters.excludeNonHttpsSources) clauses.push(`${a}.https = 1`);
  if (filters.searchTerms.length) {
    clauses.push(`${a}.rid IN (SELECT rowid FROM article_text WHERE article_text MATCH ?)`);
    params.push(ftsMatchExpression(filters.searchTerms));
  }
  if (filters.from !== null) {
    clauses.push(`${a}.published >= ?`);
    params.push(filters.from);
  }
  if (filters.to !== null) {
    clauses.push(`${a}.published <= ?`);
    params.push(filters.to);
  }
  return { sql: clauses.length ? clauses.join(' AND ') : '1', params };
}
