import { request as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { IndexUnavailableError } from '@tidings/index/port';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { createRedis } from '@tidings/store/redis';
import { loggerOptions } from '../src/app.js';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

class BrokenIndex extends EmbeddedArticleIndex {
  override async query(): Promise<never> {
    throw new Error('disk on fire at /var/secret/path');
  }
  override async ping(): Promise<void> {
    throw new Error('index file missing');
  }
}

class UnreachableIndex extends EmbeddedArticleIndex {
  override async query(): Promise<never> {
    throw new IndexUnavailableError('connect ECONNREFUSED 10.0.0.7:7700');
  }
}

/** An index whose queries wait until `fail()`, then fail as a closing index does. */
class ClosingIndex extends EmbeddedArticleIndex {
  private waiting: (() => void)[] = [];
  asked = 0;
  override async query(): Promise<never> {
    this.asked++;
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    throw new IndexUnavailableError('index closing');
  }
  fail(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}

describe('service endpoints and failures', () => {
  it('logs a request its client abandoned (a load test stopping, a shutdown) as such, not as a failure', async () => {
    const lines: string[] = [];
    const index = new ClosingIndex({ file: ':memory:' });
    t = await buildTestApp({ index, logger: loggerOptions('info', false, { write: (line) => void lines.push(line) }) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const client = httpGet({ host: '127.0.0.1', port, path: `/api/v2/feed/?apiKey=${t.key}` });
    client.on('error', () => {});
    client.end();
    await expect.poll(() => index.asked).toBe(1);
    client.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    index.fail();
    await expect.poll(() => lines.some((line) => line.includes('abandoned'))).toBe(true);
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(logged.filter((entry) => entry.level >= 50)).toEqual([]);
  });

  it('answers 503 serviceUnavailable with Retry-After when the index cannot be reached', async () => {
    t = await buildTestApp({ index: new UnreachableIndex({ file: ':memory:' }) });
    const res = await t.get(`/api/v2/feed/?apiKey=${t.key}`);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().code).toBe('serviceUnavailable');
    expect(res.body).not.toContain('10.0.0.7');
  });

  it('answers 503 when the key store is down and the key was not seen recently', async () => {
    const dead = createRedis({ url: 'redis://127.0.0.1:1', failFast: true });
    dead.on('error', () => {});
    t = await buildTestApp({ keys: new ApiKeyStore(dead, 'x:') });
    const res = await t.get(`/api/v2/feed/?apiKey=tdg_${'ab'.repeat(24)}`);
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().code).toBe('serviceUnavailable');
    dead.disconnect();
  });

  it('never writes the api key into a log line', async () => {
    const lines: string[] = [];
    t = await buildTestApp({ logger: loggerOptions('info', false, { write: (line) => void lines.push(line) }) });
    await t.get(`/api/v2/feed/?apiKey=${t.key}&pageSize=x`);
    await t.get('/api/v2/feed/', { headers: { 'x-api-key': t.key } });
    // Another spelling of the same parameter name (percent-encoded) is still the key.
    const spelled = await t.get(`/api/v2/feed/?api%4Bey=${t.key}&pageSize=x`);
    expect(spelled.statusCode).toBe(400);
    await t.get(`/api/v2/feed/?%61piKey=${t.key}`);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('\n')).not.toContain(t.key);
    expect(lines.join('\n')).toContain('apiKey=[redacted]');
    // Nor a desk sign-in link's token: until used, it signs in whoever reads it.
    const token = 'q'.repeat(32);
    await t.get(`/desk/?token=${token}`);
    await t.get(`/desk/api/link?token=${token}`);
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).toContain('/desk/api/link?token=[redacted]');
  });

  it('never echoes a key put where it does not belong, in an error body or a log line', async () => {
    const lines: string[] = [];
    t = await buildTestApp({ logger: loggerOptions('info', false, { write: (line) => void lines.push(line) }) });
    const answers = await Promise.all([
      // `&` for `?`: the key ends up in the path.
      t.get(`/api/v2/stories/abc/&apiKey=${t.key}`),
      t.get(`/api/v2/feed/${t.key}?apiKey=${t.key}`),
      // The name in another case, or another name, beside the right one.
      t.get(`/api/v2/feed/?apiKey=${t.key}&apikey=${t.key}`),
      t.get(`/api/v2/feed/?apiKey=${t.key}&key=${t.key}`),
      t.get(`/api/v2/feed/?apiKey=${t.key}&includeSources=${t.key}`),
      t.get(`/api/v2/feed/?apiKey=${t.key}&cursor=${t.key}`),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([404, 404, 400, 400, 400, 400]);
    for (const res of answers) expect(res.body).not.toContain(t.key);
    expect(answers[2].json().invalidParams[0]).toMatchObject({ name: 'apikey', value: '[redacted]' });
    expect(lines.join('\n')).not.toContain(t.key);
  });

  it('answers 500 unexpectedError without internals when the index fails', async () => {
    t = await buildTestApp({ index: new BrokenIndex({ file: ':memory:' }) });
    const res = await t.get(`/api/v2/feed/?apiKey=${t.key}`);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ status: 500, code: 'unexpectedError' });
    expect(res.body).not.toContain('secret');
    const ready = await t.get('/readyz');
    expect(ready.statusCode).toBe(503);
  });

  it('reports liveness, readiness, metrics and the OpenAPI document', async () => {
    t = await buildTestApp();
    expect((await t.get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await t.get('/readyz')).json()).toMatchObject({ status: 'ready', checks: { index: 'ok', redis: 'ok' } });
    await t.get(`/api/v2/feed/?apiKey=${t.key}`);
    const metrics = await t.get('/metrics');
    expect(metrics.body).toContain('tidings_http_requests_total{route="/api/v2/feed/",status="200"}');
    expect(metrics.body).not.toContain(t.key);
    const docs = await t.get('/docs/json');
    expect(docs.json().paths).toHaveProperty('/api/v2/feed/');
    // Only what API consumers call: the desk's own API was listed among it.
    expect(Object.keys(docs.json().paths).filter((path) => !path.startsWith('/api/v2/'))).toEqual([]);
    expect((await t.get('/docs')).statusCode).toBeLessThan(400);
  });

  it('lists topics and companies with a name filter', async () => {
    t = await buildTestApp();
    const topics = (await t.get(`/api/v2/topics/?apiKey=${t.key}&name=economy`)).json();
    expect(topics.topics).toContainEqual({ id: 4000000, name: 'economy, business and finance', parent: null });
    const companies = (await t.get(`/api/v2/companies/?apiKey=${t.key}&name=aapl`)).json();
    expect(companies.companies.map((c: { id: number }) => c.id)).toContain(320193);
    const google = (await t.get(`/api/v2/companies/?apiKey=${t.key}&name=google`)).json();
    expect(google.companies).toContainEqual({
      id: 1652044,
      name: 'Alphabet Inc.',
      tickers: ['GOOGL', 'GOOG'],
      exchange: 'Nasdaq',
      aliases: ['Google', 'Alphabet'],
    });
    expect((await t.get(`/api/v2/companies/?apiKey=${t.key}&nme=x`)).json().code).toBe('parameterUnknown');
  });

  it('ranks companies (ticker, name, prefix, word, substring) and pages them like the feed', async () => {
    const app = (t = await buildTestApp());
    const names = async (query: string) =>
      (await app.get(`/api/v2/companies/?apiKey=${app.key}&${query}`))
        .json<{ companies: { id: number; name: string }[] }>()
        .companies.map((c) => c.name);
    const apple = await names('name=apple');
    expect(apple[0]).toBe('Apple Inc.');
    const pineapple = apple.findIndex((n) => /pineapple/i.test(n));
    expect(pineapple === -1 || pineapple > apple.findIndex((n) => /^apple/i.test(n))).toBe(true);
    expect((await names('name=msft'))[0]).toMatch(/^microsoft/i);
    expect((await names('name=bank'))[0]).toMatch(/^bank\b/i);
    // The S&P 500's names are aliases: the name news uses finds the registered one.
    expect((await names('name=supermicro'))[0]).toBe('Super Micro Computer, Inc.');
    expect((await names('name=royal caribbean'))[0]).toBe('ROYAL CARIBBEAN CRUISES LTD');

    // Without a name: every company, by name, a page at a time (never the whole list at once).
    const first = await app.get(`/api/v2/companies/?apiKey=${app.key}`);
    expect(first.statusCode).toBe(200);
    const body = first.json<{
      companies: { name: string }[];
      meta: { count: number; pageSize: number; totalResults: number; hasMore: boolean; nextCursor: string };
      links: { next: string };
    }>();
    expect(body.meta).toMatchObject({ count: 20, pageSize: 20, page: 1, hasMore: true });
    expect(body.meta.totalResults).toBeGreaterThan(1000);
    expect(first.body.length).toBeLessThan(20_000);
    const sorted = [...body.companies.map((c) => c.name.toLowerCase())].sort();
    expect(body.companies.map((c) => c.name.toLowerCase())).toEqual(sorted);
    expect(body.links.next).toBe('/api/v2/companies/?page=2');
    const second = (await names('page=2')).join('|');
    const byCursor = (await names(`cursor=${encodeURIComponent(body.meta.nextCursor)}`)).join('|');
    expect(byCursor).toBe(second);
    expect((await app.get(`/api/v2/companies/?apiKey=${app.key}&pageSize=101`)).json().code).toBe('parameterInvalid');
    expect((await app.get(`/api/v2/companies/?apiKey=${app.key}&page=1000`)).json().code).toBe('pageTooDeep');
  });
});
