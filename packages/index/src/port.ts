/**
 * The `ArticleIndex` port: what the API, the worker and the CLI need from an article store.
 * Two adapters implement it (`EmbeddedArticleIndex`, `MeilisearchArticleIndex`) and one contract suite
 * (`test/contract-suite.ts`) holds them to the same behaviour.
 */
import type { Article, StoryRef } from '@tidings/core/article';
import type { CursorPosition } from '@tidings/core/cursor';
import type { FacetName, FeedFilters } from '@tidings/core/query';

/** Totals are counted exactly up to this many matches; beyond it `totalExact` is false. */
export const EXACT_TOTAL_LIMIT = 10_000;

export interface IndexQuery {
  /**
   * The filters; `includeTopics` must already hold every descendant of the topics asked for
   * (the index matches topic ids literally).
   */
  filters: FeedFilters;
  limit: number;
  /** Either an offset (page paging) … */
  offset?: number;
  /** … or the position after which to continue (cursor paging, `key` = publishedAt in ms). */
  after?: CursorPosition | null;
  /** Only the articles of this story (`/stories/{id}/`). */
  storyId?: string | null;
  /**
   * Answer with the articles as the text of a JSON array (`IndexPage.json`), printed by the article
   * schema the index was opened with: a page then crosses from a query thread as one string rather
   * than as objects that the API would rebuild and print again. An index without a schema (or the
   * Meilisearch adapter) answers with `articles` as usual.
   */
  json?: boolean;
}

export interface IndexPage {
  articles: Article[];
  /** Matches of the whole query, exact up to `EXACT_TOTAL_LIMIT`; a lower bound beyond it. */
  total: number;
  totalExact: boolean;
  /** Whether more articles follow this page. */
  hasMore: boolean;
  /** With `IndexQuery.json` (where supported): the articles as JSON text (`articles` is then empty). */
  json?: PrintedArticles;
}

export interface PrintedArticles {
  /**
   * A JSON array of the page's articles, UTF-8, at `bytes[start, end)`; the rest of `bytes` is room
   * for what the caller writes around it (an array of its own: a thread may hand it over).
   */
  bytes: Uint8Array;
  start: number;
  end: number;
  count: number;
  /** The last article's sort key (publishedAt in ms) and id, for the next cursor. */
  last: CursorPosition | null;
}

export interface IndexStats {
  articles: number;
  sources: number;
  newestPublishedAt: string | null;
  oldestPublishedAt: string | null;
}

export interface ScanOptions {
  sourceId?: string | null;
  from?: string | null;
  limit: number;
}

export interface ScanBatch {
  articles: Article[];
  next: string | null;
}

export interface HostFlags {
  https?: boolean | null;
  iframeable?: boolean | null;
}

/** The probe flags of one host, as an ingested batch gives them to its articles. */
export interface KnownHostFlags {
  https: boolean | null;
  iframeable: boolean | null;
}

/** One fetch of a source's feed, for `ArticleIndex.ingest`. */
export interface IngestBatch {
  sourceId: string;
  /** The feed's articles, as `encodeArticles` wrote them (read on the thread that writes them). */
  articles: Uint8Array;
  /**
   * Probe flags by source domain, for new articles of a listed domain (others carry their own);
   * stored articles keep theirs — probes update them through `setHostFlags`.
   */
  hostFlags: Record<string, KnownHostFlags>;
  /**
   * For sources whose paywall is detected per article: what reading the new articles' pages found,
   * by article id. Given, stored articles keep their `paywalled` unless listed here.
   */
  paywalled?: Record<string, boolean>;
}

export interface IngestResult {
  created: number;
  updated: number;
}

/** `ArticleIndex.facets`: the articles of the filters, counted by the facets named. */
export interface FacetQuery {
  /** As for `query` (topics already expanded to their descendants). */
  filters: FeedFilters;
  facets: readonly FacetName[];
  /**
   * Only the `size` largest counts of each facet (ties: the smaller value first; days: the latest),
   * cut where they are counted so that long lists never travel; every count when absent.
   */
  size?: number;
}

/**
 * Exact counts by value, unsorted and uncut unless a `size` was asked: every type, language, source id, company id, topic id
 * (an article counts once under each of its topics and each of their ancestors) and UTC day
 * (`YYYY-MM-DD`) that the matching articles have; `total` is how many match.
 */
export interface FacetCounts {
  total: number;
  /**
   * Set when the lists count only this many of the matches, the newest (the Meilisearch adapter beyond
   * `EXACT_TOTAL_LIMIT` matches); absent when every match is counted.
   */
  counted?: number;
  types: [string, number][];
  languages: [string, number][];
  sources: [string, number][];
  companies: [number, number][];
  topics: [number, number][];
  days: [string, number][];
}

/** The index engine cannot be reached (the API answers 503 `serviceUnavailable`). */
export class IndexUnavailableError extends Error {
  override name = 'IndexUnavailableError';
  readonly statusCode = 503;
}

/** A query ran past its time budget: the API answers 503 `serviceUnavailable` with `Retry-After`. */
export class IndexBusyError extends IndexUnavailableError {
  override name = 'IndexBusyError';
  constructor(
    message: string,
    /** What was asked, for the log (never the api key: filters only). */
    readonly filters: FeedFilters | undefined,
  ) {
    super(message);
  }
}

export interface ArticleIndex {
  /** Adapter name for logs and `/readyz`. */
  readonly kind: 'embedded' | 'meilisearch';
  /** Creates tables / settings if needed. Idempotent. */
  init(): Promise<void>;
  /** Inserts or replaces articles by id. */
  upsert(articles: readonly Article[]): Promise<void>;
  /**
   * Merges one fetch of a source (rules in `ingest.ts`): new articles are added, changed ones of the
   * same source updated, unchanged ones and those another source had first left alone.
   */
  ingest(batch: IngestBatch): Promise<IngestResult>;
  remove(ids: readonly string[]): Promise<number>;
  /** Removes every article of a source; returns how many. */
  removeBySource(sourceId: string): Promise<number>;
  /** Removes articles published before the instant; returns how many. */
  removePublishedBefore(ms: number): Promise<number>;
  /** Articles by id (missing ones skipped), in the order asked for; with `filters`, only the matching ones. */
  getByIds(ids: readonly string[], filters?: FeedFilters): Promise<Article[]>;
  /** Newest first (`publishedAt` desc, then `id` desc). */
  query(query: IndexQuery): Promise<IndexPage>;
  /** Counts of the matching articles by type, language, source, company, topic and day. */
  facets(query: FacetQuery): Promise<FacetCounts>;
  /** A story by id with its size now, or null when no stored article belongs to it. */
  story(storyId: string): Promise<StoryRef | null>;
  /** Sets the probe flags of every article whose source domain is `domain`; returns how many changed. */
  setHostFlags(domain: string, flags: HostFlags): Promise<number>;
  /**
   * Writes re-classification (`tidings reindex`) onto the articles as they are stored now: only
   * topics, companies, `paywalled`, `registrationRequired` and the source name are taken from
   * `articles`; what a fetch or a probe wrote since they were read stays, and an article removed
   * since (purged, expired) stays removed. Returns how many were written.
   */
  reclassified(articles: readonly Article[]): Promise<number>;
  /**
   * Stored articles in a stable order, one batch at a time (for re-indexing): of one source or all;
   * `from` is the `next` of the previous batch (null to start); `next` is null after the last batch.
   */
  scan(options: ScanOptions): Promise<ScanBatch>;
  /**
   * Rebuilds the whole index: `fill` writes every article, the result replaces the live index
   * atomically when `fill` returns, and queries keep being answered by the old one until then
   * (Meilisearch: a fresh index swapped in). Adapters without it re-index in place.
   */
  rebuild?(fill: (write: (articles: readonly Article[]) => Promise<void>) => Promise<void>): Promise<void>;
  stats(): Promise<IndexStats>;
  /** Number of articles per source id. */
  sourceCounts(): Promise<Map<string, number>>;
  /** Answers when the index can serve queries (throws otherwise). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
