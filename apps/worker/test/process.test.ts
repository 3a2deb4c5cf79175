/**
 * The worker process: a bad catalog override file stops it at start with one clear line; it logs JSON
 * lines at LOG_LEVEL and leaves on SIGTERM with its log written out.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { childEnv, testEnv } from '@tidings/config/config';
import { createQueue, createQueueConnection, QUEUES } from '@tidings/queue/queues';
import { createRedis, redisDurability } from '@tidings/store/redis';

const REDIS_URL = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';
let dir: string;
let prefix: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tidings-worker-start-'));
  prefix = `tidings-test:${randomUUID()}:`;
});

afterEach(async () => {
  const redis = createRedis({ url: REDIS_URL });
  const stale = await redis.keys(`${prefix}*`);
  if (stale.length) await redis.del(...stale);
  redis.disconnect();
  await rm(dir, { recursive: true, force: true });
});

function startWorker(env: Record<string, string>) {
  const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'dist', 'main.js')], {
    env: childEnv({ REDIS_URL, REDIS_PREFIX: prefix, DATA_DIR: dir, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = { stdout: '', stderr: '' };
  child.stdout.on('data', (chunk: Buffer) => (output.stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output.stderr += chunk.toString()));
  return { child, output };
}

/** Until the worker's fetch worker is connected to Redis. */
async function untilListening(): Promise<void> {
  const connection = createQueueConnection(REDIS_URL, 'producer');
  const queue = createQueue(QUEUES.fetchSource, connection, prefix);
  try {
    for (let i = 0; i < 200 && (await queue.getWorkersCount()) === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await queue.close();
    connection.disconnect();
  }
}

describe('worker process', () => {
  it('stops at start with one clear line when the catalog override file is bad', async () => {
    const overrides = join(dir, 'overrides.yaml');
    await writeFile(overrides, 'compnies: []\n');
    const { child, output } = startWorker({ CATALOG_OVERRIDES: overrides });
    const [code] = await once(child, 'exit');
    expect(code).toBe(78);
    expect(output.stderr.trim().split('\n')).toHaveLength(1);
    expect(output.stderr).toMatch(/^tidings-worker: .*compnies/);
  });

  it(
    'runs every thread at WORKER_NICE (10 unless set), so that an API beside it answers first',
    { timeout: 30_000 },
    async () => {
      const niceOf = (pid: number) =>
        readdirSync(`/proc/${pid}/task`).map((tid) => {
          // Field 19 of stat; the command name (field 2) may hold spaces, so count after its ')'.
          const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
        });
      // A worker started by a process that runs at a higher value keeps that one.
      const own = getPriority(0);
      for (const [env, expected] of [
        [{}, Math.max(10, own)],
        [{ WORKER_NICE: '0' }, own],
      ] as const) {
        const worker = startWorker(env);
        await untilListening();
        const values = niceOf(worker.child.pid!);
        worker.child.kill('SIGTERM');
        await once(worker.child, 'exit');
        // Its index thread, parser threads and V8's own threads included.
        expect(values.length).toBeGreaterThan(5);
        expect(new Set(values)).toEqual(new Set([expected]));
      }
    },
  );

  it('logs JSON lines at LOG_LEVEL and writes them all out when stopped', { timeout: 30_000 }, async () => {
    const info = startWorker({ LOG_LEVEL: 'info' });
    await untilListening();
    info.child.kill('SIGTERM');
    expect((await once(info.child, 'exit'))[0]).toBe(0);
    const lines = info.output.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; service: string; level: number; time: string });
    // A Redis that keeps nothing on disk (as the test machine's) or may evict keys is warned of, once, at start.
    const redis = createRedis({ url: REDIS_URL });
    const { warnings } = await redisDurability(redis).finally(() => redis.disconnect());
    expect(lines.map((l) => l.event)).toEqual(['worker ready', ...warnings, 'shutting down']);
    expect(lines[0]).toMatchObject({ service: 'tidings-worker', level: 30, index: 'embedded', nice: 10 });
    for (const line of lines.slice(1, -1)) expect(line.level).toBe(40);

    const quiet = startWorker({ LOG_LEVEL: 'warn' });
    await untilListening();
    quiet.child.kill('SIGTERM');
    expect((await once(quiet.child, 'exit'))[0]).toBe(0);
    const warned = quiet.output.stdout.trim() ? quiet.output.stdout.trim().split('\n') : [];
    expect(warned.map((line) => (JSON.parse(line) as { event: string }).event)).toEqual(warnings);
  });
});
