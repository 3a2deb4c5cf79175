/** Redis connections for the API, the worker and the CLI. */
import { Redis, type RedisOptions } from 'ioredis';

export interface RedisConnectionOptions {
  url: string;
  /**
   * Serving processes want commands to fail fast when Redis is away (so the API can fail open or
   * answer 503), rather than queue up behind a reconnect.
   */
  failFast?: boolean;
  /** Name shown by `CLIENT LIST`. */
  name?: string;
}

export function createRedis(options: RedisConnectionOptions): Redis {
  const common: RedisOptions = {
    connectionName: options.name ?? 'tidings',
    lazyConnect: false,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // Commands issued in the same tick go out in one write: the worker and the API issue many small ones.
    enableAutoPipelining: true,
  };
  const failFast: RedisOptions = options.failFast
    ? { enableOfflineQueue: true, maxRetriesPerRequest: 0, commandTimeout: 1_000, connectTimeout: 2_000 }
    : { maxRetriesPerRequest: 2, connectTimeout: 5_000 };
  return new Redis(options.url, { ...common, ...failFast });
}

/**
 * Waits until Redis answers PING, or throws a message that says what to do. `timeoutMs` bounds one
 * PING; with `patienceMs`, a refused or failed PING is tried again until that much time has passed
 * (a worker started while Redis restarts waits for it rather than exiting).
 */
export async function assertRedisReachable(
  redis: Redis,
  url: string,
  timeoutMs = 3_000,
  patienceMs = 0,
): Promise<void> {
  const giveUpAt = Date.now() + patienceMs;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
      timer.unref();
    });
    try {
      await Promise.race([redis.ping(), timeout]);
      return;
    } catch {
      if (Date.now() >= giveUpAt) {
        throw new Error(
          `Redis is not reachable at ${redactUrl(url)}: start one (redis-server --daemonize yes) or set REDIS_URL`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    } finally {
      clearTimeout(timer);
    }
  }
}

/** A Redis URL without its password, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
