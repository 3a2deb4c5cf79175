/**
 * Queue names, typed job payloads, default job options and the connection factory — one place for
 * the worker, the API and the CLI.
 */
import { type DefaultJobOptions, MetricsTime, Queue, QueueEvents, type QueueEventsOptions } from 'bullmq';
import { Redis } from 'ioredis';

export const QUEUES = {
  /** Fetch one source's feed, parse it and index its articles. */
  fetchSource: 'fetch-source',
  /** Probe a source host for https and iframe policy. */
  probeHost: 'probe-host',
  /** Periodic housekeeping: retention. */
  maintenance: 'maintenance',
  /** Re-classify, re-probe and re-index stored articles (`tidings reindex`). */
  reindex: 'reindex',
} as const;

export interface ProbeHostPayload {
  /** Source domain (comparable host) whose articles take the result. */
  domain: string;
  /** Host name to probe for https (as in the article URLs). */
  host: string;
  /** An article page of the source, for the iframe policy. */
  articleUrl: string;
}

/**
 * One probe of a domain per day at most, however many fetches ask for it; `run` names a forced probe
 * (a re-index) instead. No `:` (BullMQ reserves it; IPv6 hosts have them).
 */
export function probeJobId(domain: string, at: number, run?: string): string {
  return `probe-${domain.replaceAll(':', '_')}-${run ?? Math.floor(at / 86_400_000)}`;
}

export interface FetchSourcePayload {
  sourceId: string;
  /** Asked for by an operator (`tidings ingest`): not held back by a failing source's back-off. */
  manual?: boolean;
}

export interface FetchSourceResult {
  sourceId: string;
  outcome: 'indexed' | 'not-modified' | 'skipped';
  items: number;
  articles: number;
  created: number;
  updated: number;
  /** Items published before the retention period (`RETENTION_DAYS`): not indexed. */
  expired?: number;
  /** Where the feed was found moved for good (permanent redirects), when it was first found so. */
  movedTo?: string;
}

export interface ReindexPayload {
  /** One source, or `null` for every stored article. */
  sourceId: string | null;
}

export interface ReindexProgress {
  done: number;
  total: number;
}

/** What re-classification can change in a stored article. */
export const REINDEX_FIELDS = ['topics', 'companies', 'paywalled', 'registrationRequired', 'sourceName'] as const;
export type ReindexField = (typeof REINDEX_FIELDS)[number];

/** One changed article, for the summary: what it lost and gained (names of topics/companies, or values). */
export interface ReindexExample {
  id: string;
  headline: string;
  changes: { field: ReindexField; removed: string[]; added: string[] }[];
}

export interface ReindexResult {
  sourceId: string | null;
  articles: number;
  /** Articles whose topics, companies, flags or source name changed. */
  changed: number;
  /** Changed articles per field (an article may count under several). */
  fields: Record<ReindexField, number>;
  /** The first few changed articles and what changed in each. */
  examples: ReindexExample[];
  /** Hosts queued for a fresh probe. */
  probes: number;
}

/** Job id of one source's (or the whole index's) part of a `reindex` run. */
export function reindexJobId(sourceId: string | null, run: string): string {
  return `reindex-${sourceId ?? 'all'}-${run}`;
}

export interface MaintenancePayload {
  task: 'retention';
}

/**
 * Retries with exponential back-off and jitter; finished jobs are kept for a while (for `status` and
 * progress), but never without bound.
 */
export const DEFAULT_JOB_OPTIONS: DefaultJobOptions = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 15_000, jitter: 0.5 },
  removeOnComplete: { age: 24 * 3600, count: 1_000 },
  removeOnFail: { age: 7 * 24 * 3600, count: 5_000 },
};

export interface QueueConnectionOptions {
  url: string;
  /** Key prefix of every queue (tests use a fresh one). */
  prefix: string;
}

/**
 * A Redis connection for BullMQ. Workers block on Redis and must never give up a command
 * (`maxRetriesPerRequest: null`); producers fail fast instead.
 */
/**
 * Workers count finished jobs per minute in Redis (BullMQ metrics, two weeks kept, ~120 KB a queue):
 * `tidings status` shows the last hour from them, and the ingestion benchmark counts jobs with them.
 */
export const JOB_METRICS = { maxDataPoints: MetricsTime.ONE_WEEK * 2 };

export function createQueueConnection(url: string, role: 'worker' | 'producer'): Redis {
  return new Redis(url, {
    maxRetriesPerRequest: role === 'worker' ? null : 2,
    enableReadyCheck: role === 'worker',
    connectionName: `tidings-${role}`,
  });
}

export function bullPrefix(prefix: string): string {
  return `${prefix}bull`;
}

export function createQueue<T>(name: string, connection: Redis, prefix: string): Queue<T> {
  return new Queue<T>(name, { connection, prefix: bullPrefix(prefix), defaultJobOptions: DEFAULT_JOB_OPTIONS });
}

/**
 * A queue's events on a connection of their own, closed with them (BullMQ leaves a connection it was
 * given open: each `ingest --wait` kept one, and a process that ran several kept them all).
 */
class OwnConnectionQueueEvents extends QueueEvents {
  constructor(
    name: string,
    private readonly ownConnection: Redis,
    options: Omit<QueueEventsOptions, 'connection'>,
  ) {
    super(name, { ...options, connection: ownConnection });
  }

  override async close(): Promise<void> {
    try {
      await super.close();
    } finally {
      this.ownConnection.disconnect();
    }
  }
}

/** `lastEventId`: replay the events stream from there (events after it are not missed). */
export function createQueueEvents(name: string, url: string, prefix: string, lastEventId?: string): QueueEvents {
  return new OwnConnectionQueueEvents(name, createQueueConnection(url, 'worker'), {
    prefix: bullPrefix(prefix),
    ...(lastEventId ? { lastEventId } : {}),
  });
}

/**
 * Job id of a manual fetch: one per source and `ingest` run (`run` distinguishes runs), so that a
 * run never mistakes an earlier run's finished job for its own. No `:` — BullMQ reserves it.
 */
export function manualFetchJobId(sourceId: string, run: string): string {
  return `manual-${sourceId}-${run}`;
}

/** Scheduler id of a source's periodic fetch. */
export function fetchSchedulerId(sourceId: string): string {
  return `source:${sourceId}`;
}
