/** `buildTestApp()`: the real app on real Redis (a fresh key prefix per app) and an in-memory index. */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Redis } from 'ioredis';
import { loadCatalog, topicParents } from '@tidings/catalog/catalog';
import { testEnv } from '@tidings/config/config';
import type { Article } from '@tidings/core/article';
import { articleIdFor, canonicalizeUrl } from '@tidings/core/url';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { MeilisearchArticleIndex } from '@tidings/index/meilisearch';
import type { ArticleIndex } from '@tidings/index/port';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { RateLimiter } from '@tidings/store/rate-limit';
import { createRedis } from '@tidings/store/redis';
import { EditorStore } from '@tidings/store/editors';
import { ProbeCache } from '@tidings/store/probe-cache';
import { sharedCursorSecret } from '@tidings/store/secrets';
import { SelectionStore } from '@tidings/store/selections';
import { SourceStore } from '@tidings/store/sources';
import { type AppDeps, buildApp } from '../src/app.js';
import { ArticleSchema } from '../src/schemas.js';

export const REDIS_URL = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';

export interface TestApp {
  app: FastifyInstance;
  index: ArticleIndex;
  keys: ApiKeyStore;
  selections: SelectionStore;
  sources: SourceStore;
  probes: ProbeCache;
  redis: Redis;
  prefix: string;
  /** A valid key with a generous rate. */
  key: string;
  get(
    path: string,
    init?: { headers?: Record<string, string>; method?: 'GET' | 'HEAD' },
  ): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function buildTestApp(overrides: Partial<AppDeps> & { index?: ArticleIndex } = {}): Promise<TestApp> {
  const prefix = `tidings-test:${randomUUID()}:`;
  const redis = createRedis({ url: REDIS_URL, failFast: true });
  const catalog = loadCatalog();
  const parents = topicParents();
  // API_TESTS_INDEX=meilisearch (with MEILI_URL): the same tests on a throw-away Meilisearch index.
  const meili = testEnv('MEILI_URL') && testEnv('API_TESTS_INDEX') === 'meilisearch';
  const index: ArticleIndex = meili
    ? new MeilisearchArticleIndex({
        host: testEnv('MEILI_URL')!,
        ...(testEnv('MEILI_API_KEY') ? { apiKey: testEnv('MEILI_API_KEY')! } : {}),
        indexUid: `tidings_api_test_${randomUUID().slice(0, 8)}`,
        topicParents: parents,
      })
    : // Pages printed by the index, as the API's query threads do (test/feed.test.ts covers the objects' path too).
      new EmbeddedArticleIndex({ file: ':memory:', topicParents: parents, articleSchema: ArticleSchema });
  await index.init();
  const keys = new ApiKeyStore(redis, prefix);
  const selections = new SelectionStore(redis, prefix);
  const sources = new SourceStore(redis, prefix);
  const probes = new ProbeCache(redis, prefix);
  const app = await buildApp({
    index,
    catalog,
    keys,
    limiter: new RateLimiter(redis, prefix),
    selections,
    sources,
    probes,
    cursorSecret: await sharedCursorSecret(redis, prefix),
    editors: new EditorStore(redis, prefix),
    redis,
    ...overrides,
  });
  const { key } = await keys.create('test', 100_000);
  return {
    app,
    index,
    keys,
    selections,
    sources,
    probes,
    redis,
    prefix,
    key,
    get: (path, init = {}) =>
      app.inject({ method: init.method ?? 'GET', url: path, ...(init.headers ? { headers: init.headers } : {}) }),
    async close() {
      await app.close();
      if (index instanceof MeilisearchArticleIndex) await index.drop();
      await index.close();
      const stale = await redis.keys(`${prefix}*`);
      if (stale.length) await redis.del(...stale);
      redis.disconnect();
    },
  };
}

let counter = 0;

/** A complete article; `url` decides the id. */
export function article(overrides: Partial<Article> = {}): Article {
  counter += 1;
  const url = canonicalizeUrl(overrides.url ?? `https://www.example.com/news/story-${counter}`)!;
  return {
    headline: `Headline ${counter}`,
    introduction: `Introduction ${counter}`,
    type: 'article',
    publishedAt: new Date(Date.UTC(2026, 10, 1) + counter * 60_000).toISOString().replace('.000Z', 'Z'),
    updatedAt: null,
    indexedAt: '2026-11-20T00:00:00Z',
    language: 'en',
    authors: [],
    imageUrl: null,
    topics: [],
    companies: [],
    paywalled: false,
    registrationRequired: false,
    source: { id: 'example', name: 'Example', domain: 'example.com', https: true, iframeable: true },
    ...overrides,
    url,
    id: articleIdFor(url),
  };
}
