/**
 * Feed work on threads of its own (piscina): the worker's event loop keeps serving queue locks,
 * fetches and Redis while feeds are parsed, normalised and classified. A feed whose parsing runs past
 * its time limit, or past its thread's heap limit, costs that thread (replaced at once) and fails
 * that fetch — never the worker.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { Article } from '@tidings/core/article';
import type { FeedWork, ReadFeedInput, ReadFeedOutcome, ReclassifyInput } from './feed-work.js';

export interface FeedParserPoolOptions {
  /** Parser threads (default: one less than the cores, at least 1, at most 4). */
  threads?: number;
  /** Reading one feed longer than this fails it (default 20 s). */
  timeoutMs?: number;
  /** Old-generation heap of each thread, in MiB (default 128). */
  maxHeapMiB?: number;
  /** The operator's catalog override file (CATALOG_OVERRIDES), loaded by every thread. */
  catalogOverrides?: string | null;
}

export function defaultParserThreads(): number {
  return Math.min(4, Math.max(1, availableParallelism() - 1));
}

export class FeedParserPool implements FeedWork {
  private readonly pool: Piscina;
  private readonly timeoutMs: number;

  constructor(options: FeedParserPoolOptions = {}) {
    const threads = options.threads ?? defaultParserThreads();
    this.timeoutMs = options.timeoutMs ?? 20_000;
    this.pool = new Piscina({
      filename: new URL('./parser-thread.js', import.meta.url).href,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: Infinity,
      // A thread holds its next feeds already, instead of waiting for the main thread to hand it one.
      concurrentTasksPerWorker: 2,
      workerData: { catalogOverrides: options.catalogOverrides ?? null },
      resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMiB ?? 128 },
    });
  }

  /** Resolves when a thread has loaded the catalog; rejects with the loading error (a bad override file). */
  async ready(): Promise<void> {
    await this.pool.run(null, { name: 'ready' });
  }

  async read(input: ReadFeedInput): Promise<ReadFeedOutcome> {
    try {
      return (await this.pool.run(input, {
        name: 'read',
        signal: AbortSignal.timeout(this.timeoutMs),
      })) as ReadFeedOutcome;
    } catch (error) {
      const e = error as Error & { code?: string };
      if (e.name === 'AbortError' || e.name === 'TimeoutError') {
        return { ok: false, error: `reading it took longer than ${this.timeoutMs / 1000} s` };
      }
      if (e.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        return { ok: false, error: 'reading it needed more memory than one feed may use' };
      }
      throw error;
    }
  }

  async reclassify(input: ReclassifyInput): Promise<Article[]> {
    return (await this.pool.run(input, { name: 'reclassify' })) as Article[];
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
