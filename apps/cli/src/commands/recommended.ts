/** `tidings recommended …`: the editors' selection of a day, as the desk publishes it. */
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { Config } from '@tidings/config/config';
import { parseCalendarDate } from '@tidings/core/query';
import { CliError, type Context, table } from '../context.js';

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

export function registerRecommendedCommands(program: Command, context: Context): void {
  const { config, io } = context;
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
}
