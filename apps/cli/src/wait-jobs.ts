/**
 * Waiting for queued jobs to finish (`ingest --wait`, `reindex --wait`). Queue events are the quick
 * path, but a `QueueEvents` stream may start reading after a job already finished, and it says
 * nothing about a job whose worker died; so every pending job is also looked at directly, once a
 * second, and the wait ends at a deadline in any case. A job that finished and was already trimmed
 * from the queue (`removeOnComplete`) counts as done without a result.
 */
import type { Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';

export type JobOutcome<R> = { jobId: string; ok: true; result: R | null } | { jobId: string; ok: false; error: string };

export interface WaitOptions<R> {
  queue: Queue;
  events: QueueEvents;
  jobIds: readonly string[];
  /** Give up after this long; the jobs still pending are returned. */
  timeoutMs: number;
  /** How often pending jobs are looked at directly. */
  pollMs?: number;
  onOutcome?: (outcome: JobOutcome<R>) => void;
  onProgress?: (jobId: string, data: unknown) => void;
}

export interface WaitResult<R> {
  outcomes: JobOutcome<R>[];
  /** Jobs that had not finished at the deadline. */
  pending: string[];
}

const parsed = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
};

/**
 * The id of the queue's latest event, read *before* jobs are added: events read from there on (the
 * `lastEventId` of `QueueEvents`) include every event of those jobs, however late the reader starts.
 */
export async function lastEventId(queue: Queue): Promise<string> {
  // The queue's own connection is an ioredis client (BullMQ types it more loosely).
  const client = (await queue.client) as unknown as Redis;
  const [last] = await client.xrevrange(queue.keys.events!, '+', '-', 'COUNT', 1);
  return last?.[0] ?? '0-0';
}

/**
 * Waits for jobs already queued: events that came before the listeners are attached are made up for
 * by looking at the jobs themselves.
 */
export function waitForJobs<R>(options: WaitOptions<R>): Promise<WaitResult<R>> {
  const pending = new Set(options.jobIds);
  const outcomes: JobOutcome<R>[] = [];
  if (!pending.size) return Promise.resolve({ outcomes, pending: [] });
  return new Promise((resolve) => {
    let timer: NodeJS.Timeout | undefined;
    const finish = () => {
      clearTimeout(timer);
      clearTimeout(deadline);
      options.events.off('completed', onCompleted);
      options.events.off('failed', onFailed);
      options.events.off('progress', onProgress);
      resolve({ outcomes, pending: [...pending] });
    };
    const settle = (outcome: JobOutcome<R>) => {
      if (!pending.delete(outcome.jobId)) return;
      outcomes.push(outcome);
      options.onOutcome?.(outcome);
      if (!pending.size) finish();
    };
    const onCompleted = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) =>
      settle({ jobId, ok: true, result: parsed(returnvalue) as R });
    const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) =>
      settle({ jobId, ok: false, error: failedReason });
    const onProgress = ({ jobId, data }: { jobId: string; data: unknown }) => {
      if (pending.has(jobId)) options.onProgress?.(jobId, data);
    };
    options.events.on('completed', onCompleted);
    options.events.on('failed', onFailed);
    options.events.on('progress', onProgress);

    const look = async () => {
      for (const jobId of [...pending]) {
        // The state first, then the job: a job read first and finished before its state was asked reads
        // as completed without its result (its copy was taken while it ran).
        const state = await options.queue.getJobState(jobId);
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') continue;
        const job: Job | undefined = state === 'unknown' ? undefined : await options.queue.getJob(jobId);
        if (state === 'failed') settle({ jobId, ok: false, error: job?.failedReason || 'failed' });
        // Finished and trimmed before anyone looked (or removed by hand): done, result unknown.
        else settle({ jobId, ok: true, result: job ? (parsed(job.returnvalue) as R) : null });
      }
    };
    const poll = () => {
      timer = setTimeout(() => {
        look().then(
          () => pending.size && poll(),
          () => pending.size && poll(), // Redis hiccup: look again at the next tick
        );
      }, options.pollMs ?? 1_000);
    };
    const deadline = setTimeout(finish, options.timeoutMs);
    poll();
  });
}
