import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { testEnv } from '@tidings/config/config';
import {
  DEFAULT_JOB_OPTIONS,
  createQueue,
  createQueueConnection,
  fetchSchedulerId,
  manualFetchJobId,
  probeJobId,
  QUEUES,
  reindexJobId,
} from '../src/queues.js';

const here = fileURLToPath(new URL('.', import.meta.url));

describe('queues', () => {
  it('retry with exponential back-off and keep finished jobs within bounds', () => {
    expect(DEFAULT_JOB_OPTIONS.attempts).toBeGreaterThan(1);
    expect(DEFAULT_JOB_OPTIONS.backoff).toMatchObject({ type: 'exponential', jitter: expect.any(Number) });
    expect(DEFAULT_JOB_OPTIONS.removeOnComplete).toMatchObject({ count: expect.any(Number) });
    expect(DEFAULT_JOB_OPTIONS.removeOnFail).toMatchObject({ count: expect.any(Number) });
  });

  it('give a manual fetch one job id per source and run, without a colon', () => {
    expect(manualFetchJobId('a', 'r1')).toBe('manual-a-r1');
    expect(manualFetchJobId('a', 'r1')).not.toBe(manualFetchJobId('a', 'r2'));
    expect(fetchSchedulerId('a')).toBe('source:a');
  });

  it('give probes one job id per host and day (or per re-index run), IPv6 hosts included, without a colon', () => {
    const day = Date.UTC(2026, 10, 22, 9);
    expect(probeJobId('example.com', day)).toBe(probeJobId('example.com', day + 3_600_000));
    expect(probeJobId('example.com', day)).not.toBe(probeJobId('example.com', day + 86_400_000));
    expect(probeJobId('[::1]', day)).not.toContain(':');
    expect(probeJobId('example.com', day, 'reindex-all-r1')).toBe('probe-example.com-reindex-all-r1');
    expect(reindexJobId(null, 'r1')).toBe('reindex-all-r1');
  });

  it('keep every queue key under the configured prefix', async () => {
    const prefix = `tidings-test:${randomUUID()}:`;
    const connection = createQueueConnection(testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379', 'producer');
    const queue = createQueue<{ sourceId: string }>(QUEUES.fetchSource, connection, prefix);
    await queue.add('manual', { sourceId: 'x' }, { jobId: manualFetchJobId('x', 'run1') });
    await queue.add('manual', { sourceId: 'x' }, { jobId: manualFetchJobId('x', 'run1') });
    expect(await queue.count()).toBe(1);
    const keys = await connection.keys(`${prefix}*`);
    expect(keys.length).toBeGreaterThan(0);
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
  });

  it("close the connection of a queue's events with them: a process that waited on jobs exits by itself", async () => {
    // A separate Node process (the built package, as the CLI loads it) that opens a queue's events,
    // closes them and does nothing more: it ends, unless a connection is left open.
    const url = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';
    const script = `
      import { createQueueEvents } from '@tidings/queue/queues';
      const events = createQueueEvents('fetch-source', ${JSON.stringify(url)}, 'tidings-test:${randomUUID()}:');
      await events.waitUntilReady();
      await events.close();`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: here, stdio: 'inherit' });
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    clearTimeout(killer);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  }, 20_000);
});
