/**
 * `--wait` never hangs on a job whose end it did not hear about: a job that finished before anyone
 * listened, a job that failed, and a job no worker takes (the deadline) — with real Redis and BullMQ.
 */
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { type QueueEvents, Worker } from 'bullmq';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bullPrefix, createQueue, createQueueConnection, createQueueEvents } from '@tidings/queue/queues';
import { createRedis } from '@tidings/store/redis';
import { lastEventId, waitForJobs } from '../src/wait-jobs.js';
import { REDIS_URL } from './helper.js';

let prefix: string;
const closers: (() => Promise<unknown>)[] = [];
beforeEach(() => {
  prefix = `tidings-test:${randomUUID()}:`;
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  const redis = createRedis({ url: REDIS_URL });
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  redis.disconnect();
});

function setUp(processor?: (data: { n: number }) => Promise<unknown>) {
  const connection = createQueueConnection(REDIS_URL, 'producer');
  const queue = createQueue<{ n: number }>('jobs', connection, prefix);
  closers.push(async () => {
    await queue.close();
    connection.disconnect();
  });
  const worker = processor
    ? new Worker<{ n: number }>('jobs', (job) => processor(job.data), {
        connection: createQueueConnection(REDIS_URL, 'worker'),
        prefix: bullPrefix(prefix),
      })
    : null;
  if (worker) closers.push(() => worker.close());
  const events = () => {
    const e = createQueueEvents('jobs', REDIS_URL, prefix);
    closers.push(() => e.close());
    return e;
  };
  return { queue, worker, events };
}

describe('waitForJobs', () => {
  it('learns the end of a job that finished before anyone listened, from the job itself', async () => {
    const { queue, events } = setUp(async ({ n }) => ({ doubled: n * 2 }));
    const job = await queue.add('double', { n: 21 }, { jobId: 'early' });
    for (let i = 0; i < 100 && (await job.getState()) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    const { outcomes, pending } = await waitForJobs({
      queue,
      events: events(),
      jobIds: ['early'],
      timeoutMs: 10_000,
      pollMs: 200,
    });
    expect(pending).toEqual([]);
    expect(outcomes).toEqual([{ jobId: 'early', ok: true, result: { doubled: 42 } }]);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('replays the events stream from the id read before the job was added (no polling needed)', async () => {
    const { queue } = setUp(async ({ n }) => ({ tripled: n * 3 }));
    const from = await lastEventId(queue);
    const job = await queue.add('triple', { n: 5 }, { jobId: 'replayed' });
    for (let i = 0; i < 100 && (await job.getState()) !== 'completed'; i++) await new Promise((r) => setTimeout(r, 20));
    // The listener starts only now, from that id; looking at the job itself is left for a minute.
    const events = createQueueEvents('jobs', REDIS_URL, prefix, from);
    closers.push(() => events.close());
    const started = Date.now();
    const { outcomes } = await waitForJobs({ queue, events, jobIds: ['replayed'], timeoutMs: 10_000, pollMs: 60_000 });
    expect(outcomes).toEqual([{ jobId: 'replayed', ok: true, result: { tripled: 15 } }]);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('reports a failed job with its reason', async () => {
    const { queue, events } = setUp(async () => {
      throw new Error('feed is gone');
    });
    const listening = events();
    await queue.add('fail', { n: 1 }, { jobId: 'bad', attempts: 1 });
    const { outcomes } = await waitForJobs({
      queue,
      events: listening,
      jobIds: ['bad'],
      timeoutMs: 10_000,
      pollMs: 200,
    });
    expect(outcomes).toEqual([{ jobId: 'bad', ok: false, error: 'feed is gone' }]);
  });

  it('gives up at the deadline and names the jobs still pending (no worker)', async () => {
    const { queue, events } = setUp();
    await queue.add('never', { n: 1 }, { jobId: 'stuck' });
    const started = Date.now();
    const { outcomes, pending } = await waitForJobs({
      queue,
      events: events(),
      jobIds: ['stuck'],
      timeoutMs: 800,
      pollMs: 100,
    });
    expect(outcomes).toEqual([]);
    expect(pending).toEqual(['stuck']);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('counts a finished job already trimmed from the queue as done, without a result', async () => {
    const { queue, events } = setUp();
    const job = await queue.add('gone', { n: 1 }, { jobId: 'trimmed' });
    await job.remove();
    const { outcomes } = await waitForJobs({
      queue,
      events: events(),
      jobIds: ['trimmed'],
      timeoutMs: 5_000,
      pollMs: 100,
    });
    expect(outcomes).toEqual([{ jobId: 'trimmed', ok: true, result: null }]);
  });

  it('keeps the result of a job that finishes while it is being looked at', async () => {
    // A CI run's `reindex --wait --json` once printed "its summary is no longer in the queue": the job was
    // read while it ran, finished, and then its state was asked.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    setTimeout(() => release(), 600);
    const { queue } = setUp(async ({ n }) => {
      await held;
      return { doubled: n * 2 };
    });
    const job = await queue.add('double', { n: 21 }, { jobId: 'racing' });
    for (let i = 0; i < 100 && (await job.getState()) !== 'active'; i++) await new Promise((r) => setTimeout(r, 20));
    // The job as first read, while it runs; it finishes before anything else is asked.
    const getJob = queue.getJob.bind(queue);
    let first = true;
    queue.getJob = async (id: string) => {
      const read = await getJob(id);
      if (first) {
        first = false;
        release();
        for (let i = 0; i < 100 && (await queue.getJobState(id)) !== 'completed'; i++) {
          await new Promise((r) => setTimeout(r, 20));
        }
      }
      return read;
    };
    // Events that never come (a stream that started reading too late): only looking at the job can tell.
    const silent = new EventEmitter() as unknown as QueueEvents;
    const { outcomes } = await waitForJobs({
      queue,
      events: silent,
      jobIds: ['racing'],
      timeoutMs: 10_000,
      pollMs: 100,
    });
    expect(outcomes).toEqual([{ jobId: 'racing', ok: true, result: { doubled: 42 } }]);
  });
});
