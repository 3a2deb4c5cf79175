/** `tidings ingest` and `tidings reindex`: queue jobs for the worker, and wait for them (`--wait`). */
import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import { SingleBar } from 'cli-progress';
import { type Command, InvalidArgumentError } from 'commander';
import {
  createQueue,
  createQueueConnection,
  createQueueEvents,
  type FetchSourcePayload,
  type FetchSourceResult,
  manualFetchJobId,
  QUEUES,
  REINDEX_FIELDS,
  type ReindexField,
  type ReindexPayload,
  type ReindexProgress,
  type ReindexResult,
  reindexJobId,
} from '@tidings/queue/queues';
import { type Source, SourceStore } from '@tidings/store/sources';
import { CliError, type Context } from '../context.js';
import { lastEventId, waitForJobs } from '../wait-jobs.js';

/** `--timeout`: `90s`, `10m`, `2h`. */
function waitDuration(value: string): number {
  const m = /^(\d+)\s*(s|m|h)$/i.exec(value.trim());
  const ms = m ? Number(m[1]) * { s: 1_000, m: 60_000, h: 3_600_000 }[m[2]!.toLowerCase() as 's' | 'm' | 'h'] : 0;
  if (!ms) throw new InvalidArgumentError('expected a duration such as 90s, 10m or 2h');
  return ms;
}

const formatWait = (ms: number) =>
  ms % 3_600_000 === 0
    ? `${ms / 3_600_000} h`
    : ms % 60_000 === 0
      ? `${ms / 60_000} min`
      : `${Math.round(ms / 1000)} s`;

/** Reads a `sources sync` file; every problem names its line. */
/**
 * `--wait` needs a worker to take the jobs: without one it would wait for ever. Asked before any job
 * is queued, so a refusal leaves nothing behind.
 */
async function requireWorker(queue: Queue, what: string): Promise<void> {
  if ((await queue.getWorkers()).length) return;
  throw new CliError(
    `no worker is running to ${what}: start one (npm run worker), or leave out --wait to queue the jobs for later`,
  );
}

/** A name for one run of jobs, unique enough to tell runs apart in job ids. */
const runId = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;

/**
 * Opens a queue (and, with `wait`, its events from before any job is added, after checking that a
 * worker is there to do `what`), runs `work`, and closes them whatever happens.
 */
async function withJobQueue<T>(
  context: Context,
  name: string,
  wait: boolean | undefined,
  what: string,
  work: (queue: Queue<T>, events: ReturnType<typeof createQueueEvents> | null) => Promise<void>,
): Promise<void> {
  const { config } = context;
  const connection = createQueueConnection(config.REDIS_URL, 'producer');
  const queue = createQueue<T>(name, connection, config.REDIS_PREFIX);
  const events = wait ? createQueueEvents(name, config.REDIS_URL, config.REDIS_PREFIX, await lastEventId(queue)) : null;
  try {
    if (wait) await requireWorker(queue, what);
    await work(queue, events);
  } finally {
    await events?.close();
    await queue.close();
    connection.disconnect();
  }
}

/**
 * `ingest --wait`: what was tried, fetched and failed, what the fetches changed, and what the index
 * now holds from these sources — so the counts add up even when the worker's schedule fetched first.
 */
async function ingestSummary(
  context: Context,
  tried: number,
  results: FetchSourceResult[],
  failed: number,
): Promise<string> {
  const sum = (pick: (r: FetchSourceResult) => number) => results.reduce((n, r) => n + pick(r), 0);
  const unchanged = results.filter((r) => r.outcome === 'not-modified').length;
  const expired = sum((r) => r.expired ?? 0);
  const perSource = await (await context.index()).sourceCounts();
  const held = sum((r) => perSource.get(r.sourceId) ?? 0);
  return (
    `Tried ${tried} source(s): ${results.length} fetched, ${failed} failed` +
    (unchanged ? ` (${unchanged} unchanged since their last fetch).\n` : '.\n') +
    `${sum((r) => r.created)} new and ${sum((r) => r.updated)} updated article(s)` +
    (expired ? `, ${expired} skipped as older than RETENTION_DAYS` : '') +
    `; the index holds ${held} article(s) from the ${results.length} fetched source(s).\n`
  );
}

const FIELD_WORDS: Record<ReindexField, string> = {
  topics: 'topics',
  companies: 'companies',
  paywalled: 'paywalled',
  registrationRequired: 'registration required',
  sourceName: 'source name',
};

/** `reindex --wait`: what changed, counted by field, with a few examples. */
export function reindexSummary(r: ReindexResult, what: string): string {
  const byField = REINDEX_FIELDS.filter((f) => r.fields[f]).map((f) => `${FIELD_WORDS[f]} ${r.fields[f]}`);
  const lines = [
    // ("Re-indexed all 120 article(s)", where it said "120 article(s) of all articles".)
    `Re-indexed ${r.sourceId ? `${r.articles} article(s) of ${what}` : `all ${r.articles} article(s)`}: ${r.changed} changed${byField.length ? ` (${byField.join(', ')})` : ''}; ${r.probes} host(s) queued for a probe.`,
  ];
  if (r.examples.length) lines.push(r.changed > r.examples.length ? `For example:` : 'Changed:');
  for (const example of r.examples) {
    const headline = example.headline.length > 60 ? `${example.headline.slice(0, 59)}…` : example.headline;
    const changes = example.changes.map(({ field, removed, added }) =>
      `${FIELD_WORDS[field]} ${[...removed.map((v) => `−"${v}"`), ...added.map((v) => `+"${v}"`)].join(' ')}`.trim(),
    );
    lines.push(`  ${example.id} "${headline}": ${changes.join('; ')}`);
  }
  return `${lines.join('\n')}\n`;
}

/** A command that queues jobs for one source or all, with `--wait`, `--timeout` and `--json`. */
function jobCommand(
  program: Command,
  name: string,
  help: { description: string; source: string; all: string; wait: string; timeout: string },
): Command {
  return program
    .command(name)
    .description(help.description)
    .option('--source <id>', help.source)
    .option('--all', help.all)
    .option('--wait', help.wait)
    .option(
      '--timeout <duration>',
      `with --wait: give up after this long (e.g. 90s, 10m; default ${help.timeout})`,
      waitDuration,
    )
    .option('--json', 'print JSON');
}

export function registerJobCommands(program: Command, context: Context): void {
  const { io, config } = context;
  const store = async () => new SourceStore(await context.redis(), config.REDIS_PREFIX);
  jobCommand(program, 'ingest', {
    description: 'fetch sources now (also failing ones; not paused or removed ones); default: all',
    source: 'one source',
    all: 'every active or failing source (the default)',
    wait: 'wait until fetched and indexed; exit 1 listing the sources that failed',
    timeout: '30m',
  }).action(async (o: { source?: string; all?: boolean; wait?: boolean; timeout?: number; json?: boolean }) => {
    if (o.source && o.all) throw new CliError('give either --source ID or --all, not both');
    const s = await store();
    let targets: Source[];
    if (o.source) {
      const source = await s.get(o.source);
      if (!source || source.state === 'removed') throw new CliError(`no source with id '${o.source}'`);
      if (source.state === 'paused')
        throw new CliError(`source ${o.source} is paused: tidings sources resume ${o.source}`);
      targets = [source];
    } else {
      targets = (await s.list()).filter((x) => x.state === 'active' || x.state === 'failing');
    }
    if (!targets.length) throw new CliError('no active or failing sources to ingest');
    await withJobQueue<FetchSourcePayload>(
      context,
      QUEUES.fetchSource,
      o.wait,
      'fetch these sources',
      async (queue, events) => {
        const run = runId();
        const jobIds = new Map(targets.map((t) => [manualFetchJobId(t.id, run), t.id]));
        const total = jobIds.size;
        await queue.addBulk(
          [...jobIds].map(([jobId, sourceId]) => ({
            name: 'manual',
            data: { sourceId, manual: true },
            opts: { jobId, attempts: 1 },
          })),
        );
        if (!events) {
          if (o.json) return context.json({ queued: targets.map((t) => t.id) });
          return io.out(`Queued ${total} fetch(es); a running worker picks them up (tidings status shows progress).\n`);
        }
        const bar =
          io.interactive && !o.json
            ? new SingleBar({ format: 'ingesting [{bar}] {value}/{total} sources | {failed} failed' })
            : null;
        bar?.start(total, 0, { failed: 0 });
        const results: FetchSourceResult[] = [];
        const failed: { id: string; error: string }[] = [];
        const timeoutMs = o.timeout ?? 30 * 60_000;
        const { pending } = await waitForJobs<FetchSourceResult>({
          queue,
          events,
          jobIds: [...jobIds.keys()],
          timeoutMs,
          onOutcome: (outcome) => {
            if (outcome.ok) {
              // A finished job already trimmed from the queue: fetched, its counts unknown.
              const sourceId = jobIds.get(outcome.jobId)!;
              results.push(
                outcome.result ?? { sourceId, outcome: 'indexed', items: 0, articles: 0, created: 0, updated: 0 },
              );
            } else failed.push({ id: jobIds.get(outcome.jobId)!, error: outcome.error });
            bar?.update(results.length + failed.length, { failed: failed.length });
          },
        });
        bar?.stop();
        if (pending.length) {
          throw new CliError(
            `gave up waiting after ${formatWait(timeoutMs)}; ${pending.length} fetch(es) still pending: ${pending.map((id) => jobIds.get(id)).join(', ')} (is a worker running? tidings status shows the queues)`,
          );
        }
        const created = results.reduce((n, r) => n + r.created, 0);
        const updated = results.reduce((n, r) => n + r.updated, 0);
        const expired = results.reduce((n, r) => n + (r.expired ?? 0), 0);
        if (o.json) context.json({ tried: total, fetched: results.length, created, updated, expired, failed });
        else io.out(await ingestSummary(context, total, results, failed.length));
        if (failed.length) {
          for (const f of failed) io.err(`${f.id}: ${f.error}\n`);
          throw new CliError(`${failed.length} source(s) failed: ${failed.map((f) => f.id).join(', ')}`);
        }
      },
    );
  });

  jobCommand(program, 'reindex', {
    description: 're-classify, re-probe and re-index stored articles through queue jobs; default: all',
    source: "one source's articles",
    all: 'every stored article (the default)',
    wait: 'wait until every article is re-indexed, with progress',
    timeout: '2h',
  }).action(async (o: { source?: string; all?: boolean; wait?: boolean; timeout?: number; json?: boolean }) => {
    if (o.source && o.all) throw new CliError('give either --source ID or --all, not both');
    if (o.source) {
      const source = await (await store()).get(o.source);
      if (!source) throw new CliError(`no source with id '${o.source}'`);
    }
    const sourceId = o.source ?? null;
    await withJobQueue<ReindexPayload>(context, QUEUES.reindex, o.wait, 're-index', async (queue, events) => {
      const jobId = reindexJobId(sourceId, runId());
      await queue.add('reindex', { sourceId }, { jobId, attempts: 2 });
      const what = sourceId ? `source ${sourceId}` : 'all articles';
      if (!events) {
        if (o.json) return context.json({ queued: jobId, sourceId });
        return io.out(`Queued a re-index of ${what}; a running worker picks it up (tidings status shows progress).\n`);
      }
      const bar =
        io.interactive && !o.json ? new SingleBar({ format: 'reindexing [{bar}] {value}/{total} articles' }) : null;
      bar?.start(1, 0);
      const timeoutMs = o.timeout ?? 120 * 60_000;
      const { outcomes, pending } = await waitForJobs<ReindexResult>({
        queue,
        events,
        jobIds: [jobId],
        timeoutMs,
        onProgress: (_, data) => {
          if (typeof data !== 'object' || data === null) return;
          const { done, total } = data as ReindexProgress;
          bar?.setTotal(total);
          bar?.update(done);
        },
      });
      bar?.stop();
      if (pending.length) {
        throw new CliError(
          `gave up waiting after ${formatWait(timeoutMs)}; the re-index of ${what} is still queued or running (tidings status shows its progress)`,
        );
      }
      const outcome = outcomes[0]!;
      if (!outcome.ok) throw new CliError(`re-index of ${what} failed: ${outcome.error}`);
      if (!outcome.result) {
        // Done, but trimmed from the queue before its summary was read: --json still prints JSON.
        if (o.json) return context.json({ jobId, sourceId, summary: null });
        return io.out(`Re-indexed ${what}; its summary is no longer in the queue.\n`);
      }
      const r = outcome.result;
      if (o.json) return context.json(r);
      io.out(reindexSummary(r, what));
    });
  });
}
