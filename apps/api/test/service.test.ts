import { afterEach, describe, expect, it } from 'vitest';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
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

describe('service endpoints and failures', () => {
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
    expect((await t.get('/docs')).statusCode).toBeLessThan(400);
  });

  it('lists topics and companies with a name filter', async () => {
    t = await buildTestApp();
    const topics = (await t.get(`/api/v2/topics/?apiKey=${t.key}&name=economy`)).json();
    expect(topics.topics).toContainEqual({ id: 4000000, name: 'economy, business and finance', parent: null });
    const companies = (await t.get(`/api/v2/companies/?apiKey=${t.key}&name=aapl`)).json();
    expect(companies.companies.map((c: { id: number }) => c.id)).toContain(320193);
    expect((await t.get(`/api/v2/companies/?apiKey=${t.key}&nme=x`)).json().code).toBe('parameterUnknown');
  });
});
