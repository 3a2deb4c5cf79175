/** `GET /api/v2/feed/`: newest-first articles over the whole index. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Article } from '@tidings/core/article';
import { positionAfter } from '@tidings/core/cursor';
import { type FeedEndpoint, parseFeedQuery } from '@tidings/core/query';
import type { PrintedArticles } from '@tidings/index/port';
import { errorResponses, FeedQuerySchema, FeedResponseSchema } from '../schemas.js';
import { pageMeta } from '../feed-page.js';

export const FEED_PATH = '/api/v2/feed/';
const ARTICLES_OPEN = Buffer.from('{"articles":');

/**
 * One page of articles, newest first, for `/feed/` and `/stories/{id}/` (whose cursors are bound to
 * the story as well as to the filters), with how many articles it holds. Where the index prints the
 * articles itself (the embedded index's query threads, with the same serialiser as the response
 * schema, as UTF-8), the body is those bytes between the page's own, sent as they are.
 */
export async function feedPage(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  endpoint: FeedEndpoint,
  storyId: string | null = null,
): Promise<{ body: (ReturnType<typeof pageMeta> & { articles: Article[] }) | Buffer; count: number }> {
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
  return { body: aroundArticles(printed, `,"meta":${JSON.stringify(meta)},"links":${JSON.stringify(links)}}`), count };
}

/**
 * The response body: the printed articles with the opening before them and `rest` after, written into
 * the room the index left around them where it suffices (one array per response, not two).
 */
function aroundArticles(printed: PrintedArticles, rest: string): Buffer {
  const { bytes, start, end } = printed;
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const restBytes = Buffer.byteLength(rest);
  if (start < ARTICLES_OPEN.length || buffer.length - end < restBytes) {
    return Buffer.concat([ARTICLES_OPEN, buffer.subarray(start, end), Buffer.from(rest)]);
  }
  ARTICLES_OPEN.copy(buffer, start - ARTICLES_OPEN.length);
  buffer.write(rest, end, restBytes, 'utf8');
  return buffer.subarray(start - ARTICLES_OPEN.length, end + restBytes);
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
