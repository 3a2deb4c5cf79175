/** `GET /api/v2/facets/`: counts of the matching articles by type, topic, company, source, language, day (§1.8). */
import type { FastifyInstance } from 'fastify';
import { parseFeedQuery } from '@tidings/core/query';
import { EXACT_TOTAL_LIMIT } from '@tidings/index/port';
import { errorResponses, FacetsQuerySchema, FacetsResponseSchema } from '../schemas.js';
import { searchParamsOf } from './feed.js';

export const FACETS_PATH = '/api/v2/facets/';

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNumber = (a: number, b: number) => a - b;

/** The `size` largest counts; ties: the smaller id or value first. */
function top<K>(counts: [K, number][], tie: (a: K, b: K) => number, size: number): [K, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || tie(a[0], b[0])).slice(0, size);
}

export default async function facetRoutes(app: FastifyInstance) {
  app.get(
    FACETS_PATH,
    {
      schema: {
        summary: 'Counts of the matching articles by type, topic, company, source, language and day',
        tags: ['feed'],
        querystring: FacetsQuerySchema,
        response: { 200: FacetsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const query = parseFeedQuery(searchParamsOf(request.url), 'facets');
      const { filters, warnings } = await app.resolveFilters(query.filters);
      const counts = await app.index.facets({ filters, facets: query.facets, size: query.facetSize });
      const size = query.facetSize;
      // Names of sources from Redis, only when asked for: the other facets are the index's alone.
      const names = new Map<string, string>(
        query.facets.includes('sources')
          ? (await app.sourceDirectory.list()).map((s) => [s.source.id, s.source.name])
          : [],
      );
      const all = {
        types: () => top(counts.types, byString, size).map(([value, count]) => ({ value, count })),
        topics: () =>
          top(counts.topics, byNumber, size).map(([id, count]) => ({
            id,
            name: app.catalog.topics.get(id)?.name ?? String(id),
            count,
          })),
        companies: () =>
          top(counts.companies, byNumber, size).map(([id, count]) => ({
            id,
            name: app.catalog.companies.get(id)?.name ?? String(id),
            count,
          })),
        sources: () =>
          top(counts.sources, byString, size).map(([id, count]) => ({ id, name: names.get(id) ?? id, count })),
        languages: () => top(counts.languages, byString, size).map(([value, count]) => ({ value, count })),
        // The latest days that have articles, newest first.
        days: () =>
          [...counts.days]
            .sort((a, b) => byString(b[0], a[0]))
            .slice(0, size)
            .map(([value, count]) => ({ value, count })),
      };
      if (counts.counted !== undefined) {
        warnings.push(
          `The counts cover the newest ${counts.counted} matching articles only: this index counts no further.`,
        );
      }
      return {
        facets: Object.fromEntries(query.facets.map((name) => [name, all[name]()])),
        meta: {
          totalResults: Math.min(counts.total, EXACT_TOTAL_LIMIT),
          totalResultsExact: counts.total <= EXACT_TOTAL_LIMIT,
          warnings,
        },
      };
    },
  );
}
