/**
 * `Fetcher`: safe HTTP for feeds and probes, on undici. Every hop of every request is checked by the
 * SSRF guard (resolved addresses at connect time, literal IPs before it), redirects are followed by
 * hand (at most 5), one time-out covers the whole exchange, and bodies are capped after
 * decompression (gzip, deflate, br), so an endless body or a gzip bomb fails cleanly.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { createSecureContext, rootCertificates as tlsRootCertificates } from 'node:tls';
import { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate, gunzipSync } from 'node:zlib';
import { Agent, type Dispatcher, request } from 'undici';
import { isBlockedAddress, PRIVATE_NETWORK_HINT } from './address-guard.js';
import { type Decoded, decodeFeed } from './charset.js';

export type FetchErrorCode =
  | 'invalid-url'
  | 'blocked-address'
  | 'dns'
  | 'timeout'
  | 'too-large'
  | 'too-many-redirects'
  | 'http-status'
  | 'network';

/** A failed fetch; `permanent` failures are not worth retrying soon (bad URL, 404, blocked address). */
export class FetchError extends Error {
  override name = 'FetchError';
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly permanent: boolean,
    readonly details: { url?: string; status?: number; retryAfterMs?: number } = {},
  ) {
    super(message);
  }
}

export interface FetcherOptions {
  /** Overall time-out of one fetch (headers, redirects and body), in ms. */
  timeoutMs: number;
  /** Cap on the body after decompression, in bytes. */
  maxBytes: number;
  userAgent: string;
  /** Reach loopback, private, link-local and metadata addresses (tests only). */
  allowPrivateNetworks: boolean;
  /** Redirect hops followed (default 5). */
  maxRedirects?: number;
  /** Extra certificate authorities to trust (tests; production uses NODE_EXTRA_CA_CERTS). */
  ca?: string[];
  /**
   * `host:port` origins that are reached even though their address is private: test servers on
   * 127.0.0.1 that then redirect somewhere the guard must refuse. Never set in production.
   */
  exemptOrigins?: string[];
}

export interface FetchRequest {
  url: string;
  etag?: string | null;
  lastModified?: string | null;
  accept?: string;
  signal?: AbortSignal;
}

export interface FetchedBody {
  kind: 'ok';
  /** URL after redirects. */
  url: string;
  /** Where the feed moved: the URL after redirects when each of them was permanent (301, 308); else null. */
  movedTo: string | null;
  status: number;
  /** The body as received (decompressed). */
  body: Buffer;
  /** The body decoded (BOM, HTTP charset, XML declaration, UTF-8), on first use. */
  readonly text: string;
  readonly charset: string;
  bytes: number;
  contentType: string | null;
  etag: string | null;
  lastModified: string | null;
  cacheControl: string | null;
}

export interface NotModified {
  kind: 'not-modified';
  url: string;
  movedTo: string | null;
  etag: string | null;
  lastModified: string | null;
}

export type FetchResult = FetchedBody | NotModified;

/**
 * A signal that aborts after `ms`, as `AbortSignal.timeout` does, and `clear`, which drops its timer once
 * the request is answered. `AbortSignal.timeout` keeps its timer, the signal and what `AbortSignal.any`
 * ties to it for the whole time after the answer: a worker polling 1 500 unchanged feeds a second with
 * the default 15 s held 20 000 of each, 33 MB of its heap (bench/RESULTS.md, session 63).
 */
function timeoutSignal(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')), ms);
  // As AbortSignal.timeout's: a pending request keeps the process alive, not its timeout.
  timer.unref();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

export interface Inspection {
  url: string;
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** An https URL redirected to plain http. */
  downgraded: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function header(headers: Record<string, string | string[] | undefined>, name: string): string | null {
  const value = headers[name];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

/** `Retry-After` as ms from now (delta-seconds or an HTTP date); `undefined` when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net.connect that refuses blocked addresses after resolution (no DNS-rebinding gap). */
function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked || !addresses.length) {
      const refusal = Object.assign(
        new Error(
          `${hostname} resolves to ${blocked?.address ?? 'nothing'}, which is not a public address (${PRIVATE_NETWORK_HINT})`,
        ),
        {
          code: 'EBLOCKEDADDRESS',
        },
      );
      return callback(refusal, []);
    }
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/** Body bytes `inspect` reads to keep a connection open; beyond that the connection is dropped. */
const INSPECT_DRAIN_BYTES = 64 * 1024;

export class Fetcher {
  private readonly guarded: Agent;
  private readonly open: Agent;

  constructor(private readonly options: FetcherOptions) {
    const common = {
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connectTimeout: options.timeoutMs,
    };
    // One TLS context for every connection (tls.connect would build one per connection, per host).
    const tls = {
      secureContext: createSecureContext(options.ca ? { ca: [...tlsRootCertificates, ...options.ca] } : {}),
    };
    this.guarded = new Agent({ ...common, connect: { lookup: guardedLookup, ...tls } });
    this.open = new Agent({ ...common, connect: { ...tls } });
  }

  private dispatcherFor(url: URL): Dispatcher {
    if (this.options.allowPrivateNetworks) return this.open;
    const origin = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
    if (this.options.exemptOrigins?.includes(origin)) return this.open;
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(literal) && isBlockedAddress(literal)) {
      throw new FetchError('blocked-address', `${url.host} is not a public address (${PRIVATE_NETWORK_HINT})`, true, {
        url: url.toString(),
      });
    }
    return this.guarded;
  }

  async fetch(req: FetchRequest): Promise<FetchResult> {
    const timeout = timeoutSignal(this.options.timeoutMs);
    const signal = req.signal ? AbortSignal.any([timeout.signal, req.signal]) : timeout.signal;
    try {
      return await this.follow(req, signal);
    } catch (error) {
      throw this.classify(error, req.url, signal);
    } finally {
      timeout.clear();
    }
  }

  private classify(error: unknown, url: string, signal: AbortSignal): FetchError {
    if (error instanceof FetchError) return error;
    const e = error as { code?: string; name?: string; message?: string; cause?: { code?: string } };
    const code = e.code ?? e.cause?.code;
    if (
      signal.aborted ||
      e.name === 'AbortError' ||
      e.name === 'TimeoutError' ||
      (code?.startsWith('UND_ERR_') && /TIMEOUT/.test(code))
    ) {
      return new FetchError('timeout', `no complete answer within ${this.options.timeoutMs} ms`, false, { url });
    }
    if (code === 'EBLOCKEDADDRESS')
      return new FetchError('blocked-address', e.message ?? 'blocked address', true, { url });
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
      return new FetchError('dns', `host not found: ${new URL(url).hostname}`, code === 'ENOTFOUND', { url });
    }
    return new FetchError('network', e.message ?? String(error), false, { url });
  }

  private async follow(req: FetchRequest, signal: AbortSignal): Promise<FetchResult> {
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      throw new FetchError('invalid-url', `not a URL: ${req.url}`, true, { url: req.url });
    }
    const maxRedirects = this.options.maxRedirects ?? 5;
    const seen = new Set<string>();
    /** Whether every redirect so far was permanent (none yet: there is nowhere the feed moved to). */
    let moved: boolean | null = null;
    const movedTo = () => (moved ? url.toString() : null);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        throw new FetchError('invalid-url', `only http and https are fetched, not ${url.protocol}`, true, {
          url: url.toString(),
        });
      }
      const headers: Record<string, string> = {
        'user-agent': this.options.userAgent,
        accept:
          req.accept ?? 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
        'accept-encoding': 'gzip, deflate, br',
      };
      if (req.etag) headers['if-none-match'] = req.etag;
      if (req.lastModified) headers['if-modified-since'] = req.lastModified;
      const res = await request(url, {
        method: 'GET',
        headers,
        signal,
        dispatcher: this.dispatcherFor(url),
      });
      const status = res.statusCode;
      if (REDIRECTS.has(status)) {
        // A redirect's body is not read: at most a little is drained (to keep the connection), never
        // the endless body a hostile server may send with it.
        res.body.dump({ limit: INSPECT_DRAIN_BYTES }).catch(() => {});
        const location = header(res.headers, 'location');
        if (!location)
          throw new FetchError('http-status', `redirect ${status} without a Location`, true, {
            url: url.toString(),
            status,
          });
        seen.add(url.toString());
        const next = new URL(location, url);
        if (hop + 1 > maxRedirects || seen.has(next.toString())) {
          throw new FetchError(
            'too-many-redirects',
            `more than ${maxRedirects} redirects (or a loop) from ${req.url}`,
            true,
            {
              url: req.url,
            },
          );
        }
        url = next;
        moved = (moved ?? true) && (status === 301 || status === 308);
        continue;
      }
      const etag = header(res.headers, 'etag');
      const lastModified = header(res.headers, 'last-modified');
      if (status === 304) {
        res.body.dump({ limit: INSPECT_DRAIN_BYTES }).catch(() => {});
        return {
          kind: 'not-modified',
          url: url.toString(),
          movedTo: movedTo(),
          etag: etag ?? req.etag ?? null,
          lastModified: lastModified ?? req.lastModified ?? null,
        };
      }
      if (status < 200 || status >= 300) {
        res.body.resume();
        const transient = status === 408 || status === 425 || status === 429 || status >= 500;
        const wait = retryAfterMs(header(res.headers, 'retry-after'));
        throw new FetchError('http-status', `HTTP ${status} from ${url.host}`, !transient, {
          url: url.toString(),
          status,
          ...(wait !== undefined ? { retryAfterMs: wait } : {}),
        });
      }
      const contentType = header(res.headers, 'content-type');
      const bytes = await this.readCapped(
        res.body,
        header(res.headers, 'content-encoding'),
        header(res.headers, 'content-length'),
        url,
      );
      let decoded: Decoded | null = null;
      return {
        kind: 'ok',
        url: url.toString(),
        movedTo: movedTo(),
        status,
        body: bytes,
        // Feed bodies are decoded where they are parsed (a parser thread), not here.
        get text() {
          return (decoded ??= decodeFeed(bytes, contentType)).text;
        },
        get charset() {
          return (decoded ??= decodeFeed(bytes, contentType)).charset;
        },
        bytes: bytes.length,
        contentType,
        etag,
        lastModified,
        cacheControl: header(res.headers, 'cache-control'),
      };
    }
  }

  /** Reads a body, decompressing it, and fails as soon as it passes `maxBytes`. */
  private async readCapped(body: Readable, encoding: string | null, length: string | null, url: URL): Promise<Buffer> {
    const max = this.options.maxBytes;
    const tooLarge = () =>
      new FetchError('too-large', `body of ${url.host} is larger than ${max} bytes`, true, { url: url.toString() });
    if (length && Number(length) > max && !encoding) {
      body.destroy();
      throw tooLarge();
    }
    const coding = (encoding ?? '').trim().toLowerCase();
    const decompressor =
      coding === 'gzip' || coding === 'x-gzip'
        ? createGunzip()
        : coding === 'deflate'
          ? createInflate()
          : coding === 'br'
            ? createBrotliDecompress()
            : null;
    const stream: Readable = decompressor ? body.pipe(decompressor) : body;
    if (decompressor) body.on('error', (error) => decompressor.destroy(error));
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max) throw tooLarge();
        chunks.push(chunk);
      }
    } catch (error) {
      body.destroy();
      decompressor?.destroy();
      throw error;
    }
    const raw = Buffer.concat(chunks, size);
    // A gzipped file served without Content-Encoding (a common misconfiguration).
    if (!decompressor && raw[0] === 0x1f && raw[1] === 0x8b) {
      try {
        return gunzipSync(raw, { maxOutputLength: max });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
        return raw;
      }
    }
    return raw;
  }

  /**
   * Status and headers of a URL after redirects (at most `maxRedirects`), reading at most a little of
   * the body. `httpsOnly`: a redirect to plain http ends the walk with `downgraded`.
   */
  async inspect(url: string, options: { httpsOnly?: boolean } = {}): Promise<Inspection> {
    const timeout = timeoutSignal(this.options.timeoutMs);
    const signal = timeout.signal;
    let current = new URL(url);
    try {
      for (let hop = 0; hop <= (this.options.maxRedirects ?? 5); hop++) {
        const res = await request(current, {
          method: 'GET',
          headers: { 'user-agent': this.options.userAgent, accept: 'text/html,*/*;q=0.8' },
          signal,
          dispatcher: this.dispatcherFor(current),
        });
        // Only the head matters. A short body is read to its end, which keeps the connection for
        // the next request to that host; a longer one is dropped with its connection.
        res.body.dump({ limit: INSPECT_DRAIN_BYTES }).catch(() => {});
        const location = header(res.headers, 'location');
        if (REDIRECTS.has(res.statusCode) && location) {
          const next = new URL(location, current);
          if (options.httpsOnly && next.protocol !== 'https:') {
            return { url: next.toString(), status: res.statusCode, headers: res.headers, downgraded: true };
          }
          current = next;
          continue;
        }
        return { url: current.toString(), status: res.statusCode, headers: res.headers, downgraded: false };
      }
      throw new FetchError(
        'too-many-redirects',
        `more than ${this.options.maxRedirects ?? 5} redirects from ${url}`,
        true,
      );
    } catch (error) {
      throw this.classify(error, url, signal);
    } finally {
      timeout.clear();
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.guarded.close(), this.open.close()]);
  }
}
