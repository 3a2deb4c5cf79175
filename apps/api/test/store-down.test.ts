/**
 * Redis away while the index answers: what reads sources or selections from Redis is 503
 * `serviceUnavailable` with `Retry-After` (contract §1.5: "index or store down"), never a 500; the rest
 * is served (and the source list last read). Redis refusing connections, and Redis hung (a server that
 * accepts and never answers).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { RateLimiter } from '@tidings/store/rate-limit';
import { createRedis } from '@tidings/store/redis';
import { SelectionStore } from '@tidings/store/selections';
import { SourceStore, toSettings } from '@tidings/store/sources';
import { loggerOptions } from '../src/app.js';
import { buildTestApp, REDIS_URL, type TestApp } from './helper.js';

let t: TestApp | undefined;
let hung: Server | undefined;
const held: Socket[] = [];

afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const socket of held.splice(0)) socket.destroy();
  await new Promise((resolve) => (hung ? hung.close(resolve) : resolve(undefined)));
  hung = undefined;
});

/** The URL of a "Redis" that accepts connections and never answers. */
async function hungRedis(): Promise<string> {
  hung = createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => hung!.listen(0, '127.0.0.1', resolve));
  return `redis://127.0.0.1:${(hung.address() as AddressInfo).port}`;
}

const PATHS = [
  '/api/v2/sources/',
  '/api/v2/feed-recommended/',
  '/api/v2/facets/?facets=sources',
  '/api/v2/feed/?includeSources=example-news',
];

describe('the store of sources and selections away', () => {
  for (const [name, url] of [
    ['refusing connections', async () => 'redis://127.0.0.1:1'],
    ['hung', hungRedis],
  ] as const) {
    it(`answers 503 with Retry-After when Redis is ${name}, and serves the rest`, async () => {
      const away = createRedis({ url: await url(), failFast: true });
      away.on('error', () => {});
      const logged: string[] = [];
      t = await buildTestApp({
        sources: new SourceStore(away, 'x:'),
        selections: new SelectionStore(away, 'x:'),
        logger: loggerOptions('warn', false, { write: (line) => void logged.push(line) }),
      });
      for (const path of [...PATHS, ...PATHS]) {
        const response = await t.get(`${path}${path.includes('?') ? '&' : '?'}apiKey=${t.key}`);
        expect({ path, status: response.statusCode }).toEqual({ path, status: 503 });
        expect(response.json()).toMatchObject({ status: 503, code: 'serviceUnavailable' });
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect((await t.get(`/api/v2/feed/?apiKey=${t.key}`)).statusCode).toBe(200);
      expect((await t.get(`/api/v2/facets/?facets=types,topics,days&apiKey=${t.key}`)).statusCode).toBe(200);
      // Said once in the log, not by each of the eight requests.
      expect(logged.filter((line) => line.includes('"msg":"redis unreachable"'))).toHaveLength(1);
      away.disconnect();
    }, 30_000);
  }

  it('serves the sources it last read while Redis is away', async () => {
    let down = false;
    class Cut extends SourceStore {
      override list() {
        return down ? Promise.reject(new Error('Command timed out')) : super.list();
      }
    }
    const live = createRedis({ url: REDIS_URL, failFast: true });
    const prefix = `tidings-test-cut:${process.pid}:`;
    t = await buildTestApp({ sources: new Cut(live, prefix) });
    await new SourceStore(live, prefix).add(toSettings({ feedUrl: 'https://example.com/feed.xml', id: 'example' }));
    const ids = async () =>
      (await t!.get(`/api/v2/sources/?apiKey=${t!.key}`))
        .json<{ sources: { id: string }[] }>()
        .sources.map((s) => s.id);
    expect(await ids()).toEqual(['example']);
    down = true;
    // Past the few seconds the list is kept between reads: read again, it is not there.
    await new Promise((resolve) => setTimeout(resolve, 5_100));
    expect(await ids()).toEqual(['example']);
    const facets = await t.get(`/api/v2/facets/?facets=sources&apiKey=${t.key}`);
    expect(facets.statusCode).toBe(200);
    await live.del(`${prefix}sources`, ...(await live.keys(`${prefix}*`)));
    live.disconnect();
  }, 30_000);

  it('asks a hung Redis once, not on every request: the next requests are served at once', async () => {
    // A proxy to the tests' Redis that stops passing anything on when told: Redis hung.
    const upstream = new URL(REDIS_URL);
    let hangs = false;
    const pairs: [Socket, Socket][] = [];
    hung = createServer((client) => {
      held.push(client);
      const server = connect(Number(upstream.port || 6379), upstream.hostname);
      held.push(server);
      server.on('error', () => client.destroy());
      client.on('error', () => server.destroy());
      pairs.push([client, server]);
      if (!hangs) client.pipe(server).pipe(client);
    });
    await new Promise<void>((resolve) => hung!.listen(0, '127.0.0.1', resolve));
    const proxied = createRedis({ url: `redis://127.0.0.1:${(hung.address() as AddressInfo).port}`, failFast: true });
    proxied.on('error', () => {});
    const prefix = `tidings-test-hang:${process.pid}:`;
    const keys = new ApiKeyStore(proxied, prefix);
    const { key } = await keys.create('hang', 1_000);
    t = await buildTestApp({
      keys,
      limiter: new RateLimiter(proxied, prefix),
      sources: new SourceStore(proxied, prefix),
      selections: new SelectionStore(proxied, prefix),
    });
    const timed = async (path: string) => {
      const start = performance.now();
      const response = await t!.get(`${path}${path.includes('?') ? '&' : '?'}apiKey=${key}`);
      return { status: response.statusCode, ms: performance.now() - start };
    };
    expect((await timed('/api/v2/sources/')).status).toBe(200);
    hangs = true;
    for (const [client, server] of pairs) {
      client.unpipe(server);
      server.unpipe(client);
    }
    // The first request waits for its rate limit's time-out (1 s), then counts in the process; the next
    // ones do not ask Redis for a while, and the source list last read is served.
    expect((await timed('/api/v2/feed/')).status).toBe(200);
    const next = await timed('/api/v2/feed/');
    expect(next.status).toBe(200);
    expect(next.ms).toBeLessThan(500);
    const sources = await timed('/api/v2/sources/');
    expect(sources).toMatchObject({ status: 200 });
    expect(sources.ms).toBeLessThan(500);
    const recommended = await t.get(`/api/v2/feed-recommended/?apiKey=${key}`);
    expect(recommended.statusCode).toBe(503);
    proxied.disconnect();
    const live = createRedis({ url: REDIS_URL });
    const stale = await live.keys(`${prefix}*`);
    if (stale.length) await live.del(...stale);
    live.disconnect();
  }, 30_000);
});
