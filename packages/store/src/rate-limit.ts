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

export class RateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request of `keyId` against `limit` per minute. Throws when Redis is unreachable. */
  async hit(keyId: string, limit: number): Promise<RateLimitResult> {
    const window = Math.floor(this.now() / WINDOW_MS);
    const msLeft = (window + 1) * WINDOW_MS - this.now();
    const [count, ttl] = (await this.redis.eval(
      SCRIPT,
      1,
      `${this.prefix}ratelimit:${keyId}:${window}`,
      String(msLeft + 1_000),
    )) as [number, number];
    return {
      limit,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil(Math.min(ttl, msLeft) / 1000)),
      allowed: count <= limit,
    };
  }
}
