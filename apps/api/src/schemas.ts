/** TypeBox schemas of the public API: they document `/docs` and drive fast response serialisation. */
import { type Static, Type } from '@sinclair/typebox';
import { ARTICLE_TYPES } from '@tidings/core/article';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

export const ArticleSchema = Type.Object(
  {
    id: Type.String({ description: 'Stable id derived from the canonical URL' }),
    url: Type.String({ description: 'Canonical URL' }),
    headline: Type.String(),
    introduction: Type.String({ description: 'Plain text, no HTML' }),
    type: Type.Union(ARTICLE_TYPES.map((t) => Type.Literal(t))),
    publishedAt: Type.String({ description: 'ISO-8601, UTC' }),
    updatedAt: Nullable(Type.String()),
    indexedAt: Type.String(),
    language: Nullable(Type.String()),
    authors: Type.Array(Type.String()),
    imageUrl: Nullable(Type.String()),
    topics: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    companies: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    paywalled: Type.Boolean(),
    registrationRequired: Type.Boolean(),
    source: Type.Object({
      id: Type.String(),
      name: Type.String(),
      domain: Type.String(),
      https: Nullable(Type.Boolean()),
      iframeable: Nullable(Type.Boolean()),
    }),
    story: Type.Object(
      {
        id: Type.String({ description: 'Id of the first article of the story that Tidings indexed' }),
        size: Type.Integer({ description: 'Articles the story has in the index now' }),
      },
      { description: 'The story this article belongs to (the same event reported by several outlets)' },
    ),
  },
  { $id: 'Article' },
);

export const metaProperties = {
  count: Type.Integer(),
  pageSize: Type.Integer(),
  page: Nullable(Type.Integer()),
  totalResults: Type.Integer(),
  totalResultsExact: Type.Boolean(),
  nextCursor: Nullable(Type.String()),
  hasMore: Type.Boolean(),
  warnings: Type.Array(Type.String()),
};

export const Links = Type.Object({ self: Type.String(), next: Nullable(Type.String()) });

export const FeedResponseSchema = Type.Object({
  articles: Type.Array(ArticleSchema),
  meta: Type.Object(metaProperties),
  links: Links,
});

export const RecommendedResponseSchema = Type.Object({
  articles: Type.Array(Type.Intersect([ArticleSchema, Type.Object({ rank: Type.Integer({ minimum: 1 }) })])),
  meta: Type.Object({
    ...metaProperties,
    date: Type.String({ description: 'The day served, YYYY-MM-DD' }),
    updatedAt: Nullable(Type.String()),
  }),
  links: Links,
});

export const ProblemSchema = Type.Object({
  type: Type.Optional(Type.String()),
  status: Type.Integer(),
  code: Type.String(),
  title: Type.String(),
  detail: Type.String(),
  invalidParams: Type.Optional(
    Type.Array(
      Type.Object({ name: Type.String(), value: Nullable(Type.String()), reason: Type.String(), code: Type.String() }),
    ),
  ),
  requestId: Type.String(),
});

const list = (description: string) => Type.Optional(Type.String({ description }));
const flag = (description: string) => Type.Optional(Type.String({ enum: ['0', '1'], description }));

export const FeedQuerySchema = Type.Object({
  apiKey: Type.Optional(Type.String({ description: 'Your api key (or the X-Api-Key header)' })),
  articleTypes: list(`Comma-separated: ${ARTICLE_TYPES.join(', ')}`),
  includeTopics: list('Comma-separated IPTC Media Topic ids; descendants included'),
  includeCompanies: list('Comma-separated company ids (SEC CIK)'),
  excludeCompanies: list('Comma-separated company ids (SEC CIK); wins over includeCompanies'),
  additionalSources: list('Comma-separated host or host/path entries whose articles are left out'),
  includePaywalled: flag('1 (default) or 0'),
  includeRegistration: flag('1 (default) or 0'),
  excludeNonIframeableSources: flag('0 (default) or 1'),
  excludeNonHttpsSources: flag('0 (default) or 1'),
  searchTerms: list('Comma-separated words or phrases, matched in headline or introduction'),
  from: Type.Optional(Type.String({ description: 'ISO-8601 date or date-time (inclusive)' })),
  to: Type.Optional(Type.String({ description: 'ISO-8601 date or date-time (inclusive)' })),
  languages: list('Comma-separated ISO 639-1 codes; an article of unknown language matches none'),
  includeSources: list('Comma-separated source ids (see /api/v2/sources/)'),
  collapseStories: flag('0 (default) or 1: one article per story, the earliest published'),
  pageSize: Type.Optional(Type.String({ description: '1–100, default 20' })),
  page: Type.Optional(Type.String({ description: '1-based; page × pageSize ≤ 10 000' })),
  cursor: Type.Optional(Type.String({ description: 'meta.nextCursor of the previous page' })),
});

export const RecommendedQuerySchema = Type.Composite([
  FeedQuerySchema,
  Type.Object({ date: Type.Optional(Type.String({ description: 'YYYY-MM-DD; default today (EDITORIAL_TZ)' })) }),
]);

const { pageSize: _pageSize, page: _page, cursor: _cursor, ...filterQuery } = FeedQuerySchema.properties;

export const FacetsQuerySchema = Type.Object({
  ...filterQuery,
  facets: list('Comma-separated: types, topics, companies, sources, languages, days (default all)'),
  facetSize: Type.Optional(Type.String({ description: '1–100, default 10: values listed per facet' })),
});

const Count = Type.Integer({ minimum: 0 });
export const FacetsResponseSchema = Type.Object({
  facets: Type.Object({
    types: Type.Optional(Type.Array(Type.Object({ value: Type.String(), count: Count }))),
    topics: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), count: Count }))),
    companies: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), count: Count }))),
    sources: Type.Optional(Type.Array(Type.Object({ id: Type.String(), name: Type.String(), count: Count }))),
    languages: Type.Optional(Type.Array(Type.Object({ value: Type.String(), count: Count }))),
    days: Type.Optional(Type.Array(Type.Object({ value: Type.String(), count: Count }))),
  }),
  meta: Type.Object({
    totalResults: Type.Integer(),
    totalResultsExact: Type.Boolean(),
    warnings: Type.Array(Type.String()),
  }),
});

export const SourcesQuerySchema = Type.Object({
  apiKey: FeedQuerySchema.properties.apiKey,
  languages: FeedQuerySchema.properties.languages,
  pageSize: FeedQuerySchema.properties.pageSize,
  page: FeedQuerySchema.properties.page,
  cursor: FeedQuerySchema.properties.cursor,
});

export const SourcesResponseSchema = Type.Object({
  sources: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      domain: Type.String({ description: 'The host most of its articles live on, without www.' }),
      homepage: Type.String({ description: "The site's home page: the one its feed names, else the feed host's root" }),
      language: Nullable(Type.String({ description: "The source setting, else its feed's language (ISO 639-1)" })),
      type: Type.String({ description: 'Default article type of the source' }),
      topics: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
      https: Nullable(Type.Boolean()),
      iframeable: Nullable(Type.Boolean()),
      articleCount: Type.Integer(),
    }),
  ),
  meta: Type.Object(metaProperties),
  links: Links,
});

export type FeedResponse = Static<typeof FeedResponseSchema>;
export type RecommendedResponse = Static<typeof RecommendedResponseSchema>;

export const errorResponses = {
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  429: ProblemSchema,
  503: ProblemSchema,
};
