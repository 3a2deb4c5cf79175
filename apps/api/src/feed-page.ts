/** Builds the `meta` and `links` of a feed page (CONTRACT §1.3–1.4). */
import { encodeCursor } from '@tidings/core/cursor';
import { type FeedQuery, MAX_PAGE_DEPTH } from '@tidings/core/query';

/** The request's query parameters without the api key, in request order. */
export function publicParams(url: string): URLSearchParams {
  const q = url.indexOf('?');
  const params = new URLSearchParams(q === -1 ? '' : url.slice(q + 1));
  params.delete('apiKey');
  return params;
}

function link(path: string, params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export interface PageOutcome {
  count: number;
  total: number;
  totalExact: boolean;
  hasMore: boolean;
  /** Sort key and id of the last article on the page (for the next cursor). */
  last: { key: number; id: string } | null;
}

export function pageMeta(
  path: string,
  url: string,
  query: FeedQuery,
  outcome: PageOutcome,
  warnings: string[],
  cursorSecret: string,
) {
  const nextCursor =
    outcome.hasMore && outcome.last ? encodeCursor(outcome.last, query.fingerprint, cursorSecret) : null;
  const params = publicParams(url);
  let next: string | null = null;
  if (nextCursor) {
    const nextParams = new URLSearchParams(params);
    if (query.page !== null && (query.page + 1) * query.pageSize <= MAX_PAGE_DEPTH) {
      nextParams.set('page', String(query.page + 1));
    } else {
      nextParams.delete('page');
      nextParams.set('cursor', nextCursor);
    }
    next = link(path, nextParams);
  }
  return {
    meta: {
      count: outcome.count,
      pageSize: query.pageSize,
      page: query.page,
      totalResults: outcome.total,
      totalResultsExact: outcome.totalExact,
      nextCursor,
      hasMore: outcome.hasMore,
      warnings,
    },
    links: { self: link(path, params), next },
  };
}
