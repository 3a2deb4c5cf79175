/** `GET /api/v2/topics/` and `/api/v2/companies/`: the reference lists behind the id filters. */
import { Type } from '@sinclair/typebox';
import { COMPANY_ALIASES } from '@tidings/catalog/company-aliases';
import type { FastifyInstance } from 'fastify';
import { type InvalidParam, ProblemError } from '@tidings/core/problem';
import { closestParameter } from '@tidings/core/query';
import { parseFeedQuery } from '@tidings/core/query';
import { foldText, wordsOf } from '@tidings/core/text';
import { EXACT_TOTAL_LIMIT } from '@tidings/index/port';
import type { Company } from '@tidings/catalog/catalog';
import { pageMeta } from '../feed-page.js';
import { errorResponses, FeedQuerySchema, Links, metaProperties } from '../schemas.js';
import { searchParamsOf } from './feed.js';

export const COMPANIES_PATH = '/api/v2/companies/';

/** How well a company answers a `name` search: lower is better, `null` is no match. */
function matchRank(company: Company, needle: string): number | null {
  if (company.tickers.some((t) => t.toLowerCase() === needle)) return 0;
  const name = foldText(company.name);
  const aliases = [...(COMPANY_ALIASES[company.id] ?? []), ...(company.aliases ?? [])].map(foldText);
  if (name === needle || aliases.includes(needle)) return 1;
  if (name.startsWith(needle) || aliases.some((a) => a.startsWith(needle))) return 2;
  const words = ` ${wordsOf(name).join(' ')} `;
  const wanted = wordsOf(needle).join(' ');
  if (wanted && words.includes(` ${wanted} `)) return 3;
  if (name.includes(needle) || aliases.some((a) => a.includes(needle))) return 4;
  return null;
}

/**
 * The companies list: with a search, the best matches first (exact ticker, exact name or alias, name
 * prefix, whole words, substring; then shorter names, then by name); without one, every company by name.
 */
export function rankCompanies(companies: readonly Company[], needle: string): Company[] {
  const ranked: { company: Company; rank: number; name: string }[] = [];
  for (const company of companies) {
    const rank = needle ? matchRank(company, needle) : 0;
    if (rank !== null) ranked.push({ company, rank, name: foldText(company.name) });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      (needle ? a.name.length - b.name.length : 0) ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : a.company.id - b.company.id),
  );
  return ranked.map((r) => r.company);
}

function readParams(url: string, known: string[]): Map<string, string> {
  const problems: InvalidParam[] = [];
  const values = new Map<string, string>();
  for (const [name, value] of searchParamsOf(url)) {
    if (!known.includes(name)) {
      const hint = closestParameter(name, known);
      problems.push({
        name,
        value,
        reason: hint ? `is not a known parameter; did you mean '${hint}'?` : 'is not a known parameter',
        code: 'parameterUnknown',
      });
    } else if (values.has(name)) {
      problems.push({ name, value, reason: 'is given more than once', code: 'parameterRepeated' });
    } else if (value.trim()) values.set(name, value.trim());
  }
  if (problems.length) throw ProblemError.fromInvalidParams(problems);
  return values;
}

const TopicSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parent: Type.Union([Type.Integer(), Type.Null()]),
});
const CompanySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  tickers: Type.Array(Type.String()),
  exchange: Type.Union([Type.String(), Type.Null()]),
  aliases: Type.Array(Type.String()),
});

export default async function referenceRoutes(app: FastifyInstance) {
  app.get(
    '/api/v2/topics/',
    {
      schema: {
        summary: 'IPTC Media Topics (© IPTC, CC BY 4.0) usable in includeTopics',
        tags: ['reference'],
        querystring: Type.Object({ apiKey: Type.Optional(Type.String()), name: Type.Optional(Type.String()) }),
        response: {
          200: Type.Object({
            topics: Type.Array(TopicSchema),
            meta: Type.Object({ count: Type.Integer(), attribution: Type.String() }),
          }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const params = readParams(request.url, ['apiKey', 'name']);
      const needle = params.has('name') ? foldText(params.get('name')!) : null;
      const topics = [...app.catalog.topics.values()].filter((t) => !needle || foldText(t.name).includes(needle));
      return {
        topics,
        meta: {
          count: topics.length,
          attribution: 'IPTC Media Topics © IPTC, CC BY 4.0, https://iptc.org/standards/media-topics/',
        },
      };
    },
  );

  app.get(
    COMPANIES_PATH,
    {
      schema: {
        summary: 'Companies (SEC EDGAR CIK) usable in includeCompanies / excludeCompanies',
        description:
          'Paged like /feed/. With `name`: exact ticker first, then exact name (or alias), name prefix, ' +
          'whole-word match and substring; shorter names first within each. Without: every company by name.',
        tags: ['reference'],
        querystring: Type.Object({
          apiKey: Type.Optional(Type.String()),
          name: Type.Optional(Type.String({ description: 'Part of the name or a ticker, case-insensitive' })),
          pageSize: FeedQuerySchema.properties.pageSize,
          page: FeedQuerySchema.properties.page,
          cursor: FeedQuerySchema.properties.cursor,
        }),
        response: {
          200: Type.Object({ companies: Type.Array(CompanySchema), meta: Type.Object(metaProperties), links: Links }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const params = searchParamsOf(request.url);
      const name = params.find(([key]) => key === 'name')?.[1].trim() ?? '';
      const needle = foldText(name);
      const query = parseFeedQuery(params, 'companies', needle, app.cursorSecret);
      const ranked = rankCompanies([...app.catalog.companies.values()], needle);
      const start = query.cursor
        ? ranked.findIndex((c) => String(c.id) === query.cursor!.id) + 1
        : ((query.page ?? 1) - 1) * query.pageSize;
      // A cursor whose company is gone (a catalog update) starts again at the top rather than failing.
      const from = Math.max(0, Math.min(start, ranked.length));
      const page = ranked.slice(from, from + query.pageSize);
      const last = page.at(-1);
      return {
        companies: page.map((c) => ({
          ...c,
          aliases: [...new Set([...(COMPANY_ALIASES[c.id] ?? []), ...(c.aliases ?? [])])],
        })),
        ...pageMeta(
          COMPANIES_PATH,
          request.url,
          query,
          {
            count: page.length,
            total: Math.min(ranked.length, EXACT_TOTAL_LIMIT),
            totalExact: ranked.length <= EXACT_TOTAL_LIMIT,
            hasMore: from + page.length < ranked.length,
            last: last ? { key: 0, id: String(last.id) } : null,
          },
          [],
          app.cursorSecret,
        ),
      };
    },
  );
}
