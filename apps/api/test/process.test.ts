/** The API process: an index it cannot open stops it at start with one clear line, nothing more. */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childEnv, testEnv } from '@tidings/config/config';

const REDIS_URL = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';
let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tidings-api-start-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('API process', () => {
  it('stops with one clear line when the index file is not a database', { timeout: 30_000 }, async () => {
    await writeFile(join(dir, 'articles.sqlite'), randomBytes(100_000));
    const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'dist', 'server.js')], {
      env: childEnv({ REDIS_URL, REDIS_PREFIX: `tidings-test:${randomUUID()}:`, DATA_DIR: dir, PORT: '0' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const [code, signal] = await once(child, 'exit');
    // The query threads still loading their native module when it exited aborted the process
    // (SIGABRT, "FATAL ERROR: Error::New napi_get_last_error_info" and a native stack trace).
    expect([code, signal]).toEqual([1, null]);
    // It names the file and says what to do (it said only "file is not a database").
    expect(stderr).toBe(
      `tidings-api: index thread stopped: file is not a database: the embedded index ${join(dir, 'articles.sqlite')} ` +
        "is damaged, or is not an index; move it (and its -wal and -shm files) aside and start again: a new index is made, and the feeds' current items come back at their next fetch (at once with tidings ingest --all)\n",
    );
  });
});
