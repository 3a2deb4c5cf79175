import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ keyCacheMs: 0 });
});
afterAll(async () => t.close());

describe('api keys', () => {
  it('401 apiKeyMissing with WWW-Authenticate when no key or an empty one is given', async () => {
    for (const url of ['/api/v2/feed/', '/api/v2/feed/?apiKey=', '/api/v2/feed-recommended/', '/api/v2/topics/']) {
      const res = await t.get(url);
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('ApiKey');
      expect(res.json()).toMatchObject({ status: 401, code: 'apiKeyMissing' });
    }
  });

  it('401 apiKeyInvalid for an unknown key', async () => {
    const res = await t.get('/api/v2/feed/?apiKey=tdg_nope');
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('ApiKey');
    expect(res.json().code).toBe('apiKeyInvalid');
    expect(res.body).not.toContain('tdg_nope');
  });

  it('checks the key before any other parameter', async () => {
    const res = await t.get('/api/v2/feed/?articleTypes=blog&bogus=1');
    expect(res.json().code).toBe('apiKeyMissing');
    const invalid = await t.get('/api/v2/feed/?apiKey=wrong&articleTypes=blog');
    expect(invalid.json().code).toBe('apiKeyInvalid');
  });

  it('accepts the X-Api-Key header, and rejects a header and query key that differ', async () => {
    expect((await t.get('/api/v2/feed/', { headers: { 'x-api-key': t.key } })).statusCode).toBe(200);
    expect((await t.get(`/api/v2/feed/?apiKey=${t.key}`, { headers: { 'x-api-key': t.key } })).statusCode).toBe(200);
    const res = await t.get(`/api/v2/feed/?apiKey=${t.key}`, { headers: { 'x-api-key': 'tdg_other' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'parameterInvalid', invalidParams: [{ name: 'apiKey' }] });
  });

  it('403 apiKeyDisabled once a key is revoked', async () => {
    const created = await t.keys.create('to revoke', 600);
    expect((await t.get(`/api/v2/feed/?apiKey=${created.key}`)).statusCode).toBe(200);
    await t.keys.revoke(created.id);
    const res = await t.get(`/api/v2/feed/?apiKey=${created.key}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('apiKeyDisabled');
  });

  it('stores only a hash of the key', async () => {
    const created = await t.keys.create('hash check', 600);
    const stored = await t.redis.keys(`${t.prefix}*`);
    for (const name of stored) {
      const type = await t.redis.type(name);
      const dump = type === 'hash' ? JSON.stringify(await t.redis.hgetall(name)) : String(await t.redis.get(name));
      expect(name + dump).not.toContain(created.key);
    }
  });
});
