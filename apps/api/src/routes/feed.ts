/** `GET /api/v2/feed/`: newest-first articles over the whole index. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Article } from '@tidings/core/article';
import { positionAfter } from '@tidings/core/cursor';
import { type FeedEndpoint, parseFeedQuery } from '@tidings/core/query';
import { errorResponses, FeedQuerySchema, FeedResponseSchema } from '../schemas.js';
import { pageMeta } from '../feed-page.js';

export const FEED_PATH = '/api/v2/feed/';

/**
 * One page of articles, newest first, for `/feed/` and `/stories/{id}/` (whose cursors are bound to
 * the story as well as to the filters), with how many articles it holds. Where the index prints the
 * articles itself (the embedded index's query threads, with the same serialiser as the response
 * schema), the body is JSON text, sent as it is.
 */
export async function feedPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  endpoint: FeedEndpoint,
  storyId: string | null = null,
): Promise<{ body: (ReturnType<typeof pageMeta> & { articles: Article[] }) | string; count: number }> {
  const query = parseFeedQuery(searchParamsOf(request.url), endpoint, storyId ?? '', app.cursorSecret);
  const { filters, warnings } = await app.resolveFilters(query.filters);
  const page = await app.index.query({
    filters,
    limit: query.pageSize,
    storyId,
    json: true,
    ...(query.cursor ? { after: query.cursor } : { offset: ((query.page ?? 1) - 1) * query.pageSize }),
  });
  const printed = page.json;
  const count = printed ? printed.count : page.articles.length;
  const { meta, links } = pageMeta(
    path,
    request.url,
    query,
    {
      count,
      total: page.total,
      totalExact: page.totalExact,
      hasMore: page.hasMore,
      last: printed ? printed.last : positionAfter(page.articles.at(-1)),
    },
    warnings,
    app.cursorSecret,
  );
  if (!printed) return { body: { articles: page.articles, meta, links }, count };
  reply.type('application/json; charset=utf-8');
  return {
    body: `{"articles":${printed.text},"meta":${JSON.stringify(meta)},"links":${JSON.stringify(links)}}`,
    count,
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
    async (request, reply) => (await feedPage(app, request, reply, FEED_PATH, 'feed')).body,
  );
}

export function searchParamsOf(url: string): [string, string][] {
  const q = url.indexOf('?');
  return q === -1 ? [] : [...new URLSearchParams(url.slice(q + 1))];
}
