/**
 * The embedded index on threads of its own: every call is posted to a worker thread that owns a SQLite
 * connection. The worker process writes through one (index writes, SQLite and FTS5 work, run beside
 * feed parsing); the API answers queries on `readers` threads, each with its own query engine, so
 * that no query ever runs on the event loop that answers HTTP, one slow query leaves the other
 * threads (and `/healthz`) free, and every query has a time budget.
 */
import { Worker } from 'node:worker_threads';
import type { Article, StoryRef } from '@tidings/core/article';
import type { FeedFilters } from '@tidings/core/query';
import type { EmbeddedIndexOptions } from './embedded.js';
import {
  type ArticleIndex,
  type FacetCounts,
  type FacetQuery,
  type HostFlags,
  type IndexPage,
  type IndexQuery,
  type IndexStats,
  IndexBusyError,
  IndexUnavailableError,
  type IngestBatch,
  type IngestResult,
  type ScanBatch,
  type ScanOptions,
} from './port.js';

interface Reply {
  id: number;
  result?: unknown;
  error?: { name: string; message: string };
}

export interface ThreadedIndexOptions extends EmbeddedIndexOptions {
  /**
   * Threads that answer reads, each with its own query engine over the same file (default 1; more
   * than one needs a file, not `:memory:`). Writes always go to the first, in the order they are made.
   */
  readers?: number;
  /** A query or filtered look-up that takes longer is answered with `IndexBusyError` (default: no limit). */
  queryBudgetMs?: number;
  /**
   * Called once when a thread stops after `init()` and before `close()` (out of memory, a fault): its
   * calls fail from then on, for good. The API and the worker exit so that their supervisor starts them
   * again, rather than answer 503 or fail every fetch until someone restarts them.
   */
  onStopped?: (failure: Error) => void;
}

/**
 * Reads a thread holds at once, so that it starts the next as soon as it answers one (the main thread
 * may be busy with HTTP). Measured at 1 000 000 articles (bench/RESULTS.md): 8 answered the varied mix
 * fastest (2 and 4 left the threads waiting for the main thread), facets alike.
 */
const READS_IN_FLIGHT = 8;
/** …but not behind one that has run longer than this (it may be a slow one). */
const BEHIND_AT_MOST_MS = 10;

/** Longest a close waits for the reads it has accepted to be answered. */
const CLOSE_DRAIN_MS = 10_000;

/** Young-generation size of an index thread (see `IndexThread`). */
const YOUNG_GENERATION_MB = 16;

/** One thread and the calls it has not answered yet. */
class IndexThread {
  readonly worker: Worker;
  readonly pending = new Map<number, { resolve(value: never): void; reject(error: Error): void }>();
  /** When each read sent to this thread and not answered yet was sent, oldest first (see `ThreadedArticleIndex.read`). */
  readonly reads: number[] = [];
  failure: Error | null = null;

  constructor(options: EmbeddedIndexOptions, onStopped: (failure: Error) => void) {
    this.worker = new Worker(new URL('./threaded-host.js', import.meta.url), {
      workerData: options,
      // V8 sizes a thread's young generation by the machine's memory (tens of MB per semi-space
      // here) and keeps it committed: with two query threads that was ~230 MB of the API's resident
      // memory at 100 000 articles. Queries allocate little that lives: 16 MB answered the varied
      // mix as fast as 32 MB, with 84 MB less resident at a million articles (bench/RESULTS.md).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    this.worker.on('message', ({ id, result, error }: Reply) => {
      const call = this.pending.get(id);
      if (!call) return;
      this.pending.delete(id);
      if (!error) return call.resolve(result as never);
      const e =
        error.name === 'IndexUnavailableError' ? new IndexUnavailableError(error.message) : new Error(error.message);
      e.name = error.name;
      call.reject(e);
    });
    const fail = (error: Error) => {
      const first = this.failure === null;
      // The first cause is the one worth reporting ('exit' follows 'error').
      this.failure ??= new IndexUnavailableError(`index thread stopped: ${error.message}`);
      for (const call of this.pending.values()) call.reject(this.failure);
      this.pending.clear();
      if (first) onStopped(this.failure);
    };
    this.worker.on('error', fail);
    this.worker.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  }

  call<T>(id: number, method: string, args: unknown[]): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, method, args });
    });
  }
}

export class ThreadedArticleIndex implements ArticleIndex {
  readonly kind = 'embedded' as const;
  private readonly threads: IndexThread[];
  private next = 1;
  private closed: Error | null = null;
  /** Set once `close` begins: no new read is accepted; `drained` is called when the last one is answered. */
  private closing: Error | null = null;
  private drained: (() => void) | null = null;
  /** Whether `init()` has finished: a thread that stops before is `init()`'s failure, not {@link ThreadedIndexOptions.onStopped}'s. */
  private ready = false;

  constructor(private readonly options: ThreadedIndexOptions) {
    // What the threads are given (a function cannot cross to them): the options less this class's own.
    const { readers = 1, queryBudgetMs, onStopped, ...embedded } = options;
    let reported = false;
    const stopped = (failure: Error) => {
      if (!this.ready || this.closing || this.closed || reported) return;
      reported = true;
      onStopped?.(failure);
    };
    this.threads = Array.from({ length: Math.max(1, readers) }, () => new IndexThread(embedded, stopped));
  }

  private get writer(): IndexThread {
    return this.threads[0]!;
  }

  /** The reader with the fewest calls waiting (a thread busy with a slow query gets none). */
  private get reader(): IndexThread {
    let best = this.threads[0]!;
    for (const thread of this.threads) {
      if (!thread.failure && (best.failure || thread.pending.size < best.pending.size)) best = thread;
    }
    return best;
  }

  private call<T>(thread: IndexThread, method: string, ...args: unknown[]): Promise<T> {
    if (this.closed) return Promise.reject(this.closed);
    return thread.call<T>(this.next++, method, args);
  }

  /**
   * Reads not yet given to a thread, oldest first. A thread gets the next read only while it holds
   * fewer than {@link READS_IN_FLIGHT} and the one it runs started less than {@link BEHIND_AT_MOST_MS}
   * ago, so a read does not queue behind a slow query on one thread while the other is free (with
   * one queue per thread it did: the slowest answers under load).
   */
  private readonly waiting: ((thread: IndexThread) => void)[] = [];
  private pumpLater: NodeJS.Timeout | null = null;

  private pump(): void {
    while (this.waiting.length) {
      const now = performance.now();
      let free: IndexThread | null = null;
      for (const thread of this.threads) {
        const { reads } = thread;
        // A second read only behind one that started moments ago (one running longer may be slow).
        if (thread.failure || reads.length >= READS_IN_FLIGHT) continue;
        if (reads.length && now - reads[0]! > BEHIND_AT_MOST_MS) continue;
        if (!free || reads.length < free.reads.length || (reads.length && reads[0]! > free.reads[0]!)) free = thread;
      }
      // Every thread failed: the read goes to one, which answers with its failure.
      if (!free && this.threads.every((t) => t.failure)) free = this.threads[0]!;
      if (!free) {
        // Every thread is busy: look again once the running reads have had time to finish.
        this.pumpLater ??= setTimeout(() => {
          this.pumpLater = null;
          this.pump();
        }, BEHIND_AT_MOST_MS).unref();
        return;
      }
      free.reads.push(now);
      this.waiting.shift()!(free);
    }
  }

  /** A read, on the first thread free, under the query budget (time waiting for a thread included). */
  private read<T>(method: string, filters: FeedFilters | undefined, ...args: unknown[]): Promise<T> {
    const refused = this.closed ?? this.closing;
    if (refused) return Promise.reject(refused);
    let send: (thread: IndexThread) => void = () => {};
    const answer = new Promise<T>((resolve, reject) => {
      send = (thread) => {
        this.call<T>(thread, method, ...args)
          .then(resolve, reject)
          .finally(() => {
            thread.reads.shift();
            this.pump();
            if (this.closing && this.idle()) this.drained?.();
          });
      };
      this.waiting.push(send);
      this.pump();
    });
    const budget = this.options.queryBudgetMs;
    if (!budget) return answer;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Still waiting for a thread: nobody will want the answer, so it is never computed.
        const at = this.waiting.indexOf(send);
        if (at >= 0) this.waiting.splice(at, 1);
        if (this.closing && this.idle()) this.drained?.();
        reject(new IndexBusyError(`the query took longer than its budget of ${budget} ms`, filters));
      }, budget);
    });
    answer.catch(() => {}); // answered (or failed) after the budget: nobody is waiting any more
    return Promise.race([answer, late]).finally(() => clearTimeout(timer));
  }

  /** Every thread (readers load their engines here). */
  async init(): Promise<void> {
    await Promise.all(this.threads.map((thread) => this.call(thread, 'init')));
    this.ready = true;
  }
  upsert(articles: readonly Article[]): Promise<void> {
    return this.call(this.writer, 'upsert', articles);
  }
  /** Merged on the index thread: the articles cross threads once, as one block of bytes. */
  ingest(batch: IngestBatch): Promise<IngestResult> {
    return this.call(this.writer, 'ingest', batch);
  }
  remove(ids: readonly string[]): Promise<number> {
    return this.call(this.writer, 'remove', ids);
  }
  removeBySource(sourceId: string): Promise<number> {
    return this.call(this.writer, 'removeBySource', sourceId);
  }
  removePublishedBefore(ms: number): Promise<number> {
    return this.call(this.writer, 'removePublishedBefore', ms);
  }
  reclassified(articles: readonly Article[]): Promise<number> {
    return this.call(this.writer, 'reclassified', articles);
  }

  setHostFlags(domain: string, flags: HostFlags): Promise<number> {
    return this.call(this.writer, 'setHostFlags', domain, flags);
  }
  getByIds(ids: readonly string[], filters?: FeedFilters): Promise<Article[]> {
    // Without readers of their own, reads queue behind the writes made before them (read-your-writes).
    return this.threads.length === 1
      ? this.call(this.writer, 'getByIds', ids, filters)
      : this.read('getByIds', filters, ids, filters);
  }
  query(query: IndexQuery): Promise<IndexPage> {
    return this.threads.length === 1 && !this.options.queryBudgetMs
      ? this.call(this.writer, 'query', query)
      : this.read('query', query.filters, query);
  }
  facets(query: FacetQuery): Promise<FacetCounts> {
    return this.threads.length === 1 && !this.options.queryBudgetMs
      ? this.call(this.writer, 'facets', query)
      : this.read('facets', query.filters, query);
  }
  story(storyId: string): Promise<StoryRef | null> {
    return this.call(this.reader, 'story', storyId);
  }
  stats(): Promise<IndexStats> {
    return this.call(this.reader, 'stats');
  }
  sourceCounts(): Promise<Map<string, number>> {
    return this.call(this.reader, 'sourceCounts');
  }
  scan(options: ScanOptions): Promise<ScanBatch> {
    return this.call(this.writer, 'scan', options);
  }
  ping(): Promise<void> {
    return this.call(this.reader, 'ping');
  }

  /** No read waiting for a thread or running on one. */
  private idle(): boolean {
    return this.waiting.length === 0 && this.threads.every((thread) => thread.reads.length === 0);
  }

  async close(): Promise<void> {
    if (this.closed ?? this.closing) return;
    // Reads accepted before are answered first (a shutdown under load fails none of them); new ones are
    // refused. A read removed by its budget leaves the queue, so the wait ends with the last answer.
    this.closing = new IndexUnavailableError('index closing');
    if (!this.idle()) {
      await new Promise<void>((resolve) => {
        this.drained = resolve;
        setTimeout(resolve, CLOSE_DRAIN_MS).unref();
      });
    }
    await Promise.allSettled(this.threads.map((thread) => this.call(thread, 'close')));
    this.closed = new IndexUnavailableError('index closed');
    if (this.pumpLater) clearTimeout(this.pumpLater);
    // Reads still waiting for a thread are answered with the closing.
    for (const send of this.waiting.splice(0)) {
      this.threads[0]!.reads.push(0);
      send(this.threads[0]!);
    }
    await Promise.all(this.threads.map((thread) => thread.worker.terminate()));
  }
}
