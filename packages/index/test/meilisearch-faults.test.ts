/**
 * The Meilisearch adapter when the server cannot be reached or stops answering: no Meilisearch is
 * needed (a closed port, and a TCP server that accepts connections and never answers).
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@tidings/core/query';
import { MeilisearchArticleIndex } from '../src/meilisearch.js';
import { IndexUnavailableError } from '../src/port.js';

let silent: Server;
let silentPort: number;
const sockets = new Set<Socket>();
beforeAll(async () => {
  // Accepts, reads nothing, answers nothing.
  silent = createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

async function failure(call: () => Promise<unknown>): Promise<{ error: unknown; ms: number }> {
  const started = performance.now();
  try {
    await call();
  } catch (error) {
    return { error, ms: performance.now() - started };
  }
  throw new Error('expected the call to fail');
}

describe('MeilisearchArticleIndex when Meilisearch is away', () => {
  it('fails reads as unavailable, not hanging, when the server stops answering', async () => {
    const index = new MeilisearchArticleIndex({
      host: `http://127.0.0.1:${silentPort}`,
      indexUid: 'articles',
      requestTimeoutMs: 300,
    });
    for (const call of [
      () => index.query({ filters: { ...NO_FILTERS }, limit: 5, offset: 0 }),
      () => index.facets({ filters: { ...NO_FILTERS }, facets: ['types'] }),
      () => index.getByIds(['a']),
    ]) {
      const { error, ms } = await failure(call);
      expect(error).toBeInstanceOf(IndexUnavailableError);
      expect(ms).toBeLessThan(5_000);
    }
    // At start, a process says what happened in one line.
    const { error } = await failure(() => index.init());
    expect((error as Error).message).toMatch(/^Meilisearch unreachable: .* \(request timed out after 300ms\)$/);
  });

  it('fails reads as unavailable when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const index = new MeilisearchArticleIndex({ host: `http://127.0.0.1:${port}`, indexUid: 'articles' });
    const { error } = await failure(() => index.query({ filters: { ...NO_FILTERS }, limit: 5, offset: 0 }));
    expect(error).toBeInstanceOf(IndexUnavailableError);
    expect((error as IndexUnavailableError).statusCode).toBe(503);
    expect((error as Error).message).toContain('ECONNREFUSED');
    await expect(index.init()).rejects.toThrow(/^Meilisearch unreachable: .*ECONNREFUSED/);
  });
});
