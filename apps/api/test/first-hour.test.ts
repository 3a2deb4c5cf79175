/**
 * Every answer that is not a success is problem+json with a contract code, whatever rejected the
 * request (our code, Fastify, the HTTP parser); `/` says where things are; CORS when configured.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper.js';

/** Sends raw bytes to a listening server and returns what came back (status line, headers, body). */
function raw(port: number, request: string | Buffer): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d+)/.exec(head)?.[1] ?? 0), headers: head, body });
    });
    socket.setTimeout(5_000, () => socket.destroy());
  });
}

describe('errors in one shape', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers a header block over 64 KiB with 431 headersTooLarge as problem+json', async () => {
    const res = await raw(port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(res.body)).toMatchObject({ status: 431, code: 'headersTooLarge' });
  });

  it('answers a malformed request line or a raw non-ASCII byte in the URL as problem+json', async () => {
    const bad = await raw(port, 'GET /api/v2/feed/?q=\x01 HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ status: 400, code: 'parameterInvalid' });
    const utf8 = await raw(
      port,
      Buffer.concat([
        Buffer.from('GET /api/v2/feed/?searchTerms='),
        Buffer.from([0xc3, 0xa9]),
        Buffer.from(' HTTP/1.1\r\nHost: x\r\n\r\n'),
      ]),
    );
    expect(utf8.headers).toMatch(/content-type: application\/problem\+json/i);
  });

  it('answers a body on GET, in a type we do not read or too large, as problem+json', async () => {
    for (const [type, body] of [
      ['application/x-unknown', 'x=1'],
      ['application/json', '{"broken'],
      ['application/json', `{"a":"${'x'.repeat(2_000_000)}"}`],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/feed/?apiKey=${t.key}`,
        headers: { 'content-type': type },
        payload: body,
      });
      if (res.statusCode === 200) continue; // a body on GET may be ignored: then the feed answers
      expect(res.headers['content-type'], type).toMatch(/^application\/problem\+json/);
      const problem = res.json<{ status: number; code: string }>();
      expect(problem.status).toBe(res.statusCode);
      expect(problem.code).toMatch(/^(parameterInvalid|unexpectedError)$/);
      expect(res.body.length).toBeLessThan(4_096);
    }
  });

  it('answers a body Fastify cannot read (unsupported type, broken JSON, too large) as problem+json', async () => {
    for (const [type, body] of [
      ['text/plain', 'password=x'],
      ['application/json', '{"broken'],
      ['application/json', `{"a":"${'x'.repeat(2_000_000)}"}`],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/desk/api/sign-in',
        headers: { 'content-type': type },
        payload: body,
      });
      expect(res.headers['content-type'], type).toMatch(/^application\/problem\+json/);
      expect(res.statusCode, type).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, type).toBeLessThan(500);
      expect(res.json(), type).toMatchObject({ status: res.statusCode, code: expect.any(String) });
      expect(res.body.length).toBeLessThan(4_096);
    }
  });

  it('answers other methods on every known path, the ops endpoints included, with 405 and Allow', async () => {
    for (const path of ['/readyz', '/healthz', '/metrics', '/', '/api/v2/facets/', '/api/v2/sources']) {
      const res = await t.app.inject({ method: 'POST', url: path });
      expect(res.statusCode, path).toBe(405);
      expect(res.headers.allow, path).toBe('GET, HEAD');
      expect(res.json(), path).toMatchObject({ status: 405, code: 'methodNotAllowed' });
    }
  });

  it("answers a desk file that is not there (an old build's script) with 404, and any other desk path with the page", async () => {
    const page = await t.get('/desk/?token=abc');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const script = /src="(\/desk\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect((await t.get(script!)).headers['content-type']).toMatch(/javascript/);
    for (const path of ['/desk/assets/index-0ld8uild.js', '/desk/assets/index-0ld8uild.css?v=1', '/desk/favicon.ico']) {
      const res = await t.get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toMatchObject({ status: 404, code: 'notFound' });
    }
    expect((await t.get('/desk/some/where')).headers['content-type']).toContain('text/html');
    // No other site may frame the desk; the page brings its own icon (the browser's /favicon.ico was a 404).
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['content-security-policy']).toBe("frame-ancestors 'none'");
    expect(page.body).toMatch(/<link\s+rel="icon"\s+href="data:image\/svg\+xml,/);
    const api = await t.get('/desk/api/session');
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect((await t.get(`/api/v2/feed/?apiKey=${t.key}`)).headers['x-frame-options']).toBeUndefined();
  });

  it('answers / with a small JSON index pointing to the docs', async () => {
    const res = await t.get('/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Tidings API', docs: '/docs', desk: '/desk/' });
    expect(res.json().endpoints).toContain('/api/v2/feed/');
  });

  it('keeps an error small: echoed values are cut at 100 characters', async () => {
    const long = 'x'.repeat(3_500); // two of them: a URL under 8 KiB
    const res = await t.get(`/api/v2/feed/?apiKey=${t.key}&searchTerms=${long}&articleTypes=${long}`);
    expect(res.statusCode).toBe(400);
    expect(res.body.length).toBeLessThan(3_000);
    const [first] = res.json().invalidParams;
    expect(first.value).toBe(`${'x'.repeat(100)}…`);
  });
});

describe('CORS', () => {
  const preflight = (t: TestApp, origin: string) =>
    t.app.inject({
      method: 'OPTIONS',
      url: '/api/v2/feed/',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
    });

  it('lets a page of an allowed origin call the feed with X-Api-Key, and no other origin', async () => {
    const t = await buildTestApp({ corsOrigins: ['https://app.example.com'] });
    try {
      const ok = await preflight(t, 'https://app.example.com');
      expect(ok.statusCode).toBe(204);
      expect(ok.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(String(ok.headers['access-control-allow-methods'])).toContain('GET');
      expect(String(ok.headers['access-control-allow-headers']).toLowerCase()).toContain('x-api-key');
      const get = await t.get('/api/v2/feed/', { headers: { origin: 'https://app.example.com', 'x-api-key': t.key } });
      expect(get.statusCode).toBe(200);
      expect(get.headers['access-control-allow-origin']).toBe('https://app.example.com');
      const exposed = String(get.headers['access-control-expose-headers']).toLowerCase();
      for (const header of ['ratelimit', 'x-request-id', 'etag']) expect(exposed).toContain(header);

      const other = await preflight(t, 'https://evil.example.org');
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const otherGet = await t.get('/api/v2/feed/', {
        headers: { origin: 'https://evil.example.org', 'x-api-key': t.key },
      });
      expect(otherGet.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });

  it('is off by default: no CORS headers, and OPTIONS is 405', async () => {
    const t = await buildTestApp();
    try {
      const res = await preflight(t, 'https://app.example.com');
      expect(res.statusCode).toBe(405);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
