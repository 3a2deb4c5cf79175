/**
 * Builds the Fastify app (tests use `app.inject()`); `server.ts` only wires real services and listens.
 * Plugins in a fixed order: external libraries, app services, then routes.
 */
import { randomUUID } from 'node:crypto';
import cors from '@fastify/cors';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Redis } from 'ioredis';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Catalog } from '@tidings/catalog/catalog';
import type { ArticleIndex } from '@tidings/index/port';
import type { ApiKeyStore } from '@tidings/store/api-keys';
import type { RateLimiter } from '@tidings/store/rate-limit';
import { RedisBreaker } from '@tidings/store/redis';
import type { EditorStore } from '@tidings/store/editors';
import type { ProbeCache } from '@tidings/store/probe-cache';
import type { SelectionStore } from '@tidings/store/selections';
import type { SourceStore } from '@tidings/store/sources';
import { type AdminOptions, adminRoutes } from './plugins/admin.js';
import { logThrottle } from './log-throttle.js';
import auth from './plugins/auth.js';
import caching from './plugins/caching.js';
import problems, { clientProblem, redactKeys } from './plugins/problems.js';
import services from './plugins/services.js';
import feedRoutes from './routes/feed.js';
import healthRoutes from './routes/health.js';
import recommendedRoutes from './routes/recommended.js';
import facetRoutes from './routes/facets.js';
import referenceRoutes from './routes/reference.js';
import sourceRoutes from './routes/sources.js';
import deskRoutes from './routes/desk.js';
import storyRoutes from './routes/stories.js';

export interface AppDeps {
  index: ArticleIndex;
  catalog: Catalog;
  keys: ApiKeyStore;
  limiter: RateLimiter;
  selections: SelectionStore;
  sources: SourceStore;
  probes: ProbeCache;
  /** The desk's editors (CONTRACT §5); without it the desk is not served. */
  editors?: EditorStore;
  /** Whether the desk is served over https (its cookies are then `Secure`). */
  secureCookies?: boolean;
  /** Origins allowed to call the API from a browser (CORS), or `*`; none: CORS off. */
  corsOrigins?: readonly string[] | '*';
  /** Secret cursors are signed with, the same on every instance (`CURSOR_SECRET` or kept in Redis). */
  cursorSecret: string;
  redis: Redis;
  editorialTimeZone?: string;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
  /** In-process api key cache lifetime (default 10 s; revocation takes at most this long). */
  keyCacheMs?: number;
  /** Redis skipped for a moment after a command failed because it is away (default: 2 s). */
  redisBreaker?: RedisBreaker;
  /** Bull Board at /admin/queues over these queues, when a token is given. */
  admin?: AdminOptions;
  /** How long a client may take to send a request, and how many connections are served at once. */
  connections?: Partial<ConnectionLimits>;
}

/**
 * What a client's connection may cost the server. Without limits, a socket that never sends a request (or
 * sends its headers a line at a time) is held for good: 20 000 of them took every file descriptor of the
 * API, which then answered no one (bench/RESULTS.md, session 65).
 */
export interface ConnectionLimits {
  /** Time to send the request line and headers, from the connection or the previous response. */
  headersTimeoutMs: number;
  /** Time to send the whole request, body included. */
  requestTimeoutMs: number;
  /** How often the server looks for connections past those limits. */
  checkEveryMs: number;
  /**
   * Time a connection may stay without a byte either way while a request is under way (an answer the client
   * does not read, past what the sockets' buffers hold); between requests `keepAliveTimeout` (72 s) applies.
   */
  idleTimeoutMs: number;
  /** Time a client answered an error by the HTTP parser (408, 400, 414, 431) is given to read it and close. */
  lingerMs: number;
  /**
   * Connections served at once: past it, a new one is closed at once (and logged), so that the process keeps
   * file descriptors for its index, Redis and the connections it has.
   */
  maxConnections: number;
}

export const CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 30_000,
  checkEveryMs: 5_000,
  idleTimeoutMs: 90_000,
  lingerMs: 5_000,
  maxConnections: 10_000,
};

/** Fastify's options that hold a client to {@link ConnectionLimits} (the API's, and the admin UI's own port). */
export function connectionOptions(limits: ConnectionLimits) {
  return {
    requestTimeout: limits.requestTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    clientErrorHandler: clientProblem(limits.lingerMs),
    http: {
      maxHeaderSize: 64 * 1024,
      headersTimeout: limits.headersTimeoutMs,
      connectionsCheckingInterval: limits.checkEveryMs,
    },
  };
}

/** Caps the connections of a Fastify app's server, with a warning (at most every 10 s) when it turns one away. */
export function capConnections(app: FastifyInstance, maxConnections: number): void {
  app.server.maxConnections = maxConnections;
  const warning = logThrottle();
  app.server.on('drop', () =>
    warning((heldBack) =>
      app.log.warn(
        { maxConnections, heldBack },
        'connection refused: the server has as many open connections as it serves (HTTP_MAX_CONNECTIONS)',
      ),
    ),
  );
}

/**
 * Parameters whose value is a credential, by their name case folded: the api key, and the desk's one-time
 * sign-in token (`/desk/?token=…`, `/desk/api/link?token=…`), which until used signs anyone in who reads it.
 */
const SECRET_PARAMETERS = new Set(['apikey', 'token']);

/** Removes credentials from a URL before it is logged: the `apiKey` and `token` parameters, and any key anywhere. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return redactKeys(url);
  // Parameter names are read percent-decoded (`api%4Bey` is `apiKey`), so they are compared so too.
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq === -1 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name.replaceAll('+', ' '));
      } catch {
        // a malformed name is logged as it came
      }
      return SECRET_PARAMETERS.has(decoded.trim().toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return redactKeys(`${url.slice(0, q + 1)}${query}`);
}

/** pino options of the API: the api key never reaches a log line (URL and header redacted). */
export function loggerOptions(level: string, pretty: boolean, stream?: { write(line: string): void }) {
  return {
    level,
    redact: { paths: ['req.headers["x-api-key"]', 'req.headers["X-Api-Key"]'], censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; id: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        id: req.id,
      }),
    },
    ...(pretty ? { transport: { target: 'pino-pretty' } } : {}),
    ...(stream ? { stream } : {}),
  };
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
/** The rate limiter's key for `/readyz`'s own count after a failure (an api key's id is 8 hex digits). */
const READYZ_LIMITER_KEY = 'readyz';

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const limits = { ...CONNECTION_LIMITS, ...deps.connections };
  const app = Fastify({
    logger: deps.logger ?? false,
    routerOptions: { ignoreTrailingSlash: true },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ...connectionOptions(limits),
    return503OnClosing: true,
  });
  capConnections(app, limits.maxConnections);

  // External libraries.
  if (deps.corsOrigins && deps.corsOrigins.length) {
    await app.register(cors, {
      origin: deps.corsOrigins === '*' ? '*' : [...deps.corsOrigins],
      methods: ['GET', 'HEAD'],
      allowedHeaders: ['X-Api-Key', 'If-None-Match', 'X-Request-Id'],
      exposedHeaders: [
        'ETag',
        'X-Request-Id',
        'RateLimit',
        'RateLimit-Policy',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
        'Retry-After',
      ],
      maxAge: 600,
    });
  }
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tidings API',
        version: '2',
        description: 'News articles from publisher feeds: filterable, paged, exact. See CONTRACT.md.',
      },
      components: {
        securitySchemes: {
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'apiKey' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-Api-Key' },
        },
      },
      security: [{ apiKeyQuery: [] }, { apiKeyHeader: [] }],
    },
    // The desk's own API serves its page, not API consumers: it is not documented among theirs (it was
    // listed, without an api key, beside /api/v2/).
    transform: ({ schema, url }) => ({ schema: url.startsWith('/desk/') ? { ...schema, hide: true } : schema, url }),
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Query strings are read by parseFeedQuery (exact, all problems at once); schemas only document them.
  app.setValidatorCompiler(() => () => true);

  // App services.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'tidings_http_requests_total',
    help: 'HTTP requests by route and status',
    labelNames: ['route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'tidings_http_request_duration_seconds',
    help: 'HTTP request duration by route',
    labelNames: ['route'],
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [registry],
  });
  const limiterDown = new Counter({
    name: 'tidings_rate_limiter_unavailable_total',
    help: 'Requests served without a rate-limit check because Redis was unreachable',
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ route, status: String(reply.statusCode) });
    duration.observe({ route }, reply.elapsedTime / 1000);
  });

  await app.register(problems, { cors: Boolean(deps.corsOrigins && deps.corsOrigins.length) });
  const breaker = deps.redisBreaker ?? new RedisBreaker();
  await app.register(services, {
    breaker,
    index: deps.index,
    catalog: deps.catalog,
    selections: deps.selections,
    sources: deps.sources,
    probes: deps.probes,
    cursorSecret: deps.cursorSecret,
    now: deps.now ?? (() => new Date()),
    editorialTimeZone: deps.editorialTimeZone ?? 'UTC',
  });

  let limiterDegraded = false;
  const limiterWarning = logThrottle();

  // Routes.
  if (deps.admin) await app.register(adminRoutes, deps.admin);
  const limiterRecovered = async () => {
    if (!limiterDegraded) return true;
    // Answered by Redis: the next request's count goes there again.
    await deps.limiter.hit(READYZ_LIMITER_KEY, 1);
    limiterDegraded = false;
    return true;
  };
  await app.register(healthRoutes, { redis: deps.redis, registry, limiterRecovered });
  await app.register(async (api) => {
    await api.register(auth, {
      keys: deps.keys,
      limiter: deps.limiter,
      breaker,
      ...(deps.keyCacheMs !== undefined ? { cacheMs: deps.keyCacheMs } : {}),
      onLimiterDown: (error) => {
        limiterDegraded = true;
        limiterDown.inc();
        limiterWarning((heldBack) =>
          api.log.warn(
            { err: error, heldBack },
            'rate limiter cannot reach Redis: counting limits in this process meanwhile',
          ),
        );
      },
      onLimiterUp: () => {
        limiterDegraded = false;
      },
    });
    await api.register(caching);
    await api.register(feedRoutes);
    await api.register(recommendedRoutes);
    await api.register(referenceRoutes);
    await api.register(storyRoutes);
    await api.register(facetRoutes);
    await api.register(sourceRoutes);
  });
  if (deps.editors) {
    await app.register(deskRoutes, {
      editors: deps.editors,
      sources: deps.sources,
      ...(deps.secureCookies ? { secureCookies: true } : {}),
    });
  }

  return app;
}
