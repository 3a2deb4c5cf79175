/** Per-key request counters in Redis (fixed one-minute windows), shared by every API instance. */
import type { Redis } from 'ioredis';

export interface RateLimitResult {
  limit: number;
  remaining: number;
  /** Seconds until the window resets. */
  resetSeconds: number;
  allowed: boolean;
}

const WINDOW_MS = 60_000;

// INCR and set the expiry in one round trip; returns [count, ms left in the window].
const SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}
`;

/** The script as a command of its own: sent once, then called by its SHA (EVALSHA), not resent with every request. */
interface WithRateHit {
  tidingsRateHit(key: string, expiryMs: string): Promise<[number, number]>;
}

export class RateLimiter {
  private readonly scripted: WithRateHit;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    if (!('tidingsRateHit' in redis)) redis.defineCommand('tidingsRateHit', { numberOfKeys: 1, lua: SCRIPT });
    this.scripted = redis as unknown as WithRateHit;
  }

  /** Counts one request of `keyId` against `limit` per minute. Throws when Redis is unreachable. */
  async hit(keyId: string, limit: number): Promise<RateLimitResult> {
    const window = Math.floor(this.now() / WINDOW_MS);
    const msLeft = (window + 1) * WINDOW_MS - this.now();
    const [count, ttl] = await this.scripted.tidingsRateHit(
      `${this.prefix}ratelimit:${keyId}:${window}`,
      String(msLeft + 1_000),
    );
    return {
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil(Math.min(ttl, msLeft) / 1000)),
      allowed: count <= limit,
    };
  }
}

/**
 * The same fixed one-minute windows, counted in this process: what the API falls back to while
 * Redis cannot be reached, so that limits hold (per instance) instead of vanishing. Keeps at most
 * `maxKeys` keys' counters (the oldest windows go first).
 */
export class LocalRateLimiter {
  private readonly counts = new Map<string, { window: number; count: number }>();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Requests of `keyId` counted in the current window (without counting one). */
  count(keyId: string): number {
    const entry = this.counts.get(keyId);
    return entry && entry.window === Math.floor(this.now() / WINDOW_MS) ? entry.count : 0;
  }

  /** Seconds until the current window ends. */
  resetSeconds(): number {
    const msLeft = (Math.floor(this.now() / WINDOW_MS) + 1) * WINDOW_MS - this.now();
    return Math.max(1, Math.ceil(msLeft / 1000));
  }

  hit(keyId: string, limit: number): RateLimitResult {
    const window = Math.floor(this.now() / WINDOW_MS);
    const msLeft = (window + 1) * WINDOW_MS - this.now();
    const entry = this.counts.get(keyId);
    const count = entry && entry.window === window ? entry.count + 1 : 1;
    this.counts.delete(keyId); // re-inserted last: the map's order is the order of use
    this.counts.set(keyId, { window, count });
    if (this.counts.size > this.maxKeys) this.counts.delete(this.counts.keys().next().value!);
    return {
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil(msLeft / 1000)),
      allowed: count <= limit,
    };
  }
}
