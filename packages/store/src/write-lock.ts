/**
 * One writer at a time across processes, held in Redis: the Meilisearch adapter reads what is stored
 * before it writes (which articles are new, which story each joins), and Meilisearch shows a write to
 * reads only once its task is done, so two worker processes (or a worker and `tidings import`) writing
 * at once would each start a story of their own for two copies, or create one feed's articles twice.
 */
import type { Redis } from 'ioredis';
import { Mutex } from 'redis-semaphore';
import type { Config } from '@tidings/config/config';

/** Runs `work` while holding the lock; what the Meilisearch adapter's `writeLock` option takes. */
export type WriteLock = <T>(work: () => Promise<T>) => Promise<T>;

export interface WriteLockOptions {
  /**
   * A holder that stops refreshing (a process killed mid-write) frees the lock after this long, in ms
   * (default 30 000); a live holder refreshes it every third of it, however long its write takes.
   */
  lockTimeoutMs?: number;
  /** Longest wait for the lock, in ms (default 180 000: three of Meilisearch's longest task waits). */
  acquireTimeoutMs?: number;
  /** How often a waiting writer asks again, in ms (default 25). */
  retryIntervalMs?: number;
  /** Told when a refresh finds the lock gone (Redis lost it, or it expired): the write goes on unguarded. */
  onLost?: (error: Error) => void;
}

/**
 * The lock named `key` (stored in Redis as `mutex:<key>`). Each call takes it afresh: waits while
 * another holder has it, runs the work, and frees it whether the work succeeds or fails. A wait longer
 * than `acquireTimeoutMs` fails the work with an error that says what held it up.
 */
export function redisWriteLock(redis: Redis, key: string, options: WriteLockOptions = {}): WriteLock {
  const lockTimeout = options.lockTimeoutMs ?? 30_000;
  const acquireTimeout = options.acquireTimeoutMs ?? 180_000;
  return async (work) => {
    const mutex = new Mutex(redis, key, {
      lockTimeout,
      acquireTimeout,
      retryInterval: options.retryIntervalMs ?? 25,
      refreshInterval: Math.floor(lockTimeout / 3),
      onLockLost: (error) => options.onLost?.(error),
    });
    try {
      await mutex.acquire();
    } catch (error) {
      throw new Error(
        `another process has held the index write lock (${key}) for over ${acquireTimeout / 1000} s: ${(error as Error).message}`,
        { cause: error },
      );
    }
    try {
      return await work();
    } finally {
      await mutex.release().catch(() => undefined);
    }
  };
}

/**
 * The `openIndex` option for a process that writes to the configured index: on Meilisearch, the lock
 * every writer of that index shares (`<REDIS_PREFIX>index-writes:<MEILI_INDEX>`); the embedded index
 * needs none (SQLite's own transactions take turns).
 */
export function indexWriteLock(
  redis: Redis,
  config: Pick<Config, 'INDEX' | 'REDIS_PREFIX' | 'MEILI_INDEX'>,
  onLost?: (error: Error) => void,
): { writeLock?: WriteLock } {
  if (config.INDEX !== 'meilisearch') return {};
  const key = `${config.REDIS_PREFIX}index-writes:${config.MEILI_INDEX}`;
  return { writeLock: redisWriteLock(redis, key, onLost ? { onLost } : {}) };
}
