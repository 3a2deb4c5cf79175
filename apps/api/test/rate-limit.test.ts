import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiter } from '@tidings/store/rate-limit';
import { createRedis } from '@tidings/store/redis';
import { UNKNOWN_KEYS_PER_MINUTE } from '../src/plugins/auth.js';
import { buildTestApp, REDIS_URL, type TestApp } from './helper.js';

let t: TestApp | undefined;

/**
 * Limits count in fixed one-minute windows: a test whose requests straddle a window's end sees the
 * count start again. Waits, when less than 15 s of the current window are left, for the next one.
 */
async function freshWindow(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('rate limits', () => {
  it('counts per key, sends the headers on every response, and answers 429 with Retry-After', async () => {
    t = await buildTestApp();
    const { key } = await t.keys.create('small', 3);
    await freshWindow();
    const url = `/api/v2/feed/?apiKey=${key}`;
    const first = await t.get(url);
    expect(first.headers['x-ratelimit-limit']).toBe('3');
    expect(first.headers['x-ratelimit-remaining']).toBe('2');
    expect(Number(first.headers['x-ratelimit-reset'])).toBeGreaterThan(0);
    expect(first.headers['ratelimit-policy']).toBe('"per-key";q=3;w=60');
    expect(first.headers.ratelimit).toMatch(/^"per-key";r=2;t=\d+$/);
    await t.get(url);
    const bad = await t.get(`${url}&pageSize=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-ratelimit-remaining']).toBe('0');
    const limited = await t.get(url);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rateLimited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    // Another key has its own budget.
    expect((await t.get(`/api/v2/feed/?apiKey=${t.key}`)).statusCode).toBe(200);
  }, 30_000);

  it('counts in the process when the limiter cannot reach Redis (limits hold), and says so in /readyz', async () => {
    const deadRedis = createRedis({ url: 'redis://127.0.0.1:1', failFast: true });
    deadRedis.on('error', () => {});
    t = await buildTestApp({ limiter: new RateLimiter(deadRedis, 'x:') });
    const { key } = await t.keys.create('small', 2);
    await freshWindow();
    const first = await t.get(`/api/v2/feed/?apiKey=${key}`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-ratelimit-limit']).toBe('2');
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    expect((await t.get(`/api/v2/feed/?apiKey=${key}`)).statusCode).toBe(200);
    const limited = await t.get(`/api/v2/feed/?apiKey=${key}`);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rateLimited');
    const ready = await t.get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('degraded');
    deadRedis.disconnect();
  }, 30_000);

  it('says ready again in /readyz once the limiter reaches Redis, with no keyed request in between', async () => {
    // Redis answers the API's pings but not the limiter's counts, then the limiter's too (a blip on an API
    // that then sits idle: its readiness must not stay "recovering" until the next keyed request).
    const redis = createRedis({ url: REDIS_URL, failFast: true });
    let down = true;
    class Blip extends RateLimiter {
      override hit(keyId: string, limit: number) {
        return down ? Promise.reject(new Error('connect ECONNREFUSED')) : super.hit(keyId, limit);
      }
    }
    t = await buildTestApp({ limiter: new Blip(redis, `tidings-test-blip:${process.pid}:`) });
    expect((await t.get(`/api/v2/feed/?apiKey=${t.key}`)).statusCode).toBe(200);
    let ready = (await t.get('/readyz')).json();
    expect(ready.status).toBe('degraded');
    expect(ready.checks.redis).toBe('recovering');
    down = false;
    ready = (await t.get('/readyz')).json();
    expect(ready.status).toBe('ready');
    expect(ready.checks.redis).toBe('ok');
    await redis.quit();
  }, 30_000);

  it('stops a client presenting unknown keys after 30 a minute, before each costs a lookup', async () => {
    t = await buildTestApp();
    await freshWindow();
    const guess = (n: number) => `tdg_${n.toString(16).padStart(48, '0')}`;
    let lookups = 0;
    const check = t.keys.check.bind(t.keys);
    t.keys.check = (key) => {
      lookups++;
      return check(key);
    };
    for (let i = 0; i < UNKNOWN_KEYS_PER_MINUTE; i++) {
      expect((await t.get(`/api/v2/feed/?apiKey=${guess(i)}`)).json().code).toBe('apiKeyInvalid');
    }
    const stopped = await t.get(`/api/v2/feed/?apiKey=${guess(999)}`);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().code).toBe('rateLimited');
    expect(Number(stopped.headers['retry-after'])).toBeGreaterThan(0);
    expect(lookups).toBe(UNKNOWN_KEYS_PER_MINUTE);
    // A key that is not even shaped like one costs no lookup at all.
    expect((await t.get('/api/v2/feed/?apiKey=nope')).statusCode).toBe(429);
    expect(lookups).toBe(UNKNOWN_KEYS_PER_MINUTE);
  }, 30_000);
});
