import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { queryObjects } from 'node:v8';
import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, Fetcher, type FetcherOptions, retryAfterMs } from '../src/fetcher.js';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const servers: Server[] = [];

async function serve(handler: Handler): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

let fetcher: Fetcher | null = null;
function make(options: Partial<FetcherOptions> = {}): Fetcher {
  fetcher = new Fetcher({
    timeoutMs: 2_000,
    maxBytes: 1024 * 1024,
    userAgent: 'TidingsTest/1',
    allowPrivateNetworks: true,
    ...options,
  });
  return fetcher;
}
afterEach(async () => {
  await fetcher?.close();
  fetcher = null;
});

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FetchError) return error;
    throw error;
  }
  throw new Error('expected the fetch to fail');
}

const RSS = '<?xml version="1.0"?><rss version="2.0"><channel><title>T</title></channel></rss>';

let base: string;
let flaky = 0;
const endlessClosed = Promise.withResolvers<void>();

beforeAll(async () => {
  base = await serve((req, res) => {
    const path = req.url ?? '/';
    if (path === '/feed') {
      if (req.headers['if-none-match'] === '"v1"') return res.writeHead(304).end();
      res.writeHead(200, {
        'content-type': 'application/rss+xml',
        etag: '"v1"',
        'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT',
      });
      return res.end(RSS);
    }
    if (path === '/cp1252') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        iconv.encode(
          '<?xml version="1.0" encoding="windows-1252"?><rss><title>“Quotes” – €5</title></rss>',
          'windows-1252',
        ),
      );
    }
    if (path === '/header-wins') {
      res.writeHead(200, { 'content-type': 'text/xml; charset=ISO-8859-1' });
      return res.end(iconv.encode('<?xml version="1.0" encoding="utf-8"?><rss><title>café</title></rss>', 'latin1'));
    }
    if (path === '/latin1-from-windows') {
      // Declared ISO-8859-1 (as many feeds written on Windows are), with windows-1252's quotes and dashes.
      res.writeHead(200, { 'content-type': 'text/xml' });
      return res.end(
        iconv.encode(
          '<?xml version="1.0" encoding="ISO-8859-1"?><rss><title>Don’t panic – café “now”</title></rss>',
          'windows-1252',
        ),
      );
    }
    if (path === '/ascii-header') {
      res.writeHead(200, { 'content-type': 'application/rss+xml; charset=us-ascii' });
      return res.end(iconv.encode('<rss><title>Zoë’s café</title></rss>', 'windows-1252'));
    }
    if (path === '/not-utf16') {
      res.writeHead(200, { 'content-type': 'application/rss+xml' });
      return res.end(Buffer.from('<?xml version="1.0" encoding="UTF-16"?><rss><title>naïve</title></rss>'));
    }
    if (path === '/bom-wins') {
      res.writeHead(200, { 'content-type': 'text/xml; charset=ISO-8859-1' });
      return res.end(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('<rss><title>naïve</title></rss>')]));
    }
    if (path === '/gzip') {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/rss+xml' });
      return res.end(gzipSync(RSS));
    }
    if (path === '/gzip-bomb') {
      res.writeHead(200, { 'content-encoding': 'gzip' });
      return res.end(gzipSync(Buffer.alloc(100 * 1024 * 1024)));
    }
    if (path === '/huge') {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
      const chunk = Buffer.alloc(64 * 1024, 97);
      const write = () => {
        while (res.write(chunk)) {
          /* keep writing until back-pressure */
        }
      };
      res.on('drain', write);
      return write();
    }
    if (path === '/endless') {
      res.writeHead(200, { 'content-type': 'text/xml' });
      const timer = setInterval(() => res.write(Buffer.alloc(64 * 1024, 98)), 1);
      res.on('close', () => clearInterval(timer));
      return;
    }
    if (path === '/never') {
      req.socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\n'); // and never the end of the headers
      return;
    }
    if (path === '/loop-a') return res.writeHead(302, { location: '/loop-b' }).end();
    // A feed that moved: for good (301, 308), for a while (302, 307), or for good and then for a while.
    const moved = /^\/moved\/(30[1278])(?:-(30[1278]))?$/.exec(path);
    if (moved) {
      const next = moved[2] ? `/moved/${moved[2]}` : '/feed';
      return res.writeHead(Number(moved[1]), { location: next }).end();
    }
    if (path === '/endless-redirect') {
      // A redirect whose body never ends (a hostile server): the fetcher must not read it.
      res.writeHead(302, { location: '/feed' });
      const chunk = Buffer.alloc(64 * 1024, 120);
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return;
        res.once('drain', pump);
      };
      res.on('error', () => {});
      res.on('close', () => endlessClosed.resolve());
      return pump();
    }
    if (path === '/loop-b') return res.writeHead(302, { location: '/loop-a' }).end();
    const hops = /^\/hops\/(\d+)$/.exec(path);
    if (hops) {
      const n = Number(hops[1]);
      return n === 0 ? res.writeHead(200).end(RSS) : res.writeHead(301, { location: `/hops/${n - 1}` }).end();
    }
    if (path === '/to-metadata')
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (path === '/to-loopback') return res.writeHead(302, { location: `http://127.0.0.1:1/secret` }).end();
    if (path === '/to-localhost') return res.writeHead(302, { location: `http://localhost:1/secret` }).end();
    if (path === '/busy') return res.writeHead(429, { 'retry-after': '120' }).end();
    if (path === '/flaky') {
      flaky += 1;
      return flaky === 1 ? res.writeHead(500).end('oops') : res.writeHead(200).end(RSS);
    }
    if (path === '/gone') return res.writeHead(404).end();
    res.writeHead(500).end();
  });
});

describe('Fetcher', () => {
  it('fetches, then asks conditionally and gets 304', async () => {
    const f = make();
    const first = await f.fetch({ url: `${base}/feed` });
    expect(first).toMatchObject({ kind: 'ok', status: 200, etag: '"v1"', text: RSS });
    const second = await f.fetch({ url: `${base}/feed`, etag: '"v1"' });
    expect(second).toMatchObject({ kind: 'not-modified', etag: '"v1"' });
  });

  it('decodes by BOM, then HTTP charset, then XML declaration', async () => {
    const f = make();
    const cp1252 = await f.fetch({ url: `${base}/cp1252` });
    expect(cp1252.kind === 'ok' && cp1252.text).toContain('“Quotes” – €5');
    const header = await f.fetch({ url: `${base}/header-wins` });
    expect(header.kind === 'ok' && header.text).toContain('café');
    const bom = await f.fetch({ url: `${base}/bom-wins` });
    expect(bom.kind === 'ok' && bom.text).toContain('naïve');
  });

  it('reads a declared charset as browsers do: ISO-8859-1 and US-ASCII as windows-1252, a false UTF-16 as UTF-8', async () => {
    const f = make();
    const latin1 = await f.fetch({ url: `${base}/latin1-from-windows` });
    expect(latin1.kind === 'ok' && latin1.text).toContain('Don’t panic – café “now”');
    const ascii = await f.fetch({ url: `${base}/ascii-header` });
    expect(ascii.kind === 'ok' && ascii.text).toContain('Zoë’s café');
    const utf16 = await f.fetch({ url: `${base}/not-utf16` });
    expect(utf16.kind === 'ok' && utf16.text).toContain('<title>naïve</title>');
  });

  it('decompresses gzip', async () => {
    const res = await make().fetch({ url: `${base}/gzip` });
    expect(res.kind === 'ok' && res.text).toBe(RSS);
  });

  it('stops a gzip bomb at the byte cap, after decompression', async () => {
    const error = await failure(make().fetch({ url: `${base}/gzip-bomb` }));
    expect(error).toMatchObject({ code: 'too-large', permanent: true });
  });

  it('refuses a 50 MB body and an endless one', async () => {
    const f = make();
    expect(await failure(f.fetch({ url: `${base}/huge` }))).toMatchObject({ code: 'too-large' });
    expect(await failure(f.fetch({ url: `${base}/endless` }))).toMatchObject({ code: 'too-large' });
  });

  it('keeps nothing of an answered fetch waiting for its timeout (a worker polling fast held 20 000 timers)', async () => {
    const f = make({ timeoutMs: 60_000 });
    const live = () => queryObjects(AbortSignal, { format: 'count' });
    await f.fetch({ url: `${base}/feed`, etag: '"v1"' });
    const before = live();
    for (let i = 0; i < 200; i++) {
      const answer = await f.fetch({ url: `${base}/feed`, etag: '"v1"', signal: new AbortController().signal });
      expect(answer.kind).toBe('not-modified');
      await f.inspect(`${base}/feed`);
    }
    expect(live() - before).toBeLessThan(20);
  });

  it('times out on headers that never finish', async () => {
    const started = Date.now();
    const error = await failure(make({ timeoutMs: 400 }).fetch({ url: `${base}/never` }));
    expect(error).toMatchObject({ code: 'timeout', permanent: false });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('follows up to 5 redirects, and no more, and stops loops', async () => {
    const f = make();
    expect((await f.fetch({ url: `${base}/hops/5` })).url).toBe(`${base}/hops/0`);
    expect(await failure(f.fetch({ url: `${base}/hops/6` }))).toMatchObject({ code: 'too-many-redirects' });
    expect(await failure(f.fetch({ url: `${base}/loop-a` }))).toMatchObject({ code: 'too-many-redirects' });
  });

  it('says where a feed moved when every redirect to it was permanent (301, 308), even on a 304', async () => {
    const f = make();
    for (const [path, movedTo] of [
      ['/feed', null],
      ['/moved/301', `${base}/feed`],
      ['/moved/308-301', `${base}/feed`],
      ['/moved/302', null],
      ['/moved/301-307', null],
    ] as const) {
      const result = await f.fetch({ url: `${base}${path}` });
      expect(result, path).toMatchObject({ kind: 'ok', url: `${base}/feed`, movedTo });
    }
    const unchanged = await f.fetch({ url: `${base}/moved/301`, etag: '"v1"' });
    expect(unchanged).toMatchObject({ kind: 'not-modified', movedTo: `${base}/feed` });
  });

  it('follows a redirect without reading its body, even one that never ends', async () => {
    const result = await make().fetch({ url: `${base}/endless-redirect` });
    expect(result).toMatchObject({ kind: 'ok', url: `${base}/feed` });
    // The endless body is cut off (the connection closed), not drained in the background for ever.
    const closed = await Promise.race([
      endlessClosed.promise.then(() => true),
      new Promise((resolve) => setTimeout(() => resolve(false), 3_000)),
    ]);
    expect(closed).toBe(true);
  });

  describe('with the guard on', () => {
    const guarded = () => make({ allowPrivateNetworks: false, exemptOrigins: [new URL(base).host] });

    it('refuses a redirect to 169.254.169.254 and to 127.0.0.1', async () => {
      const f = guarded();
      expect(await failure(f.fetch({ url: `${base}/to-metadata` }))).toMatchObject({
        code: 'blocked-address',
        permanent: true,
      });
      expect(await failure(f.fetch({ url: `${base}/to-loopback` }))).toMatchObject({ code: 'blocked-address' });
    });

    it('refuses names that resolve to loopback, and IPv4-mapped IPv6 literals', async () => {
      const f = guarded();
      const refused = await failure(f.fetch({ url: `${base}/to-localhost` }));
      expect(refused).toMatchObject({ code: 'blocked-address' });
      // The operator reads this as the source's last error: it names the setting that allows it.
      expect(refused.message).toMatch(/is not a public address \(set ALLOW_PRIVATE_NETWORKS=true/);
      expect(await failure(f.fetch({ url: 'http://[::ffff:127.0.0.1]:1/' }))).toMatchObject({
        code: 'blocked-address',
      });
      expect(await failure(f.fetch({ url: 'http://[::ffff:a9fe:a9fe]/' }))).toMatchObject({ code: 'blocked-address' });
    });

    it('refuses the test server itself when it is not exempt', async () => {
      const f = make({ allowPrivateNetworks: false });
      const refused = await failure(f.fetch({ url: `${base}/feed` }));
      expect(refused).toMatchObject({ code: 'blocked-address' });
      expect(refused.message).toContain('ALLOW_PRIVATE_NETWORKS=true');
    });
  });

  it('reports 429 with its Retry-After as a transient failure', async () => {
    const error = await failure(make().fetch({ url: `${base}/busy` }));
    expect(error).toMatchObject({
      code: 'http-status',
      permanent: false,
      details: { status: 429, retryAfterMs: 120_000 },
    });
  });

  it('treats 500 as transient (the next try recovers) and 404 as permanent', async () => {
    const f = make();
    expect(await failure(f.fetch({ url: `${base}/flaky` }))).toMatchObject({
      permanent: false,
      details: { status: 500 },
    });
    expect((await f.fetch({ url: `${base}/flaky` })).kind).toBe('ok');
    expect(await failure(f.fetch({ url: `${base}/gone` }))).toMatchObject({
      permanent: true,
      details: { status: 404 },
    });
  });

  it('refuses what is not http(s)', async () => {
    expect(await failure(make().fetch({ url: 'file:///etc/passwd' }))).toMatchObject({ code: 'invalid-url' });
  });

  it('reads Retry-After as seconds or as a date', () => {
    expect(retryAfterMs('30')).toBe(30_000);
    expect(retryAfterMs('Sun, 22 Nov 2026 10:01:00 GMT', Date.parse('Sun, 22 Nov 2026 10:00:00 GMT'))).toBe(60_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});
