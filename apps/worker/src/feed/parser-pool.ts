/**
 * Feed work on threads of its own (piscina): the worker's event loop keeps serving queue locks,
 * fetches and Redis while feeds are parsed, normalised and classified. A feed whose parsing runs past
 * its time limit, or past its thread's heap limit, costs that thread (replaced at once) and fails
 * that fetch — never the worker.
 */
import { randomUUID } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { BroadcastChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { Article } from '@tidings/core/article';
import type { FeedBatch, FeedWork, NotAFeed, ReadFeedInput, ReclassifyInput } from './feed-work.js';

export interface FeedParserPoolOptions {
  /** Parser threads (default: as many as the cores, at most 4). */
  threads?: number;
  /** Reading one feed longer than this (from when a thread starts on it) fails it (default 20 s). */
  timeoutMs?: number;
  /** Old-generation heap of each thread, in MiB (default 128). */
  maxHeapMiB?: number;
  /** The operator's catalog override file (CATALOG_OVERRIDES), loaded by every thread. */
  catalogOverrides?: string | null;
  /** Whether the learned top-level topic model classifies (`TOPIC_MODEL`; default on). */
  topicModel?: boolean;
}

/**
 * As many as the cores (at most four): the event loop and the index thread spend much of their time
 * waiting (network, Redis, the next batch), and with one parser thread fewer than the cores, a core
 * sat idle while fetched feeds waited for the busy one (measured on two cores: idle time halved,
 * +10–20 % new articles/s, +65 MB resident).
 */
export function defaultParserThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism()));
}

export class FeedParserPool implements FeedWork {
  private readonly pool: Piscina;
  private readonly timeoutMs: number;
  /** Threads say here which feed they start, so that its time limit starts then, not in the queue. */
  private readonly started: BroadcastChannel;
  private readonly running = new Map<number, { abort: AbortController; timer?: NodeJS.Timeout }>();
  private nextTask = 1;
  /** A thread's failure outside any task (one that could not start: a bad override file). */
  private threadFailure: Error | null = null;

  constructor(options: FeedParserPoolOptions = {}) {
    const threads = options.threads ?? defaultParserThreads();
    this.timeoutMs = options.timeoutMs ?? 20_000;
    const channel = `tidings-parser-${randomUUID()}`;
    this.started = new BroadcastChannel(channel);
    this.started.unref();
    this.started.onmessage = (event) => {
      const task = this.running.get((event as { data: number }).data);
      if (task) task.timer = setTimeout(() => task.abort.abort(), this.timeoutMs);
    };
    this.pool = new Piscina({
      filename: new URL('./parser-thread.js', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Infinity,
      // A thread holds its next feeds already, instead of waiting for the main thread to hand it one.
      concurrentTasksPerWorker: 2,
      workerData: {
        catalogOverrides: options.catalogOverrides ?? null,
        topicModel: options.topicModel ?? true,
        startedChannel: channel,
      },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMiB ?? 128 },
    });
    // Without a listener such a failure would be thrown at the event loop and end the process.
    this.pool.on('error', (error: Error) => {
      this.threadFailure ??= error;
    });
  }

  /** Resolves when a thread has loaded the catalog; rejects with the loading error (a bad override file). */
  async ready(): Promise<void> {
    await this.pool.run(null, { name: 'ready' });
    if (this.threadFailure) throw this.threadFailure;
  }

  async read(input: ReadFeedInput): Promise<FeedBatch | NotAFeed> {
    const taskId = this.nextTask++;
    const task = { abort: new AbortController() } as { abort: AbortController; timer?: NodeJS.Timeout };
    this.running.set(taskId, task);
    try {
      return (await this.pool.run({ ...input, taskId }, { name: 'read', signal: task.abort.signal })) as
        FeedBatch | NotAFeed;
    } catch (error) {
      const e = error as Error & { code?: string };
      if (task.abort.signal.aborted) {
        return { ok: false, error: `reading it took longer than ${this.timeoutMs / 1000} s` };
      }
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        return { ok: false, error: 'reading it needed more memory than one feed may use' };
      }
      throw error;
    } finally {
      clearTimeout(task.timer);
      this.running.delete(taskId);
    }
  }

  async paywall(html: string): Promise<boolean | null> {
    return (await this.pool.run(html, { name: 'paywall' })) as boolean | null;
  }

  async reclassify(input: ReclassifyInput): Promise<Article[]> {
    return (await this.pool.run(input, { name: 'reclassify' })) as Article[];
  }

  async close(): Promise<void> {
    this.started.close();
    await this.pool.destroy();
  }
}
