/** The `tidings` command tree (commander). Each action prints data to stdout and problems to stderr. */
import { readFileSync } from 'node:fs';
import type { Queue } from 'bullmq';
import { Command, InvalidArgumentError, Option } from 'commander';
import { SingleBar } from 'cli-progress';
import { stat } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { loadCatalog } from '@tidings/catalog/catalog';
import { EditorError, EditorStore } from '@tidings/store/editors';
import type { Config } from '@tidings/config/config';
import { parseCalendarDate } from '@tidings/core/query';
import { openIndex } from '@tidings/index/factory';
import type { ArticleIndex } from '@tidings/index/port';
import { ApiKeyStore, parseRate } from '@tidings/store/api-keys';
import { assertRedisReachable, createRedis } from '@tidings/store/redis';
import { SelectionStore } from '@tidings/store/selections';
import { importArticles } from './import-articles.js';
import { registerSourceCommands } from './sources-commands.js';
import { createQueue, createQueueConnection, QUEUES } from '@tidings/queue/queues';
import { SourceStore } from '@tidings/store/sources';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

export interface Io {
  out: (text: string) => void;
  err: (text: string) => void;
  /** Whether progress bars may be drawn. */
  interactive: boolean;
}

const defaultIo: Io = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  interactive: Boolean(process.stderr.isTTY),
};

/** Lazily opened connections, closed once the command is done. */
export class Context {
  exitCode = 0;
  private redisClient: Redis | null = null;
  private indexHandle: ArticleIndex | null = null;

  constructor(
    readonly config: Config,
    readonly io: Io,
    readonly now: () => Date = () => new Date(),
  ) {}

  async redis(): Promise<Redis> {
    if (!this.redisClient) {
      this.redisClient = createRedis({ url: this.config.REDIS_URL, name: 'tidings-cli' });
      this.redisClient.on('error', () => {});
      await assertRedisReachable(this.redisClient, this.config.REDIS_URL);
    }
    return this.redisClient;
  }

  async index(): Promise<ArticleIndex> {
    if (!this.indexHandle) {
      this.indexHandle = await openIndex(this.config);
      await this.indexHandle.init();
    }
    return this.indexHandle;
  }

  async keys(): Promise<ApiKeyStore> {
    return new ApiKeyStore(await this.redis(), this.config.REDIS_PREFIX);
  }

  async selections(): Promise<SelectionStore> {
    return new SelectionStore(await this.redis(), this.config.REDIS_PREFIX);
  }

  json(value: unknown): void {
    this.io.out(`${JSON.stringify(value, null, 2)}\n`);
  }

  async close(): Promise<void> {
    await this.indexHandle?.close();
    this.redisClient?.disconnect();
  }
}

function rateOption(value: string): number {
  const rate = parseRate(value);
  if (rate === null) throw new InvalidArgumentError('expected requests per minute, e.g. 600/min, 10/s or 600');
  return rate;
}

function dateOption(value: string): string {
  if (parseCalendarDate(value) === null) throw new InvalidArgumentError('expected a date YYYY-MM-DD');
  return value;
}

function today(config: Config, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: config.EDITORIAL_TZ,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

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

export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return (
    rows
      .map((r) =>
        r
          .map((cell, i) => cell.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
      .join('\n') + '\n'
  );
}

const CLI_VERSION = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

export function buildProgram(
  config: Config,
  io: Io = defaultIo,
  now?: () => Date,
): { program: Command; context: Context } {
  const context = new Context(config, io, now);
  const program = new Command('tidings')
    .description('Operate Tidings: api keys, imports, editorial selections, status.')
    .version(CLI_VERSION, '-V, --version', 'print the version of Tidings')
    .exitOverride()
    .configureOutput({
      writeOut: io.out,
      writeErr: io.err,
      outputError: (text, write) => write(`tidings: ${text.replace(/^error: /, '')}`),
    })
    .showSuggestionAfterError(true);

  const editors = program.command('editors').description('editors of the desk (/desk/)');
  const deskLink = (token: string) =>
    `${(config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '')}/desk/?token=${token}`;
  const editorStore = async () => new EditorStore(await context.redis(), config.REDIS_PREFIX);
  /** Runs an editor change; what the store refuses is one clear line and exit 1. */
  const editorAction = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof EditorError) throw new CliError(error.message);
      throw error;
    }
  };
  const printLink = (
    json: boolean | undefined,
    verb: string,
    { editor, token }: { editor: { email: string; name: string; role: string }; token: string },
  ) => {
    const link = deskLink(token);
    if (json) return context.json({ email: editor.email, name: editor.name, role: editor.role, link });
    io.out(`${verb} ${editor.name} <${editor.email}> (${editor.role}).\n`);
    io.out(`One-time sign-in link (valid 24 h; it sets their password): ${link}\n`);
  };
  editors
    .command('add')
    .description('add an editor and print their one-time sign-in link')
    .argument('<email>', "the editor's email address (they sign in with it)")
    .requiredOption('--name <name>', "the editor's name")
    .addOption(
      new Option('--role <role>', 'editor or admin (admins also see sources)')
        .choices(['editor', 'admin'])
        .default('editor'),
    )
    .option('--json', 'print JSON')
    .action(async (email: string, options: { name: string; role: 'editor' | 'admin'; json?: boolean }) => {
      const added = await editorAction(async () => (await editorStore()).add(email, options.name, options.role));
      printLink(options.json, 'Added', added);
    });
  editors
    .command('list')
    .description('list editors')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const list = await (await editorStore()).list();
      if (options.json) return context.json(list);
      if (!list.length) return io.out('No editors yet: tidings editors add EMAIL --name NAME\n');
      io.out(
        table([
          ['EMAIL', 'NAME', 'ROLE', 'CREATED', 'PASSWORD'],
          ...list.map((e) => [e.email, e.name, e.role, e.createdAt, e.active ? 'set' : 'not yet (link sent)']),
        ]),
      );
    });
  editors
    .command('remove')
    .description('remove an editor (their sessions end at once)')
    .argument('<email>', "the editor's email address")
    .action(async (email: string) => {
      await editorAction(async () => (await editorStore()).remove(email));
      io.out(`Removed ${EditorStore.normalize(email)}; their sessions have ended.\n`);
    });
  editors
    .command('reset')
    .description('print a new one-time sign-in link (to set a new password)')
    .argument('<email>', "the editor's email address")
    .option('--json', 'print JSON')
    .action(async (email: string, options: { json?: boolean }) => {
      const reset = await editorAction(async () => (await editorStore()).reset(email));
      printLink(options.json, 'New sign-in link for', reset);
    });

  const keys = program.command('keys').description('API keys for consumers');
  keys
    .command('create')
    .description('create a key (it is shown once)')
    .requiredOption('--name <name>', 'who the key is for')
    .addOption(new Option('--rate <rate>', 'requests per minute, e.g. 600/min').argParser(rateOption))
    .option('--json', 'print JSON')
    .action(async (options: { name: string; rate?: number; json?: boolean }) => {
      const store = await context.keys();
      const created = await store.create(options.name, options.rate ?? config.DEFAULT_RATE_LIMIT);
      if (options.json) {
        context.json({ id: created.id, name: created.name, key: created.key, rate: created.rate });
      } else {
        io.out(`Created api key ${created.id} for "${created.name}" (${created.rate} requests/min).\n`);
        io.out(`Key (shown once; store it now): ${created.key}\n`);
      }
    });
  keys
    .command('list')
    .description('list keys (never the keys themselves)')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const list = await (await context.keys()).list();
      if (options.json) return context.json(list);
      if (!list.length) return io.out('No api keys yet: tidings keys create --name NAME\n');
      io.out(
        table([
          ['ID', 'NAME', 'RATE/MIN', 'CREATED', 'STATE'],
          ...list.map((k) => [
            k.id,
            k.name,
            String(k.rate),
            k.createdAt,
            k.revokedAt ? `revoked ${k.revokedAt}` : 'active',
          ]),
        ]),
      );
    });
  keys
    .command('revoke')
    .description('revoke the key whose id starts with <prefix>')
    .argument('<prefix>', 'key id or its start (as shown by keys list)')
    .option('--json', 'print JSON')
    .action(async (prefix: string, options: { json?: boolean }) => {
      let record;
      try {
        record = await (await context.keys()).revoke(prefix);
      } catch (error) {
        throw new CliError((error as Error).message);
      }
      const { alreadyRevoked, ...shown } = record;
      if (options.json) context.json(shown);
      else if (alreadyRevoked) {
        io.out(
          `Api key ${record.id} ("${record.name}") was already revoked at ${record.revokedAt}; nothing changed.\n`,
        );
      } else io.out(`Revoked api key ${record.id} ("${record.name}"); it stops working within 30 s.\n`);
    });

  program
    .command('import')
    .description('bulk load ARTICLE objects from a JSON Lines file (one article + sourceId per line)')
    .argument('<file>', 'a .jsonl file')
    // CONTRACT §3 lists `--wait`; an import is always indexed before it returns, so it changes nothing
    // and is accepted without being offered.
    .addOption(new Option('--wait').hideHelp())
    .option('--json', 'print the outcome as JSON')
    .action(async (file: string, options: { json?: boolean }) => {
      const size = await stat(file).then(
        (s) => s.size,
        () => {
          throw new CliError(`cannot read ${file}: no such file`);
        },
      );
      const index = await context.index();
      const bar =
        io.interactive && !options.json && size > 1024 * 1024
          ? new SingleBar({
              format: 'importing [{bar}] {percentage}% | {imported} articles | {bad} bad lines',
              hideCursor: true,
            })
          : null;
      bar?.start(size, 0, { imported: 0, bad: 0 });
      const result = await importArticles(file, {
        index,
        catalog: loadCatalog(config.CATALOG_OVERRIDES, { topicModel: config.TOPIC_MODEL === 'on' }),
        now: context.now,
        onProgress: (bytes, imported, bad) => bar?.update(Math.min(bytes, size), { imported, bad }),
      });
      bar?.stop();
      for (const bad of result.bad) io.err(`line ${bad.line}: ${bad.reason}\n`);
      if (options.json) context.json({ imported: result.imported, bad: result.bad });
      else {
        io.out(
          `Imported ${result.imported} article(s) from ${file}${result.bad.length ? `; ${result.bad.length} bad line(s) skipped` : ''}.\n`,
        );
      }
      if (result.bad.length) {
        if (!options.json)
          io.err(`tidings: ${result.bad.length} bad line(s) in ${file} (listed above); the rest was imported\n`);
        context.exitCode = 2;
      }
    });

  const recommended = program.command('recommended').description("the editors' selection of a day");
  const selectionAction =
    (op: 'set' | 'add' | 'remove') => async (ids: string[], options: { date?: string; json?: boolean }) => {
      const date = options.date ?? today(config, context.now());
      const unique = [...new Set(ids)];
      if (op !== 'remove' && unique.length) {
        const found = new Set((await (await context.index()).getByIds(unique)).map((a) => a.id));
        const missing = unique.filter((id) => !found.has(id));
        if (missing.length) throw new CliError(`unknown article id(s): ${missing.join(', ')} (nothing changed)`);
      }
      const store = await context.selections();
      if (op === 'remove') {
        const current = new Set((await store.get(date))?.ids ?? []);
        const absent = unique.filter((id) => !current.has(id));
        if (absent.length === unique.length) {
          io.err(
            `tidings: ${absent.join(', ')} ${absent.length === 1 ? 'is' : 'are'} not in the selection of ${date}; nothing changed\n`,
          );
          context.exitCode = 1;
          return;
        }
        if (absent.length) io.err(`tidings: not in the selection of ${date}, left aside: ${absent.join(', ')}\n`);
      }
      const selection =
        op === 'set'
          ? await store.set(date, unique)
          : op === 'add'
            ? await store.add(date, unique)
            : await store.remove(date, unique);
      if (options.json) context.json({ date, ids: selection?.ids ?? [], updatedAt: selection?.updatedAt ?? null });
      else io.out(`Selection of ${date}: ${selection?.ids.length ?? 0} article(s).\n`);
    };
  for (const [op, description] of [
    ['set', 'replace the selection with these articles, in rank order (no ids: clear it)'],
    ['add', 'append articles to the selection (lowest ranks)'],
    ['remove', 'remove articles from the selection'],
  ] as const) {
    recommended
      .command(op)
      .description(description)
      .argument(op === 'set' ? '[articleIds...]' : '<articleIds...>', 'article ids')
      .addOption(
        new Option('--date <date>', 'the day, YYYY-MM-DD (default: today in EDITORIAL_TZ)').argParser(dateOption),
      )
      .option('--json', 'print JSON')
      .action(selectionAction(op));
  }
  recommended
    .command('list')
    .description('show the selection of a day')
    .addOption(
      new Option('--date <date>', 'the day, YYYY-MM-DD (default: today in EDITORIAL_TZ)').argParser(dateOption),
    )
    .option('--json', 'print JSON')
    .action(async (options: { date?: string; json?: boolean }) => {
      const date = options.date ?? today(config, context.now());
      const selection = await (await context.selections()).get(date);
      const ids = selection?.ids ?? [];
      const articles = new Map((await (await context.index()).getByIds(ids)).map((a) => [a.id, a]));
      const rows = ids.map((id, i) => ({ rank: i + 1, id, headline: articles.get(id)?.headline ?? null }));
      if (options.json) return context.json({ date, updatedAt: selection?.updatedAt ?? null, articles: rows });
      if (!rows.length) return io.out(`No selection for ${date}.\n`);
      io.out(
        table([
          ['RANK', 'ID', 'HEADLINE'],
          ...rows.map((r) => [String(r.rank), r.id, r.headline ?? '(not in the index)']),
        ]),
      );
    });

  program
    .command('status')
    .description('queues, sources by state, index size, last errors')
    .option('--json', 'print JSON')
    .action(async (options: { json?: boolean }) => {
      const index = await context.index();
      const connection = createQueueConnection(config.REDIS_URL, 'producer');
      const queues = Object.values(QUEUES).map((name) => createQueue(name, connection, config.REDIS_PREFIX));
      try {
        const [stats, keyList, days, sourceList, counts, reindexing, lastHour] = await Promise.all([
          index.stats(),
          (await context.keys()).list(),
          (await context.selections()).days(7),
          new SourceStore(await context.redis(), config.REDIS_PREFIX).list(),
          Promise.all(queues.map((q) => q.getJobCounts('waiting', 'active', 'delayed', 'failed', 'completed'))),
          queues.find((q) => q.name === QUEUES.reindex)!.getActive(),
          Promise.all(queues.filter((q) => METERED.includes(q.name)).map((q) => finishedLastHour(q))),
        ]);
        const byState: Record<string, number> = { active: 0, failing: 0, paused: 0, removed: 0 };
        for (const source of sourceList) byState[source.state] = (byState[source.state] ?? 0) + 1;
        const lastErrors = sourceList
          .filter((x) => x.lastError && x.state === 'failing')
          .map((x) => ({ source: x.id, error: x.lastError, at: x.lastErrorAt }));
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
          apiKeys: {
            active: keyList.filter((k) => !k.revokedAt).length,
            revoked: keyList.filter((k) => k.revokedAt).length,
          },
          selections: { latestDays: days },
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
            `${lastHour[1]!.completed} host probes done, ${lastHour[1]!.failed} failed` +
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
            `\nSelections: ${days.length ? days.join(', ') : 'none yet'}\n` +
            (lastErrors.length ? `Failing:\n${lastErrors.map((e) => `  ${e.source}: ${e.error}`).join('\n')}\n` : ''),
        );
      } finally {
        await Promise.all(queues.map((q) => q.close()));
        connection.disconnect();
      }
    });

  registerSourceCommands(program, context);
  return { program, context };
}
