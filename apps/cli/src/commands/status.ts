/**
 * `tidings status`: queues, sources by state, the index, failing sources, the last hour's failed jobs,
 * re-index progress.
 */
import type { Queue } from 'bullmq';
import type { Command } from 'commander';
import { createQueue, createQueueConnection, QUEUES } from '@tidings/queue/queues';
import { type RedisDurability, redisDurability } from '@tidings/store/redis';
import { SourceStore } from '@tidings/store/sources';
import type { Context } from '../context.js';

/** Queues whose workers keep BullMQ metrics (`JOB_METRICS`): fetches, then probes. */
const METERED: string[] = [QUEUES.fetchSource, QUEUES.probeHost];

/**
 * Completed and failed jobs of about the last 60 minutes. BullMQ counts every finished job and, at
 * the first job of each new minute, pushes the jobs of the minutes before (newest first); the jobs
 * since that push are the running count minus the count at the push.
 */
async function finishedLastHour(queue: Queue): Promise<{ completed: number; failed: number }> {
  const count = async (kind: 'completed' | 'failed') => {
    const { meta, data } = await queue.getMetrics(kind, 0, 59);
    const minutesSincePush = meta.prevTS ? Math.floor((Date.now() - meta.prevTS) / 60_000) : 60;
    const pushed = data.slice(0, Math.max(0, 60 - minutesSincePush)).reduce((sum, n) => sum + n, 0);
    return meta.count - meta.prevCount + pushed;
  };
  return { completed: await count('completed'), failed: await count('failed') };
}

/** How `status` names a Redis's persistence. */
const REDIS_PERSISTENCE: Record<RedisDurability['persistence'], string> = {
  aof: 'append-only file',
  snapshots: 'snapshots only',
  none: 'nothing kept on disk',
  unknown: 'persistence unknown (CONFIG not allowed)',
};

/** Failed jobs shown: the newest of the last hour. */
const FAILED_SHOWN = 5;
const HOUR_MS = 3_600_000;

interface FailedJob {
  queue: string;
  /** The source (fetches, re-indexes of one source) or host (probes) the job was for. */
  subject: string | null;
  error: string;
  at: string;
}

/**
 * The newest jobs of the last hour that failed for good (every attempt), of every queue: why work did
 * not happen, also where no source is to blame (the index's disk full, a re-index that broke off),
 * which the sources' own last errors do not say.
 */
async function recentFailures(queues: Queue[]): Promise<FailedJob[]> {
  const since = Date.now() - HOUR_MS;
  const found = await Promise.all(
    queues.map(async (queue) => (await queue.getFailed(0, FAILED_SHOWN - 1)).map((job) => ({ queue, job }))),
  );
  return found
    .flat()
    .filter(({ job }) => job && (job.finishedOn ?? 0) >= since)
    .sort((a, b) => b.job.finishedOn! - a.job.finishedOn!)
    .slice(0, FAILED_SHOWN)
    .map(({ queue, job }) => {
      const data = (job.data ?? {}) as { sourceId?: string | null; host?: string };
      return {
        queue: queue.name,
        subject: data.sourceId ?? data.host ?? null,
        error: job.failedReason,
        at: new Date(job.finishedOn!).toISOString(),
      };
    });
}

export function registerStatusCommands(program: Command, context: Context): void {
  const { config, io } = context;
  program
    .command('status')
    .description('queues, sources by state, index size, last errors')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const index = await context.index();
      const connection = createQueueConnection(config.REDIS_URL, 'producer');
      const queues = Object.values(QUEUES).map((name) => createQueue(name, connection, config.REDIS_PREFIX));
      try {
        const [stats, keyList, days, sourceList, counts, reindexing, lastHour, failedJobs, redis] = await Promise.all([
          index.stats(),
          (await context.keys()).list(),
          (await context.selections()).days(7),
          new SourceStore(await context.redis(), config.REDIS_PREFIX).list(),
          Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'))),
          queues.find((q) => q.name === QUEUES.reindex)!.getActive(),
          Promise.all(queues.filter((q) => METERED.includes(q.name)).map((q) => finishedLastHour(q))),
          recentFailures(queues),
          context.redis().then(redisDurability),
        ]);
        const byState: Record<string, number> = { active: 0, failing: 0, paused: 0, removed: 0 };
        for (const source of sourceList) byState[source.state] = (byState[source.state] ?? 0) + 1;
        const lastErrors = sourceList
          .filter((x) => x.lastError && x.state === 'failing')
          .map((x) => ({ source: x.id, error: x.lastError, at: x.lastErrorAt }));
        const moved = sourceList.filter((x) => x.movedTo && x.state !== 'removed');
        const status = {
          index: { kind: index.kind, ...stats },
          queues: Object.fromEntries(queues.map((q, i) => [q.name, counts[i]!])),
          /** Jobs finished in the last hour, from the workers' BullMQ metrics. */
          lastHour: Object.fromEntries(METERED.map((name, i) => [name, lastHour[i]!])),
          reindexing: reindexing.map((job) => ({
            sourceId: (job.data as { sourceId: string | null }).sourceId,
            progress: job.progress,
          })),
          sources: byState,
          lastErrors,
          /** Sources whose feed answers only through permanent redirects now (their feedUrl wants updating). */
          moved: moved.map((x) => ({ source: x.id, movedTo: x.movedTo })),
          /** The newest jobs of the last hour that failed for good. */
          failedJobs,
          apiKeys: {
            active: keyList.filter((k) => !k.revokedAt).length,
            revoked: keyList.filter((k) => k.revokedAt).length,
          },
          selections: { latestDays: days },
          /** What Redis keeps when it restarts or fills up, and what to change. */
          redis,
        };
        if (options.json) return context.json(status);
        io.out(
          `Index (${index.kind}): ${stats.articles} articles from ${stats.sources} sources` +
            (stats.newestPublishedAt ? `, published ${stats.oldestPublishedAt} … ${stats.newestPublishedAt}` : '') +
            queues
              .map(
                (q, i) =>
                  `\nQueue ${q.name}: ${Object.entries(counts[i]!)
                    .map(([k, v]) => `${v} ${k}`)
                    .join(', ')}`,
              )
              .join('') +
            `\nLast hour: ${lastHour[0]!.completed} fetches done, ${lastHour[0]!.failed} failed; ` +
            `${lastHour[1]!.completed} host probe jobs done, ${lastHour[1]!.failed} failed` +
            status.reindexing
              .map((r) => {
                const p = r.progress as { done?: number; total?: number } | number;
                const done = typeof p === 'object' ? `${p.done ?? 0}/${p.total ?? '?'} articles` : `${p}`;
                return `\nRe-indexing ${r.sourceId ?? 'all articles'}: ${done}`;
              })
              .join('') +
            `\nSources: ${Object.entries(byState)
              .map(([k, v]) => `${v} ${k}`)
              .join(', ')}` +
            `\nApi keys: ${status.apiKeys.active} active, ${status.apiKeys.revoked} revoked` +
            `\nSelections: ${days.length ? days.join(', ') : 'none yet'}` +
            `\nRedis: ${REDIS_PERSISTENCE[redis.persistence]}, eviction ${redis.evictionPolicy ?? 'unknown'}\n` +
            redis.warnings.map((warning) => `Warning: ${warning}\n`).join('') +
            failingLines(lastErrors) +
            movedLines(moved) +
            (failedJobs.length
              ? `Failed jobs in the last hour (newest first):\n${failedJobs
                  .map((f) => `  ${f.at} ${f.queue}${f.subject ? ` ${f.subject}` : ''}: ${f.error}`)
                  .join('\n')}\n`
              : ''),
        );
      } finally {
        await Promise.all(queues.map((q) => q.close()));
        connection.disconnect();
      }
    });
}

/** How many failing sources `status` names; the rest are counted, and `sources list --state failing` lists them. */
const FAILING_SHOWN = 10;

/** The failing sources, the latest failures first: a few lines, where thousands of feeds printed hundreds. */
function failingLines(failing: { source: string; error: string | null; at: string | null }[]): string {
  if (!failing.length) return '';
  const latest = [...failing].sort((a, b) => (b.at ?? '').localeCompare(a.at ?? ''));
  const shown = latest.slice(0, FAILING_SHOWN).map((e) => `  ${e.source}: ${e.error}`);
  const more = failing.length - shown.length;
  if (more > 0) shown.push(`  … and ${more} more: tidings sources list --state failing`);
  return `Failing (${failing.length}, latest first):\n${shown.join('\n')}\n`;
}

/** Sources whose feed answers only through permanent redirects now: their feedUrl wants updating. */
function movedLines(moved: { id: string; movedTo?: string | null }[]): string {
  if (!moved.length) return '';
  const shown = moved.slice(0, FAILING_SHOWN).map((s) => `  ${s.id} → ${s.movedTo}`);
  if (moved.length > shown.length)
    shown.push(`  … and ${moved.length - shown.length} more (tidings sources list --json)`);
  return `Feeds moved for good (follow: tidings sources update <id> --follow-move):\n${shown.join('\n')}\n`;
}
