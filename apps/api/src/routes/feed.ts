/** `GET /api/v2/feed/`: newest-first articles over the whole index. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type FeedEndpoint, parseFeedQuery } from '@tidings/core/query';
import { errorResponses, FeedQuerySchema, FeedResponseSchema } from '../schemas.js';
import { pageMeta } from '../feed-page.js';

export const FEED_PATH = '/api/v2/feed/';

/**
 * One page of articles, newest first, for `/feed/` and `/stories/{id}/` (whose cursors are bound to
 * the story as well as to the filters).
 */
export async function feedPage(
  app: FastifyInstance,
  request: FastifyRequest,
  path: string,
  endpoint: FeedEndpoint,
  storyId: string | null = null,
) {
  const query = parseFeedQuery(searchParamsOf(request.url), endpoint, storyId ?? '', app.cursorSecret);
  const { filters, warnings } = await app.resolveFilters(query.filters);
  const page = await app.index.query({
    filters,
    limit: query.pageSize,
    storyId,
    ...(query.cursor ? { after: query.cursor } : { offset: ((query.page ?? 1) - 1) * query.pageSize }),
  });
  const lastArticle = page.articles.at(-1);
  return {
    articles: page.articles,
    ...pageMeta(
      path,
      request.url,
      query,
      {
        count: page.articles.length,
        total: page.total,
        totalExact: page.totalExact,
        hasMore: page.hasMore,
        last: lastArticle ? { key: Date.parse(lastArticle.publishedAt), id: lastArticle.id } : null,
      },
      warnings,
      app.cursorSecret,
    ),
  };
}

export default async function feedRoutes(app: FastifyInstance) {
  app.get(
    FEED_PATH,
    {
      schema: {
        summary: 'Newest articles, filtered and paged',
        tags: ['feed'],
        querystring: FeedQuerySchema,
        response: { 200: FeedResponseSchema, ...errorResponses },
      },
    },
    async (request) => feedPage(app, request, FEED_PATH, 'feed'),
  );
}

export function searchParamsOf(url: string): [string, string][] {
  const q = url.indexOf('?');
  return q === -1 ? [] : [...new URLSearchParams(url.slice(q + 1))];
}
