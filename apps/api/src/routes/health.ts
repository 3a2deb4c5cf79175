/** `/` (an index of the API), `/healthz` (liveness), `/readyz` (index + Redis) and `/metrics` (Prometheus). */
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Registry } from 'prom-client';

export interface HealthOptions {
  redis: Redis;
  registry: Registry;
  /**
   * Whether the rate limiter counts in Redis again: true at once unless its last command failed; after a
   * failure it tries one count of its own ({@link RateLimiter.hit} on a key no api key has), since an idle
   * API would otherwise say "recovering" until the next keyed request, long after Redis came back.
   */
  limiterRecovered: () => Promise<boolean>;
}

async function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What `/` answers: where things are, for someone who opens the API's address in a browser. */
const INDEX = {
  name: 'Tidings API',
  version: '2',
  docs: '/docs',
  openapi: '/docs/json',
  endpoints: [
    '/api/v2/feed/',
    '/api/v2/feed-recommended/',
    '/api/v2/stories/{storyId}/',
    '/api/v2/facets/',
    '/api/v2/sources/',
    '/api/v2/topics/',
    '/api/v2/companies/',
  ],
  authentication: 'an api key as the apiKey query parameter or the X-Api-Key header',
  health: ['/healthz', '/readyz', '/metrics'],
  desk: '/desk/',
};

export default async function healthRoutes(app: FastifyInstance, options: HealthOptions) {
  app.get('/', { schema: { hide: true } }, async () => INDEX);
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const checks: Record<string, string> = {};
    let indexUp = true;
    try {
      await within(app.index.ping(), 2_000);
      checks.index = 'ok';
    } catch (error) {
      indexUp = false;
      checks.index = `unavailable: ${(error as Error).message}`;
    }
    try {
      await within(options.redis.ping(), 1_000);
      checks.redis = (await within(options.limiterRecovered(), 1_000).catch(() => false)) ? 'ok' : 'recovering';
    } catch (error) {
      checks.redis = `unavailable (rate limits fail open, only recently seen keys are served): ${(error as Error).message}`;
    }
    const status = !indexUp ? 'unavailable' : checks.redis === 'ok' ? 'ready' : 'degraded';
    reply.code(indexUp ? 200 : 503);
    if (!indexUp) reply.header('Retry-After', '5');
    return { status, index: app.index.kind, checks };
  });

  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(options.registry.contentType);
    return options.registry.metrics();
  });
}
