/** Starts the API: real Redis, the configured index, graceful shutdown on SIGTERM/SIGINT. */
// First: a Node too old for what follows says so and exits.
import '@tidings/config/node-version';
import Fastify from 'fastify';
import { loadCatalogOrExit, topicParents } from '@tidings/catalog/catalog';
import { loadConfigOrExit } from '@tidings/config/config';
import { openIndexOrExit } from '@tidings/index/factory';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { RateLimiter } from '@tidings/store/rate-limit';
import { assertRedisReachable, createRedis, redactUrl as redactRedisUrl } from '@tidings/store/redis';
import { EditorStore } from '@tidings/store/editors';
import { ProbeCache } from '@tidings/store/probe-cache';
import { sharedCursorSecret } from '@tidings/store/secrets';
import { SelectionStore } from '@tidings/store/selections';
import { SourceStore } from '@tidings/store/sources';
import { createQueue, createQueueConnection, QUEUES } from '@tidings/queue/queues';
import { buildApp, capConnections, CONNECTION_LIMITS, connectionOptions, loggerOptions } from './app.js';
import { ArticleSchema } from './schemas.js';
import { adminRoutes } from './plugins/admin.js';

const config = loadConfigOrExit();
const redis = createRedis({ url: config.REDIS_URL, failFast: true, name: 'tidings-api' });
redis.on('error', () => {
  // Reported through /readyz and request logs; ioredis keeps reconnecting.
});
const catalog = loadCatalogOrExit(config.CATALOG_OVERRIDES, { topicModel: config.TOPIC_MODEL === 'on' });
// Query threads print pages with the response schema's own serialiser (see `feedPage`).
const index = await openIndexOrExit(config, 'tidings-api', {
  serving: true,
  topicParents: topicParents(),
  articleSchema: ArticleSchema,
});

// The queue admin exists only with a token; it watches the worker's queues.
const adminConnection = config.ADMIN_TOKEN ? createQueueConnection(config.REDIS_URL, 'producer') : null;
const adminQueues = adminConnection
  ? Object.values(QUEUES).map((name) => createQueue(name, adminConnection, config.REDIS_PREFIX))
  : [];

const admin = { token: config.ADMIN_TOKEN ?? '', queues: adminQueues, write: config.ADMIN_WRITE };
/** With ADMIN_PORT the admin UI listens on its own port (ADMIN_HOST, default loopback only). */
const connections = { ...CONNECTION_LIMITS, maxConnections: config.HTTP_MAX_CONNECTIONS };
const adminApp =
  config.ADMIN_TOKEN && config.ADMIN_PORT ? Fastify({ logger: false, ...connectionOptions(connections) }) : null;
if (adminApp) {
  capConnections(adminApp, connections.maxConnections);
  await adminApp.register(adminRoutes, admin);
}

/** How long the API waits at start for a Redis that does not answer yet (when it needs it to start). */
const REDIS_PATIENCE_MS = 15_000;

/** The shared cursor secret from Redis; without Redis the API cannot sign cursors that others accept. */
async function cursorSecretOrExit(): Promise<string> {
  try {
    // Started beside Redis (a machine's boot, `docker compose up`, a Redis restart), it waits for it, as the
    // worker does.
    await assertRedisReachable(redis, config.REDIS_URL, {
      patienceMs: REDIS_PATIENCE_MS,
      onWait: () =>
        process.stderr.write(`tidings-api: waiting for Redis at ${redactRedisUrl(config.REDIS_URL)} (up to 15 s)\n`),
    });
    return await sharedCursorSecret(redis, config.REDIS_PREFIX);
  } catch (error) {
    process.stderr.write(
      `tidings-api: cannot read the cursor secret from Redis (${(error as Error).message}); set CURSOR_SECRET or start Redis\n`,
    );
    process.exit(1);
  }
}

const app = await buildApp({
  index,
  catalog,
  keys: new ApiKeyStore(redis, config.REDIS_PREFIX),
  limiter: new RateLimiter(redis, config.REDIS_PREFIX),
  selections: new SelectionStore(redis, config.REDIS_PREFIX),
  sources: new SourceStore(redis, config.REDIS_PREFIX),
  probes: new ProbeCache(redis, config.REDIS_PREFIX),
  editors: new EditorStore(redis, config.REDIS_PREFIX),
  secureCookies: (config.PUBLIC_URL ?? '').startsWith('https:'),
  cursorSecret: config.CURSOR_SECRET ?? (await cursorSecretOrExit()),
  ...(config.CORS_ORIGINS
    ? {
        corsOrigins:
          config.CORS_ORIGINS.trim() === '*' ? ('*' as const) : config.CORS_ORIGINS.split(',').map((o) => o.trim()),
      }
    : {}),
  redis,
  connections,
  editorialTimeZone: config.EDITORIAL_TZ,
  // On the public port only when no port of its own is given.
  ...(config.ADMIN_TOKEN && !config.ADMIN_PORT ? { admin } : {}),
  logger: loggerOptions(config.LOG_LEVEL, Boolean(process.stdout.isTTY)),
});

let closing = false;
async function shutdown(signal: string, code = 0) {
  if (closing) return;
  closing = true;
  if (signal) app.log.info({ signal }, 'shutting down');
  const deadline = setTimeout(() => {
    app.log.error('shutdown took longer than 10 s; exiting');
    process.exit(1);
  }, 10_000);
  deadline.unref();
  await app.close();
  await adminApp?.close();
  await Promise.all(adminQueues.map((q) => q.close()));
  adminConnection?.disconnect();
  await index.close();
  redis.disconnect();
  process.exit(code);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

/** Why a port cannot be listened on, in words (a port in use printed Node's stack trace). */
function listenFailure(error: NodeJS.ErrnoException, host: string, port: number, [portName, hostName]: string[]) {
  const reason =
    error.code === 'EADDRINUSE'
      ? `the port is in use (another Tidings API, or another program): stop it, or set ${portName}`
      : error.code === 'EACCES'
        ? `permission denied (ports below 1024 need privileges): set ${portName}`
        : error.code === 'EADDRNOTAVAIL'
          ? `this machine has no such address: set ${hostName}`
          : error.message;
  return `tidings-api: cannot listen on ${host}:${port}: ${reason}\n`;
}

/** Listens, or says why not in one line and exits 1 (after the index threads have stopped). */
async function listenOrExit(server: typeof app, port: number, host: string, names: string[]): Promise<void> {
  try {
    await server.listen({ port, host });
  } catch (error) {
    process.stderr.write(listenFailure(error as NodeJS.ErrnoException, host, port, names));
    await shutdown('', 1);
  }
}

await listenOrExit(app, config.PORT, config.HOST, ['PORT', 'HOST']);
if (adminApp) {
  await listenOrExit(adminApp, config.ADMIN_PORT!, config.ADMIN_HOST, ['ADMIN_PORT', 'ADMIN_HOST']);
  app.log.info({ port: config.ADMIN_PORT, host: config.ADMIN_HOST }, 'queue admin listening on its own port');
}
app.log.info({ index: index.kind, redis: redactRedisUrl(config.REDIS_URL) }, 'Tidings API ready');
