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

export interface ReachableOptions {
  /** How long one PING may take (default 3 s). */
  timeoutMs?: number;
  /** How long a refused or failed PING is tried again for (default 0: once). */
  patienceMs?: number;
  /** Called once, when the first PING fails and there is patience left. */
  onWait?: () => void;
}

/**
 * Waits until Redis answers PING, or throws a message that says what to do. With `patienceMs`, a
 * worker started while Redis starts or restarts waits for it rather than exiting.
 */
export async function assertRedisReachable(redis: Redis, url: string, options: ReachableOptions = {}): Promise<void> {
  const { timeoutMs = 3_000, patienceMs = 0, onWait } = options;
  const giveUpAt = Date.now() + patienceMs;
  // What the connection met (a refused password, a server that is not Redis): the PING only times out.
  let met: Error | undefined;
  const meet = (error: Error) => {
    if (unreachableReason(error.message)) met = error;
  };
  redis.on('error', meet);
  try {
    for (let attempt = 0; ; attempt++) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
        timer.unref();
      });
      try {
        await Promise.race([redis.ping(), timeout]);
        return;
      } catch (error) {
        const refusal = unreachableReason((error as Error).message) ?? unreachableReason(met?.message ?? '');
        if (refusal) throw new Error(refusal.replace('URL', redactUrl(url)));
        if (Date.now() >= giveUpAt) {
          throw new Error(
            `Redis is not reachable at ${redactUrl(url)}: start one (redis-server --daemonize yes) or set REDIS_URL`,
          );
        }
        if (attempt === 0) onWait?.();
        await new Promise((resolve) => setTimeout(resolve, 250));
      } finally {
        clearTimeout(timer);
      }
    }
  } finally {
    redis.off('error', meet);
  }
}

/**
 * Why a server that answers is no Redis we may use, in words (`URL` stands for its address), or null: it
 * said "Redis is not reachable …: start one" to a Redis that wanted a password, and to a port of another
 * server.
 */
function unreachableReason(message: string): string | null {
  if (message.startsWith('NOAUTH')) {
    return 'Redis at URL needs a password: put it in REDIS_URL (redis://:password@host:port, or redis://user:password@…)';
  }
  if (
    message.startsWith('WRONGPASS') ||
    message.startsWith('ERR invalid password') ||
    message.includes('AUTH <password> called without')
  ) {
    return 'Redis at URL refused the user or password in REDIS_URL';
  }
  if (message.startsWith('Protocol error')) {
    return 'something answers at URL, but it is not Redis: is REDIS_URL the address of a Redis?';
  }
  return null;
}

/** What ioredis rejects a command with when Redis did not answer it (its own messages). */
const NO_ANSWER = new Set([
  'Command timed out',
  'Connection is closed.',
  "Stream isn't writeable and enableOfflineQueue options is false",
]);
/** The network's reasons for the same. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * Whether a command failed because Redis could not be reached or is not ready (down, hung, restarting
 * and still loading its data), rather than because of the command: what the API answers 503
 * `serviceUnavailable` with `Retry-After` for, not 500.
 */
export function isRedisUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as NodeJS.ErrnoException;
  return (
    error instanceof RedisAwayError ||
    NO_ANSWER.has(error.message) ||
    error.name === 'MaxRetriesPerRequestError' ||
    (code !== undefined && NETWORK_CODES.has(code)) ||
    error.message.startsWith('LOADING ')
  );
}

/**
 * Redis's refusal of a write, in words an operator acts on (null: the error is not one). Its own replies
 * name a code and little else ("OOM command not allowed when used memory > 'maxmemory'. script: 8086…"),
 * and a transaction refused so says only "EXECABORT Transaction discarded because of previous errors".
 */
export function redisRefusal(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  const { message } = (error as { previousErrors?: Error[] }).previousErrors?.[0] ?? error;
  if (message.startsWith('OOM ')) {
    return 'Redis refuses writes: it is out of memory (its maxmemory is reached); free memory or raise maxmemory, then try again';
  }
  if (message.startsWith('MISCONF ')) {
    return 'Redis refuses writes: it cannot save its data to disk (MISCONF); its log says why';
  }
  if (message.startsWith('READONLY ')) return 'Redis refuses writes: REDIS_URL names a read-only replica';
  return null;
}

/** A call not made because Redis failed a moment ago ({@link RedisBreaker}). */
export class RedisAwayError extends Error {
  override name = 'RedisAwayError';
}

/**
 * Calls to Redis that skip it for `pauseMs` after one failed because Redis is away
 * ({@link isRedisUnavailable}), failing at once with {@link RedisAwayError} instead of each waiting for
 * its own time-out: with Redis hung, every API request waited a second for its key check, another for
 * its rate limit and another for the source list. The first call after the pause asks Redis again.
 */
export class RedisBreaker {
  private until = 0;

  constructor(
    private readonly pauseMs = 2_000,
    private readonly now: () => number = Date.now,
  ) {}

  run<T>(call: () => Promise<T>): Promise<T> {
    if (this.now() < this.until) {
      return Promise.reject(new RedisAwayError('Redis failed a moment ago: not asked again yet'));
    }
    // (Not an async function: this is on every request's path, twice.)
    return call().catch((error: unknown) => {
      if (isRedisUnavailable(error)) this.until = this.now() + this.pauseMs;
      throw error;
    });
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

/** What Redis keeps of Tidings' state when it stops or fills up (`tidings status`, the worker's start). */
export interface RedisDurability {
  /** `aof`: every write kept within a second or so; `snapshots`: kept at the `save` points; `none`: lost at a restart. */
  persistence: 'aof' | 'snapshots' | 'none' | 'unknown';
  /** `maxmemory-policy` (null: unknown). */
  evictionPolicy: string | null;
  /** What an operator should change, in words. */
  warnings: string[];
}

/** {@link RedisDurability} from the values of `CONFIG GET appendonly`, `save` and `maxmemory-policy` (missing: unknown). */
export function durabilityOf(settings: {
  appendonly?: string;
  save?: string;
  'maxmemory-policy'?: string;
}): RedisDurability {
  const { appendonly, save } = settings;
  const persistence =
    appendonly === undefined || save === undefined
      ? 'unknown'
      : appendonly === 'yes'
        ? 'aof'
        : save.trim()
          ? 'snapshots'
          : 'none';
  const evictionPolicy = settings['maxmemory-policy'] ?? null;
  const warnings: string[] = [];
  if (persistence === 'none') {
    warnings.push(
      'Redis keeps nothing on disk (appendonly no, no save points): sources, api keys, editors and selections are lost when it restarts; set appendonly yes (docker-compose.yml does)',
    );
  }
  if (evictionPolicy !== null && evictionPolicy !== 'noeviction') {
    warnings.push(
      `Redis may delete keys when its memory is full (maxmemory-policy ${evictionPolicy}): sources, api keys and queued jobs could vanish; set maxmemory-policy noeviction`,
    );
  }
  return { persistence, evictionPolicy, warnings };
}

/**
 * {@link RedisDurability} of a Redis, read with `CONFIG GET` (a Redis that does not allow it, as some
 * hosted ones do not, is `unknown` without warnings).
 */
export async function redisDurability(redis: Redis): Promise<RedisDurability> {
  const read = async (name: string) => {
    try {
      const [, value] = (await redis.config('GET', name)) as string[];
      return value;
    } catch {
      return undefined;
    }
  };
  const [appendonly, save, policy] = await Promise.all([read('appendonly'), read('save'), read('maxmemory-policy')]);
  return durabilityOf({
    ...(appendonly !== undefined ? { appendonly } : {}),
    ...(save !== undefined ? { save } : {}),
    ...(policy !== undefined ? { 'maxmemory-policy': policy } : {}),
  });
}
