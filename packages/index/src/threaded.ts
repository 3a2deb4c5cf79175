/**
 * The embedded index on its own thread: every call is posted to a worker thread that owns the SQLite
 * connection, so that index writes (SQLite and FTS5 work, a quarter of the worker's time) run beside
 * feed parsing instead of after it. The worker process uses it; the API keeps the index on its own
 * thread (its in-memory filter columns answer queries).
 */
import { Worker } from 'node:worker_threads';
import type { Article } from '@tidings/core/article';
import type { FeedFilters } from '@tidings/core/query';
import type { EmbeddedIndexOptions } from './embedded.js';
import {
  type ArticleIndex,
  type HostFlags,
  type IndexPage,
  type IndexQuery,
  type IndexStats,
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

export class ThreadedArticleIndex implements ArticleIndex {
  readonly kind = 'embedded' as const;
  private readonly thread: Worker;
  private readonly pending = new Map<number, { resolve(value: never): void; reject(error: Error): void }>();
  private next = 1;
  private failure: Error | null = null;

  constructor(private readonly options: EmbeddedIndexOptions) {
    this.thread = new Worker(new URL('./threaded-host.js', import.meta.url), { workerData: options });
    this.thread.on('message', ({ id, result, error }: Reply) => {
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
      // The first cause is the one worth reporting ('exit' follows 'error').
      this.failure ??= new IndexUnavailableError(`index thread stopped: ${error.message}`);
      for (const call of this.pending.values()) call.reject(this.failure);
      this.pending.clear();
    };
    this.thread.on('error', fail);
    this.thread.on('exit', (code) => fail(new Error(`exit code ${code}`)));
  }

  private call<T>(method: string, ...args: unknown[]): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.thread.postMessage({ id, method, args });
    });
  }

  async init(): Promise<void> {
    await this.call('init');
  }
  upsert(articles: readonly Article[]): Promise<void> {
    return this.call('upsert', articles);
  }
  /** Merged on the index thread: the articles cross threads once, as one block of bytes. */
  ingest(batch: IngestBatch): Promise<IngestResult> {
    return this.call('ingest', batch);
  }
  remove(ids: readonly string[]): Promise<number> {
    return this.call('remove', ids);
  }
  removeBySource(sourceId: string): Promise<number> {
    return this.call('removeBySource', sourceId);
  }
  removePublishedBefore(ms: number): Promise<number> {
    return this.call('removePublishedBefore', ms);
  }
  getByIds(ids: readonly string[], filters?: FeedFilters): Promise<Article[]> {
    return this.call('getByIds', ids, filters);
  }
  query(query: IndexQuery): Promise<IndexPage> {
    return this.call('query', query);
  }
  setHostFlags(domain: string, flags: HostFlags): Promise<number> {
    return this.call('setHostFlags', domain, flags);
  }
  stats(): Promise<IndexStats> {
    return this.call('stats');
  }
  sourceCounts(): Promise<Map<string, number>> {
    return this.call('sourceCounts');
  }
  scan(options: ScanOptions): Promise<ScanBatch> {
    return this.call('scan', options);
  }
  ping(): Promise<void> {
    return this.call('ping');
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.call('close');
    this.failure = new IndexUnavailableError('index closed');
    await this.thread.terminate();
  }
}
