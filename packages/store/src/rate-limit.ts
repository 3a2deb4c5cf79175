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

// Adds ARGV[i + 1] to KEYS[i] for every key, setting the expiry (ARGV[1]) on a key it creates, in
// one round trip; returns each key's count and ms left, flat: {n1, ttl1, n2, ttl2, ...}.
const SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local add = tonumber(ARGV[i + 1])
  local n = redis.call('INCRBY', key, add)
  if n == add then redis.call('PEXPIRE', key, ARGV[1]) end
  out[#out + 1] = n
  out[#out + 1] = redis.call('PTTL', key)
end
return out
`;

/** The script as a command of its own: sent once, then called by its SHA (EVALSHA), not resent with every request. */
interface WithRateHits {
  tidingsRateHits(numberOfKeys: number, ...keysThenArgs: string[]): Promise<number[]>;
}

interface Waiter {
  limit: number;
  msLeft: number;
  resolve: (result: RateLimitResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Counts requests per key in Redis, exactly, in as few round trips as the traffic allows: while one
 * round trip is out, the hits that arrive wait and go together in the next one (one INCRBY a key),
 * and each is given its own place in the count. Under load this turns one Redis command a request
 * into one every few requests, with the same counts and headers a command a request would give.
 */
export class RateLimiter {
  private readonly scripted: WithRateHits;
  /** Hits waiting for the round trip that is out, by Redis key, in arrival order. */
  private waiting = new Map<string, Waiter[]>();
  private inFlight = false;

  constructor(
    redis: Redis,
    private readonly prefix: string,
    private readonly now: () => number = Date.now,
  ) {
    if (!('tidingsRateHits' in redis)) redis.defineCommand('tidingsRateHits', { lua: SCRIPT });
    this.scripted = redis as unknown as WithRateHits;
  }

  /** Counts one request of `keyId` against `limit` per minute. Throws when Redis is unreachable. */
  hit(keyId: string, limit: number): Promise<RateLimitResult> {
    const now = this.now();
    const window = Math.floor(now / WINDOW_MS);
    const key = `${this.prefix}ratelimit:${keyId}:${window}`;
    return new Promise((resolve, reject) => {
      const waiter = { limit, msLeft: (window + 1) * WINDOW_MS - now, resolve, reject };
      const queue = this.waiting.get(key);
      if (queue) queue.push(waiter);
      else this.waiting.set(key, [waiter]);
      if (!this.inFlight) this.send();
    });
  }

  private send(): void {
    const batch = this.waiting;
    this.waiting = new Map();
    this.inFlight = true;
    const keys = [...batch.keys()];
    const expiry = Math.max(...[...batch.values()].map((queue) => queue[0]!.msLeft)) + 1_000;
    const adds = keys.map((key) => String(batch.get(key)!.length));
    this.scripted.tidingsRateHits(keys.length, ...keys, String(expiry), ...adds).then(
      (counts) => {
        keys.forEach((key, k) => {
          const queue = batch.get(key)!;
          const total = Number(counts[2 * k]);
          const ttl = Number(counts[2 * k + 1]);
          queue.forEach((waiter, i) => {
            const count = total - queue.length + 1 + i;
            waiter.resolve({
              limit: waiter.limit,
              remaining: Math.max(0, waiter.limit - count),
              resetSeconds: Math.max(1, Math.ceil(Math.min(ttl, waiter.msLeft) / 1000)),
              allowed: count <= waiter.limit,
            });
          });
        });
        this.sent();
      },
      (error: unknown) => {
        for (const queue of batch.values()) for (const waiter of queue) waiter.reject(error);
        this.sent();
      },
    );
  }

  private sent(): void {
    this.inFlight = false;
    if (this.waiting.size > 0) this.send();
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
