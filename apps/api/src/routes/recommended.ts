/**
 * `GET /api/v2/feed-recommended/`: one day's editorial selection in editorial order, under the same
 * filters; ranks keep their editorial value when filters hide articles.
 */
import type { FastifyInstance } from 'fastify';
import type { Article } from '@tidings/core/article';
import { parseFeedQuery } from '@tidings/core/query';
import { errorResponses, RecommendedQuerySchema, RecommendedResponseSchema } from '../schemas.js';
import { pageMeta } from '../feed-page.js';
import { searchParamsOf } from './feed.js';

export const RECOMMENDED_PATH = '/api/v2/feed-recommended/';

/** Today's date (YYYY-MM-DD) in a time zone. */
export function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The earliest published article of each story (ties: the smallest id), in rank order. */
function collapseSelection<T extends Article & { rank: number }>(articles: T[]): T[] {
  const earliest = new Map<string, T>();
  for (const article of articles) {
    const story = article.story?.id ?? article.id;
    const best = earliest.get(story);
    const earlier =
      !best ||
      article.publishedAt < best.publishedAt ||
      (article.publishedAt === best.publishedAt && article.id < best.id);
    if (earlier) earliest.set(story, article);
  }
  const kept = new Set(earliest.values());
  return articles.filter((article) => kept.has(article));
}

export default async function recommendedRoutes(app: FastifyInstance) {
  app.get(
    RECOMMENDED_PATH,
    {
      schema: {
        summary: "The editors' selection of a day",
        tags: ['feed'],
        querystring: RecommendedQuerySchema,
        response: { 200: RecommendedResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const query = parseFeedQuery(searchParamsOf(request.url), 'recommended', '', app.cursorSecret);
      const { filters, warnings } = await app.resolveFilters(query.filters);
      const today = dayIn(app.editorialTimeZone, app.now());
      const selection = await app.redisBreaker.run(() =>
        query.date ? app.selections.get(query.date) : app.selections.latestOnOrBefore(today),
      );
      const ids = selection?.ids ?? [];
      const rankOf = new Map(ids.map((id, i) => [id, i + 1]));
      // Stories collapse among the day's selection (not over the whole index): the earliest published
      // of each story's selected articles keeps its rank.
      let matching = (await app.index.getByIds(ids, { ...filters, collapseStories: false })).map((article) => ({
        ...article,
        rank: rankOf.get(article.id)!,
      }));
      if (filters.collapseStories) matching = collapseSelection(matching);
      const start = query.cursor
        ? matching.findIndex((a) => a.rank > query.cursor!.key)
        : ((query.page ?? 1) - 1) * query.pageSize;
      const from = start === -1 ? matching.length : start;
      const articles = matching.slice(from, from + query.pageSize);
      const last = articles.at(-1);
      const page = pageMeta(
        RECOMMENDED_PATH,
        request.url,
        query,
        {
          count: articles.length,
          total: matching.length,
          totalExact: true,
          hasMore: from + articles.length < matching.length,
          last: last ? { key: last.rank, id: last.id } : null,
        },
        warnings,
        app.cursorSecret,
      );
      return {
        articles,
        meta: { ...page.meta, date: selection?.date ?? query.date ?? today, updatedAt: selection?.updatedAt ?? null },
        links: page.links,
      };
    },
  );
}
