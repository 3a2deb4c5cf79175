/** `GET /api/v2/topics/` and `/api/v2/companies/`: the reference lists behind the id filters. */
import { Type } from '@sinclair/typebox';
import { COMPANY_ALIASES } from '@tidings/catalog/company-aliases';
import type { FastifyInstance } from 'fastify';
import { type InvalidParam, ProblemError } from '@tidings/core/problem';
import { closestParameter } from '@tidings/core/query';
import { foldText } from '@tidings/core/text';
import { errorResponses } from '../schemas.js';
import { searchParamsOf } from './feed.js';

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
    '/api/v2/companies/',
    {
      schema: {
        summary: 'Companies (SEC EDGAR CIK) usable in includeCompanies / excludeCompanies',
        tags: ['reference'],
        querystring: Type.Object({
          apiKey: Type.Optional(Type.String()),
          name: Type.Optional(Type.String({ description: 'Part of the name or a ticker, case-insensitive' })),
        }),
        response: {
          200: Type.Object({ companies: Type.Array(CompanySchema), meta: Type.Object({ count: Type.Integer() }) }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const params = readParams(request.url, ['apiKey', 'name']);
      const needle = params.has('name') ? foldText(params.get('name')!) : null;
      const companies = [...app.catalog.companies.values()]
        .map((c) => ({ ...c, aliases: [...new Set([...(COMPANY_ALIASES[c.id] ?? []), ...(c.aliases ?? [])])] }))
        .filter(
          (c) =>
            !needle ||
            foldText(c.name).includes(needle) ||
            c.tickers.some((t) => t.toLowerCase() === needle) ||
            c.aliases.some((a) => foldText(a) === needle),
        );
      return { companies, meta: { count: companies.length } };
    },
  );
}
