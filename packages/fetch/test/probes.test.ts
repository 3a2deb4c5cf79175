import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import selfsigned from 'selfsigned';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fetcher } from '../src/fetcher.js';
import { probeHostFor, probeHttps, probeIframeable } from '../src/probes.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];
let cert: string;
let key: string;

async function listen(server: Server): Promise<string> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const https = (handler: Handler) => listen(createHttpsServer({ key, cert }, handler));
const http = (handler: Handler) => listen(createHttpServer(handler));

beforeAll(async () => {
  const pems = await selfsigned.generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }],
  });
  cert = pems.cert;
  key = pems.private;
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const trusting = () =>
  new Fetcher({ timeoutMs: 3_000, maxBytes: 1_000_000, userAgent: 'T/1', allowPrivateNetworks: true, ca: [cert] });

describe('https probe', () => {
  it('is true for an https site with a trusted certificate answering below 500', async () => {
    const host = await https((_req, res) => res.writeHead(404).end());
    expect((await probeHttps(trusting(), host)).https).toBe(true);
  });

  it('follows redirects that stay on https', async () => {
    const host = await https((req, res) =>
      req.url === '/' ? res.writeHead(301, { location: '/home' }).end() : res.writeHead(200).end(),
    );
    expect((await probeHttps(trusting(), host)).https).toBe(true);
  });

  it('is false for a redirect to plain http, a 5xx, an untrusted certificate, and no TLS at all', async () => {
    const downgrade = await https((_req, res) => res.writeHead(301, { location: 'http://127.0.0.1/' }).end());
    expect(await probeHttps(trusting(), downgrade)).toMatchObject({
      https: false,
      detail: expect.stringContaining('plain http'),
    });
    const broken = await https((_req, res) => res.writeHead(503).end());
    expect((await probeHttps(trusting(), broken)).https).toBe(false);
    const fine = await https((_req, res) => res.writeHead(200).end());
    const untrusting = new Fetcher({
      timeoutMs: 3_000,
      maxBytes: 1_000_000,
      userAgent: 'T/1',
      allowPrivateNetworks: true,
    });
    expect((await probeHttps(untrusting, fine)).https).toBe(false);
    const plain = await http((_req, res) => res.writeHead(200).end());
    expect((await probeHttps(trusting(), plain)).https).toBe(false);
  });
});

describe('probeHostFor', () => {
  it('probes port 443 unless the article itself is https on another port', () => {
    expect(probeHostFor('https://news.example.com/a')).toBe('news.example.com');
    expect(probeHostFor('http://news.example.com:8080/a')).toBe('news.example.com');
    expect(probeHostFor('https://localhost:3443/a')).toBe('localhost:3443');
  });
});

describe('iframeable probe', () => {
  let base: string;
  beforeAll(async () => {
    const host = await http((req, res) => {
      const headers: Record<string, string | string[]> =
        ({
          '/deny': { 'x-frame-options': 'DENY' },
          '/csp-wins': { 'x-frame-options': 'DENY', 'content-security-policy': 'frame-ancestors *' },
          '/report-only': { 'content-security-policy-report-only': "frame-ancestors 'none'" },
          '/two-policies': { 'content-security-policy': ['frame-ancestors *', "frame-ancestors 'self'"] },
          '/moved': { location: '/deny' },
          '/plain': {},
        }[req.url ?? ''] as Record<string, string | string[]> | undefined) ?? {};
      const status = req.url === '/moved' ? 302 : req.url === '/missing' ? 404 : 200;
      res.writeHead(status, headers).end('<html></html>');
    });
    base = `http://${host}`;
  });

  it('reads X-Frame-Options and enforced CSP frame-ancestors of the article page', async () => {
    const f = trusting();
    expect(await probeIframeable(f, `${base}/plain`)).toBe(true);
    expect(await probeIframeable(f, `${base}/deny`)).toBe(false);
    expect(await probeIframeable(f, `${base}/csp-wins`)).toBe(true);
    expect(await probeIframeable(f, `${base}/report-only`)).toBe(true);
    expect(await probeIframeable(f, `${base}/two-policies`)).toBe(false);
    expect(await probeIframeable(f, `${base}/moved`)).toBe(false);
  });

  it('does not know when the article page does not load', async () => {
    expect(await probeIframeable(trusting(), `${base}/missing`)).toBeNull();
  });
});
