/**
 * What a client's connection may cost the API (ConnectionLimits): sockets that send nothing, or their headers
 * a line at a time, are closed in the time a request is given, and past the connection cap a new one is
 * closed at once, so that one client holding sockets cannot take every file descriptor of the server.
 */
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loggerOptions } from '../src/app.js';
import { article, buildTestApp, type TestApp } from './helper.js';

// Wide enough for a loaded 2-core machine: the cap's refusal must come well before the time-out.
const LIMITS = {
  headersTimeoutMs: 1_500,
  requestTimeoutMs: 3_000,
  checkEveryMs: 100,
  idleTimeoutMs: 1_500,
  lingerMs: 500,
  maxConnections: 4,
};

interface Client {
  socket: Socket;
  /** Everything the server sent. */
  received: () => string;
  /** Resolves when the server closed the connection, with how long it stayed open (ms). */
  closed: Promise<number>;
}

function open(port: number): Promise<Client> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let received = '';
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', () => {});
    socket.once('connect', () => resolve({ socket, received: () => received, closed }));
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp | undefined;
const lines: Record<string, unknown>[] = [];

async function listening(): Promise<number> {
  lines.length = 0;
  const logger = loggerOptions('warn', false, { write: (line: string) => lines.push(JSON.parse(line)) });
  t = await buildTestApp({ connections: LIMITS, logger });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

/** The connections the server has open. */
const connections = () =>
  new Promise<number>((resolve, reject) =>
    t!.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  );

async function feedStatus(port: number, key: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/api/v2/feed/?pageSize=1`, {
    headers: { 'X-Api-Key': key },
    signal: AbortSignal.timeout(5_000),
  });
  await response.arrayBuffer();
  return response.status;
}

afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('slow and idle clients', () => {
  it('closes a connection that sends nothing, without a word, while others are answered', async () => {
    const port = await listening();
    const idle = await open(port);
    expect(await feedStatus(port, t!.key)).toBe(200);
    const openFor = await idle.closed;
    expect(openFor).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
    expect(openFor).toBeLessThan(LIMITS.headersTimeoutMs + 5_000);
    expect(idle.received()).toBe('');
  });

  it('answers a request whose headers come a line at a time with 408 problem+json, then closes', async () => {
    const port = await listening();
    const slow = await open(port);
    slow.socket.write(`GET /api/v2/feed/ HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${t!.key}\r\n`);
    const drip = setInterval(() => slow.socket.writable && slow.socket.write('X-Filler: a\r\n'), 100);
    try {
      await slow.closed;
    } finally {
      clearInterval(drip);
    }
    const [head, body] = slow.received().split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(head).toMatch(/content-type: application\/problem\+json/i);
    expect(JSON.parse(body!)).toMatchObject({ status: 408, code: 'parameterInvalid' });
  });

  it('cuts off a client that neither reads its 408 nor closes', async () => {
    const port = await listening();
    const deaf = connect(port, '127.0.0.1');
    deaf.on('error', () => {});
    deaf.pause();
    await new Promise((resolve) => deaf.once('connect', resolve));
    deaf.write(`GET /api/v2/feed/ HTTP/1.1\r\nHost: x\r\n`);
    const drip = setInterval(() => deaf.writable && deaf.write('X-Filler: a\r\n'), 100);
    try {
      await sleep(LIMITS.headersTimeoutMs + LIMITS.lingerMs + 1_000);
      expect(await connections()).toBe(0);
    } finally {
      clearInterval(drip);
      deaf.destroy();
    }
  });

  it('cuts off a client that does not read its answer, once nothing moves', async () => {
    const port = await listening();
    // Pages of ~5 MB: more than the sockets' buffers hold, so the answer stalls when nobody reads it.
    const long = 'Harbour works go on. '.repeat(2_500);
    await t!.index.upsert(Array.from({ length: 100 }, () => article({ introduction: long })));
    const deaf = connect(port, '127.0.0.1');
    deaf.on('error', () => {});
    deaf.pause();
    await new Promise((resolve) => deaf.once('connect', resolve));
    deaf.write(`GET /api/v2/feed/?pageSize=100 HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${t!.key}\r\n\r\n`);
    try {
      await sleep(500);
      expect(await connections()).toBe(1);
      await sleep(LIMITS.idleTimeoutMs + 1_500);
      expect(await connections()).toBe(0);
    } finally {
      deaf.destroy();
    }
  }, 30_000); // 100 long articles take Meilisearch a few seconds to write (API_TESTS_INDEX=meilisearch)

  it('keeps a keep-alive connection between requests past the headers timeout', async () => {
    const port = await listening();
    const client = await open(port);
    const request = `GET /api/v2/feed/?pageSize=1 HTTP/1.1\r\nHost: x\r\nX-Api-Key: ${t!.key}\r\n\r\n`;
    client.socket.write(request);
    await sleep(LIMITS.headersTimeoutMs + 4 * LIMITS.checkEveryMs);
    client.socket.write(request);
    await sleep(300);
    expect(client.received().match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(client.socket.destroyed).toBe(false);
    client.socket.destroy();
  });

  it('closes a connection past the cap at once, logs it, and serves again once idle ones are gone', async () => {
    const port = await listening();
    const held = await Promise.all(Array.from({ length: LIMITS.maxConnections }, () => open(port)));
    await sleep(50);
    const over = await open(port);
    expect(await over.closed).toBeLessThan(LIMITS.headersTimeoutMs);
    expect(over.received()).toBe('');
    expect(lines.some((line) => /connection refused/.test(String(line.msg)) && line.maxConnections === 4)).toBe(true);
    await Promise.all(held.map((client) => client.closed));
    expect(await feedStatus(port, t!.key)).toBe(200);
  });
});
