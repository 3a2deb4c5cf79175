/** `GET /api/v2/feed/`: newest-first articles over the whole index. */
import type { FastifyInstance } from 'fastify';
import { parseFeedQuery } from '@tidings/core/query';
import { errorResponses, FeedQuerySchema, FeedResponseSchema } from '../schemas.js';
import { pageMeta } from '../feed-page.js';

export const FEED_PATH = '/api/v2/feed/';

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
    async (request) => {
      const query = parseFeedQuery(searchParamsOf(request.url), 'feed');
      const { filters, warnings } = app.resolveFilters(query.filters);
      const page = await app.index.query({
        filters,
        limit: query.pageSize,
        ...(query.cursor ? { after: query.cursor } : { offset: ((query.page ?? 1) - 1) * query.pageSize }),
      });
      const lastArticle = page.articles.at(-1);
      return {
        articles: page.articles,
        ...pageMeta(
          FEED_PATH,
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
        ),
      };
    },
  );
}

export function searchParamsOf(url: string): [string, string][] {
  const q = url.indexOf('?');
  return q === -1 ? [] : [...new URLSearchParams(url.slice(q + 1))];
}
