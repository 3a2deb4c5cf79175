/**
 * Api key check and per-key rate limit for `/api/v2/` (CONTRACT §1.1, §1.6). The key is checked
 * before anything else about the request; rate-limit headers go on every response of a known key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ProblemError } from '@tidings/core/problem';
import { type ApiKeyRecord, type ApiKeyStore, type KeyCheck, hashKey } from '@tidings/store/api-keys';
import { LocalRateLimiter, type RateLimiter, type RateLimitResult } from '@tidings/store/rate-limit';
import { RedisBreaker } from '@tidings/store/redis';
import { logThrottle } from '../log-throttle.js';
import { LRUCache } from 'lru-cache';

declare module 'fastify' {
  interface FastifyRequest {
    apiKey: ApiKeyRecord | null;
  }
}

export interface AuthOptions {
  keys: ApiKeyStore;
  limiter: RateLimiter;
  /** How long a key check is reused in-process; revocation reaches every instance within it. */
  cacheMs?: number;
  now?: () => number;
  /** Called when the rate limiter cannot reach Redis (limits are then counted in this process). */
  onLimiterDown?: (error: unknown) => void;
  onLimiterUp?: () => void;
  /** Key checks and counts go through it: skipped for a moment after Redis failed one. */
  breaker?: RedisBreaker;
}

/** The key presented by query (`apiKey`) or header (`X-Api-Key`). */
function presentedKey(request: FastifyRequest): string {
  const query = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1 || request.url.length));
  const fromQuery = query.getAll('apiKey');
  if (fromQuery.length > 1) {
    throw new ProblemError('parameterRepeated', "Parameter 'apiKey' is given more than once.", [
      { name: 'apiKey', value: null, reason: 'is given more than once', code: 'parameterRepeated' },
    ]);
  }
  const header = request.headers['x-api-key'];
  const fromHeader = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
  const q = fromQuery[0]?.trim() ?? '';
  if (q && fromHeader && q !== fromHeader) {
    throw new ProblemError('parameterInvalid', "The 'apiKey' parameter and the X-Api-Key header differ.", [
      { name: 'apiKey', value: null, reason: 'differs from the X-Api-Key header', code: 'parameterInvalid' },
    ]);
  }
  return q || fromHeader;
}

/** What every key `tidings keys create` makes looks like: anything else is unknown without a lookup. */
const KEY_FORMAT = /^tdg_[0-9a-f]{48}$/;
/** Unknown keys one client address may present a minute before it is told to wait (no lookups). */
export const UNKNOWN_KEYS_PER_MINUTE = 30;

export default fp(
  async function auth(app: FastifyInstance, options: AuthOptions) {
    const cacheMs = options.cacheMs ?? 10_000;
    const now = options.now ?? Date.now;
    // Least recently used keys leave first; a flood of new keys never empties the cache of good ones.
    const cache = new LRUCache<string, { check: KeyCheck; until: number }>({ max: 50_000 });
    const unknownByClient = new LocalRateLimiter(now, 50_000);
    const local = new LocalRateLimiter(now);
    const breaker = options.breaker ?? new RedisBreaker();
    const storeWarning = logThrottle();

    async function check(key: string): Promise<KeyCheck> {
      if (!KEY_FORMAT.test(key)) return { status: 'unknown' };
      const hash = hashKey(key);
      const hit = cache.get(hash);
      if (hit && hit.until > now()) return hit.check;
      let result: KeyCheck;
      try {
        result = await breaker.run(() => options.keys.check(key));
      } catch (error) {
        // Store away: keep serving keys seen recently, otherwise say so.
        if (hit) return hit.check;
        storeWarning((heldBack) => app.log.error({ err: error, heldBack }, 'api key store unreachable'));
        throw new ProblemError('serviceUnavailable', 'The key store is unavailable; try again shortly.', [], {
          'Retry-After': '5',
        });
      }
      cache.set(hash, { check: result, until: now() + cacheMs });
      return result;
    }

    app.decorateRequest('apiKey', null);
    app.addHook('onRequest', async (request, reply) => {
      const key = presentedKey(request);
      if (!key) {
        reply.header('WWW-Authenticate', 'ApiKey');
        throw new ProblemError('apiKeyMissing', "An api key is required: pass it as 'apiKey' or in X-Api-Key.");
      }
      // A client that keeps presenting unknown keys is stopped before each guess costs a lookup.
      if (unknownByClient.count(request.ip) >= UNKNOWN_KEYS_PER_MINUTE) {
        const wait = unknownByClient.resetSeconds();
        throw new ProblemError(
          'rateLimited',
          `Too many unknown api keys from this address; try again in ${wait} s.`,
          [],
          { 'Retry-After': String(wait) },
        );
      }
      const result = await check(key);
      if (result.status === 'unknown') {
        unknownByClient.hit(request.ip, UNKNOWN_KEYS_PER_MINUTE);
        reply.header('WWW-Authenticate', 'ApiKey');
        throw new ProblemError('apiKeyInvalid', 'The api key is not known.');
      }
      if (result.status === 'disabled') throw new ProblemError('apiKeyDisabled', 'The api key has been revoked.');
      request.apiKey = result.record;

      const limit = result.record.rate;
      let hit: RateLimitResult;
      try {
        hit = await breaker.run(() => options.limiter.hit(result.record.id, limit));
        options.onLimiterUp?.();
      } catch (error) {
        // Redis is away: count in this process rather than serve without limits.
        options.onLimiterDown?.(error);
        hit = local.hit(result.record.id, limit);
      }
      reply.headers({
        'RateLimit-Policy': `"per-key";q=${limit};w=60`,
        RateLimit: `"per-key";r=${hit.remaining};t=${hit.resetSeconds}`,
        'X-RateLimit-Limit': String(limit),
        'X-RateLimit-Remaining': String(hit.remaining),
        'X-RateLimit-Reset': String(hit.resetSeconds),
      });
      if (!hit.allowed) {
        throw new ProblemError(
          'rateLimited',
          `This key may make ${limit} requests a minute; try again in ${hit.resetSeconds} s.`,
          [],
          { 'Retry-After': String(hit.resetSeconds) },
        );
      }
    });
  },
  { name: 'tidings-auth' },
);
