/** Opens the index the configuration asks for (`INDEX=embedded|meilisearch`). */
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Config } from '@tidings/config/config';
import { EmbeddedArticleIndex } from './embedded.js';
import { MeilisearchArticleIndex } from './meilisearch.js';
import type { ArticleIndex } from './port.js';
import { ThreadedArticleIndex } from './threaded.js';

/** Exit status of a process whose index thread stopped (EX_SOFTWARE: an internal fault). */
const INDEX_STOPPED_EXIT = 70;

export interface IndexOpenOptions {
  serving?: boolean;
  thread?: boolean;
  /**
   * Parent of each topic id (the catalog's `topicParents()`): facets count an article under every ancestor
   * of its topics, and the Meilisearch adapter stores that ancestry in each document it writes.
   */
  topicParents?: Record<number, number>;
  /** JSON schema of an article as the API prints it (query threads then print pages themselves). */
  articleSchema?: object;
  /** Meilisearch: a lock every process writing to the index shares (`MeilisearchIndexOptions.writeLock`). */
  writeLock?: <T>(work: () => Promise<T>) => Promise<T>;
  /** The embedded index on threads: one stopped after start (`ThreadedIndexOptions.onStopped`). */
  onStopped?: (failure: Error) => void;
}

/**
 * `serving`: the process answers queries (the API): the embedded index answers them on
 * `QUERY_THREADS` threads, each loading its query engine at `init()`, under `QUERY_BUDGET_MS`.
 * `thread`: the embedded index runs on a thread of its own (the worker: index writes beside parsing).
 */
export async function openIndex(
  config: Pick<Config, 'INDEX' | 'DATA_DIR' | 'MEILI_URL' | 'MEILI_API_KEY' | 'MEILI_INDEX'> &
    Partial<Pick<Config, 'QUERY_THREADS' | 'QUERY_BUDGET_MS'>>,
  options: IndexOpenOptions = {},
): Promise<ArticleIndex> {
  const topicParents = options.topicParents ? { topicParents: options.topicParents } : {};
  if (config.INDEX === 'meilisearch') {
    return new MeilisearchArticleIndex({
      ...topicParents,
      host: config.MEILI_URL!,
      ...(config.MEILI_API_KEY ? { apiKey: config.MEILI_API_KEY } : {}),
      indexUid: config.MEILI_INDEX,
      ...(options.writeLock ? { writeLock: options.writeLock } : {}),
    });
  }
  const file = join(config.DATA_DIR, 'articles.sqlite');
  const onStopped = options.onStopped ? { onStopped: options.onStopped } : {};
  if (options.serving) {
    // Queries run on threads of their own, never on the event loop that answers HTTP.
    return new ThreadedArticleIndex({
      ...topicParents,
      ...(options.articleSchema ? { articleSchema: options.articleSchema } : {}),
      file,
      warm: true,
      // Readers only fetch the documents of the pages they serve (16 MiB measured no faster at 1M).
      cacheMiB: 8,
      readers: config.QUERY_THREADS ?? Math.min(2, availableParallelism()),
      queryBudgetMs: config.QUERY_BUDGET_MS ?? 2_000,
      ...onStopped,
    });
  }
  return options.thread
    ? new ThreadedArticleIndex({ file, cacheMiB: 32, ...onStopped })
    : new EmbeddedArticleIndex({ file });
}

/** SQLite's words for a file it cannot read as a database. */
const DAMAGED = /file is not a database|database disk image is malformed/i;

/**
 * An index failure's message, with what to do where the embedded index's file cannot be opened (`DATA_DIR`
 * a file, or not writable) or read (a disk fault, a file copied over it): before, the API and `tidings`
 * said only "unable to open database file" or "file is not a database".
 */
export function indexFailureMessage(error: unknown, config: Pick<Config, 'INDEX' | 'DATA_DIR'>): string {
  const message = error instanceof Error ? error.message : String(error);
  if (config.INDEX !== 'embedded') return message;
  const file = join(config.DATA_DIR, 'articles.sqlite');
  // DATA_DIR a file, or not this user's to write: SQLite's and mkdir's words named neither.
  if (/EEXIST: file already exists, mkdir|ENOTDIR/.test(message)) {
    return `${message}: DATA_DIR (${config.DATA_DIR}) must be a directory, and is a file`;
  }
  if (/unable to open database file|EACCES|EPERM|readonly database/i.test(message)) {
    return `${message}: the embedded index ${file} cannot be opened for writing; DATA_DIR (${config.DATA_DIR}) must be a directory this user may write in`;
  }
  if (!DAMAGED.test(message)) return message;
  return (
    `${message}: the embedded index ${file} is damaged, or is not an index; move it (and its -wal and -shm ` +
    "files) aside and start again: a new index is made, and the feeds' current items come back at their " +
    'next fetch (at once with tidings ingest --all)'
  );
}

/**
 * `openIndex` and `init()` for a process entry point: a failure prints one line and exits. So does an
 * index thread that stops later (out of memory, a fault): every call to it would fail until a restart,
 * so the process exits (status 70) and its supervisor starts it again.
 */
export async function openIndexOrExit(
  config: Parameters<typeof openIndex>[0],
  processName: string,
  options: IndexOpenOptions = {},
): Promise<ArticleIndex> {
  let index: ArticleIndex | null = null;
  const onStopped = (failure: Error) => {
    process.stderr.write(`${processName}: ${indexFailureMessage(failure, config)}; exiting, to be started again\n`);
    process.exit(INDEX_STOPPED_EXIT);
  };
  try {
    index = await openIndex(config, { onStopped, ...options });
    await index.init();
    return index;
  } catch (error) {
    process.stderr.write(`${processName}: ${indexFailureMessage(error, config)}\n`);
    // The other index threads may still be loading their native modules: exiting under them aborted
    // the process with a native stack trace after that one clear line. They are stopped first.
    await Promise.race([index?.close().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
    process.exit(1);
  }
}
