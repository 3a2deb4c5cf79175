/** `GET /api/v2/sources/`: the sources articles come from (CONTRACT §2.2), by id, paged like the feed. */
import type { FastifyInstance } from 'fastify';
import { parseFeedQuery } from '@tidings/core/query';
import { EXACT_TOTAL_LIMIT } from '@tidings/index/port';
import { pageMeta } from '../feed-page.js';
import { errorResponses, SourcesQuerySchema, SourcesResponseSchema } from '../schemas.js';
import { searchParamsOf } from './feed.js';

export const SOURCES_PATH = '/api/v2/sources/';

export default async function sourceRoutes(app: FastifyInstance) {
  app.get(
    SOURCES_PATH,
    {
      schema: {
        summary: 'The sources articles come from',
        tags: ['reference'],
        querystring: SourcesQuerySchema,
        response: { 200: SourcesResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const query = parseFeedQuery(searchParamsOf(request.url), 'sources', '', app.cursorSecret);
      const languages = query.filters.languages;
      const listed = (await app.sourceDirectory.list())
        .filter((s) => !languages.length || (s.language !== null && languages.includes(s.language)))
        .sort((a, b) => (a.source.id < b.source.id ? -1 : a.source.id > b.source.id ? 1 : 0));
      // A cursor holds the last id served (sources have no date: its key is 0).
      const start = query.cursor
        ? listed.findIndex((s) => s.source.id > query.cursor!.id)
        : ((query.page ?? 1) - 1) * query.pageSize;
      const from = start === -1 ? listed.length : start;
      const page = listed.slice(from, from + query.pageSize);
      const counts = page.length ? await app.index.sourceCounts() : new Map<string, number>();
      const last = page.at(-1);
      return {
        sources: page.map(({ source, domain, homepage, language, https, iframeable }) => ({
          id: source.id,
          name: source.name,
          domain,
          homepage,
          language,
          type: source.type,
          topics: source.topics.map((id) => ({ id, name: app.catalog.topics.get(id)?.name ?? String(id) })),
          https,
          iframeable,
          articleCount: counts.get(source.id) ?? 0,
        })),
        ...pageMeta(
          SOURCES_PATH,
          request.url,
          query,
          {
            count: page.length,
            total: Math.min(listed.length, EXACT_TOTAL_LIMIT),
            totalExact: listed.length <= EXACT_TOTAL_LIMIT,
            hasMore: from + page.length < listed.length,
            last: last ? { key: 0, id: last.source.id } : null,
          },
          [],
          app.cursorSecret,
        ),
      };
    },
  );
}
