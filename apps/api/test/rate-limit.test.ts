import { afterEach, describe, expect, it } from 'vitest';
import { RateLimiter } from '@tidings/store/rate-limit';
import { createRedis } from '@tidings/store/redis';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('rate limits', () => {
  it('counts per key, sends the headers on every response, and answers 429 with Retry-After', async () => {
    t = await buildTestApp();
    const { key } = await t.keys.create('small', 3);
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
  });

  it('keeps serving (fail open) when the limiter cannot reach Redis, and says so in /readyz', async () => {
    const deadRedis = createRedis({ url: 'redis://127.0.0.1:1', failFast: true });
    deadRedis.on('error', () => {});
    t = await buildTestApp({ limiter: new RateLimiter(deadRedis, 'x:') });
    const res = await t.get(`/api/v2/feed/?apiKey=${t.key}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-ratelimit-limit']).toBeUndefined();
    const ready = await t.get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('degraded');
    deadRedis.disconnect();
  });
});
