/**
 * Wires the processors to BullMQ: one worker per queue, a job scheduler per source (its poll interval,
 * kept in step with the source registry every minute), a daily retention job, graceful close.
 */
import { type Queue, Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Fetcher } from '@tidings/fetch/fetcher';
import type { ArticleIndex } from '@tidings/index/port';
import {
  bullPrefix,
  createQueue,
  createQueueConnection,
  fetchSchedulerId,
  JOB_METRICS,
  type FetchSourcePayload,
  type FetchSourceResult,
  type MaintenancePayload,
  type ProbeHostPayload,
  QUEUES,
  type ReindexPayload,
  type ReindexResult,
} from '@tidings/queue/queues';
import type { SourceStore } from '@tidings/store/sources';
import type { FeedWork } from './feed/feed-work.js';
import { HostGate } from './host-gate.js';
import { createFetchSourceProcessor } from './processors/fetch-source.js';
import { createMaintenanceProcessor } from './processors/maintenance.js';
import { createProbeHostProcessor } from './processors/probe-host.js';
import { createReindexProcessor } from './processors/reindex.js';
import { ProbeCache } from '@tidings/store/probe-cache';

export interface WorkerDeps {
  redisUrl: string;
  prefix: string;
  index: ArticleIndex;
  sources: SourceStore;
  fetcher: Fetcher;
  /** Parsing and classification: `FeedParserPool` (threads) or `InProcessFeedWork`. */
  work: FeedWork;
  concurrency: number;
  retentionDays: number;
  /** Job lock duration and stalled-job check interval (default 30 s). */
  lockMs?: number;
  /** Fetches of one publisher host at a time, per worker process (default 2). */
  perHost?: number;
  /** How often schedulers are brought in step with the registry (default 60 s; 0: only at start). */
  syncEveryMs?: number;
  /**
   * How long a scheduler sync may take before it is given up and left to the next (default 30 s): a Redis
   * reply lost as the connection drops (ioredis can leave such a command unanswered for good) must not
   * hold the worker's start, nor stop later syncs.
   */
  syncTimeoutMs?: number;
  log?: WorkerLog;
}

/** Scheduler writes in flight at once while syncing (pipelined on one connection). */
const SYNC_PARALLEL = 32;

/**
 * One job scheduler per active or failing source; none for paused, removed or deleted ones. Only
 * missing schedulers and changed intervals are written, so the minutely sync of thousands of sources
 * costs one read when nothing changed.
 */
export async function syncSchedulers(queue: Queue<FetchSourcePayload>, sources: SourceStore): Promise<number> {
  const [all, current] = await Promise.all([sources.list(), queue.getJobSchedulers()]);
  const existing = new Map(current.map((scheduler) => [scheduler.key, scheduler]));
  const wanted = new Set<string>();
  const writes: (() => Promise<unknown>)[] = [];
  for (const source of all) {
    if (source.state !== 'active' && source.state !== 'failing') continue;
    const id = fetchSchedulerId(source.id);
    wanted.add(id);
    const every = source.pollMs ?? source.everyMs;
    if (existing.get(id)?.every === every) continue;
    writes.push(() => queue.upsertJobScheduler(id, { every }, { name: 'scheduled', data: { sourceId: source.id } }));
  }
  for (const key of existing.keys()) {
    if (!wanted.has(key) && key.startsWith('source:')) writes.push(() => queue.removeJobScheduler(key));
  }
  for (let i = 0; i < writes.length; i += SYNC_PARALLEL) {
    await Promise.all(writes.slice(i, i + SYNC_PARALLEL).map((write) => write()));
  }
  return wanted.size;
}

/** A log line: what happened, its details, and how much it matters (default `info`). */
export type WorkerLog = (
  event: string,
  details?: Record<string, unknown>,
  level?: 'debug' | 'info' | 'warn' | 'error',
) => void;

/** How often one error message of the queues and workers is logged at most (see {@link errorReporter}). */
const ERROR_LOG_EVERY_MS = 10_000;
/** Distinct error messages remembered for that (the oldest forgotten first). */
const ERROR_LOG_MESSAGES = 100;

/**
 * The `error` events of BullMQ's queues and workers as log lines. While Redis is away each of them emits
 * one at every reconnection attempt (500 lines in a 15 s outage, as seen in the demo), and one without a
 * listener is printed by BullMQ as a bare stack trace on stderr, amid the JSON lines. So every queue and
 * worker reports here; a message is logged the first time, then at most once every
 * {@link ERROR_LOG_EVERY_MS} with how many times it came since (`repeated`), and the first connection
 * that is ready again after errors says so (`redis reachable again`).
 */
export function errorReporter(log: WorkerLog, now: () => number = Date.now) {
  const last = new Map<string, { at: number; repeated: number }>();
  let since = 0;
  return {
    report: (error: Error): void => {
      since++;
      const seen = last.get(error.message);
      if (seen && now() - seen.at < ERROR_LOG_EVERY_MS) {
        seen.repeated++;
        return;
      }
      log('worker error', { error: error.message, ...(seen?.repeated ? { repeated: seen.repeated } : {}) }, 'error');
      last.delete(error.message);
      last.set(error.message, { at: now(), repeated: 0 });
      if (last.size > ERROR_LOG_MESSAGES) last.delete(last.keys().next().value!);
    },
    ready: (): void => {
      if (!since) return;
      log('redis reachable again', { errors: since }, 'warn');
      since = 0;
      last.clear();
    },
  };
}

export interface RunningWorker {
  fetchQueue: Queue<FetchSourcePayload>;
  probeQueue: Queue<ProbeHostPayload>;
  close(): Promise<void>;
}

export async function startWorker(deps: WorkerDeps): Promise<RunningWorker> {
  const log = deps.log ?? (() => {});
  const producer: Redis = createQueueConnection(deps.redisUrl, 'producer');
  const fetchQueue = createQueue<FetchSourcePayload>(QUEUES.fetchSource, producer, deps.prefix);
  const maintenanceQueue = createQueue<MaintenancePayload>(QUEUES.maintenance, producer, deps.prefix);
  const probeQueue = createQueue<ProbeHostPayload>(QUEUES.probeHost, producer, deps.prefix);
  const probes = new ProbeCache(producer, deps.prefix);
  const prefix = bullPrefix(deps.prefix);
  const errors = errorReporter(log);
  producer.on('ready', errors.ready);

  // Each BullMQ worker's own connection; BullMQ leaves a connection it was given open, so `close` ends them.
  const connections: Redis[] = [];
  const workerConnection = () => {
    const connection = createQueueConnection(deps.redisUrl, 'worker');
    connections.push(connection);
    return connection;
  };
  const fetchWorker = new Worker<FetchSourcePayload, FetchSourceResult>(
    QUEUES.fetchSource,
    createFetchSourceProcessor({
      sources: deps.sources,
      index: deps.index,
      fetcher: deps.fetcher,
      work: deps.work,
      hosts: new HostGate(deps.perHost ?? 2),
      probes: { cache: probes, queue: probeQueue },
      retentionDays: deps.retentionDays,
    }),
    {
      connection: workerConnection(),
      prefix,
      concurrency: deps.concurrency,
      lockDuration: deps.lockMs ?? 30_000,
      stalledInterval: deps.lockMs ?? 30_000,
      metrics: JOB_METRICS,
    },
  );
  const maintenanceWorker = new Worker<MaintenancePayload>(
    QUEUES.maintenance,
    createMaintenanceProcessor({ index: deps.index, retentionDays: deps.retentionDays }),
    { connection: workerConnection(), prefix, concurrency: 1 },
  );
  const probeWorker = new Worker<ProbeHostPayload>(
    QUEUES.probeHost,
    createProbeHostProcessor({ fetcher: deps.fetcher, index: deps.index, probes }),
    { connection: workerConnection(), prefix, concurrency: 4, metrics: JOB_METRICS },
  );
  const reindexWorker = new Worker<ReindexPayload, ReindexResult>(
    QUEUES.reindex,
    createReindexProcessor({ index: deps.index, sources: deps.sources, work: deps.work, probeQueue }),
    // One re-index at a time; a long one keeps its lock by BullMQ's renewal.
    { connection: workerConnection(), prefix, concurrency: 1 },
  );
  for (const emitter of [fetchWorker, maintenanceWorker, probeWorker, reindexWorker])
    emitter.on('error', errors.report);
  for (const emitter of [fetchQueue, maintenanceQueue, probeQueue]) emitter.on('error', errors.report);
  reindexWorker.on('completed', (_job, result) => log('reindexed', { ...result }));
  reindexWorker.on('failed', (job, error) =>
    log('reindex failed', { sourceId: job?.data.sourceId, error: error.message }, 'error'),
  );
  probeWorker.on('completed', (_job, result) => log('probed', { ...(result as Record<string, unknown>) }));
  // Unchanged feeds and skipped fetches are most fetches of a large registry: debug.
  fetchWorker.on('completed', (_job, result) => {
    log('fetched', { ...result }, result.outcome === 'indexed' ? 'info' : 'debug');
    if (result.movedTo) {
      log(
        'feed moved for good',
        { sourceId: result.sourceId, movedTo: result.movedTo, hint: 'update its feedUrl' },
        'warn',
      );
    }
  });
  fetchWorker.on('failed', (job, error) =>
    log('fetch failed', { sourceId: job?.data.sourceId, attempt: job?.attemptsMade, error: error.message }, 'warn'),
  );

  // The retention job's scheduler (once: writing it again would run the job again) and the sources'
  // schedulers. A Redis outage while the worker starts leaves the first sync to the next one (after
  // `syncEvery`); the worker stays up.
  let retentionScheduled = false;
  const sync = async () => {
    if (!retentionScheduled) {
      await maintenanceQueue.upsertJobScheduler(
        'retention',
        { every: 86_400_000 },
        { name: 'retention', data: { task: 'retention' } },
      );
      retentionScheduled = true;
    }
    await syncSchedulers(fetchQueue, deps.sources);
  };
  const syncTimeoutMs = deps.syncTimeoutMs ?? 30_000;
  let syncing = false;
  /** One sync at a time, given up after `syncTimeoutMs`; a failure is logged and left to the next. */
  const syncOnce = async () => {
    if (syncing) return;
    syncing = true;
    let giveUp: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      giveUp = setTimeout(() => reject(new Error(`no answer from Redis in ${syncTimeoutMs} ms`)), syncTimeoutMs);
    });
    try {
      await Promise.race([sync(), timedOut]);
    } catch (error) {
      log('scheduler sync failed', { error: (error as Error).message }, 'error');
    } finally {
      clearTimeout(giveUp);
      syncing = false;
    }
  };
  await syncOnce();
  const syncEvery = deps.syncEveryMs ?? 60_000;
  const timer = syncEvery ? setInterval(() => void syncOnce(), syncEvery) : null;

  return {
    fetchQueue,
    probeQueue,
    async close() {
      if (timer) clearInterval(timer);
      // Let running jobs finish; BullMQ moves stalled jobs back after a crash.
      await Promise.all([fetchWorker.close(), maintenanceWorker.close(), probeWorker.close(), reindexWorker.close()]);
      await Promise.all([fetchQueue.close(), maintenanceQueue.close(), probeQueue.close()]);
      producer.disconnect();
      for (const connection of connections) connection.disconnect();
    },
  };
}
