/** `tidings keys …`: api keys of the API's consumers. */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { parseRate } from '@tidings/store/api-keys';
import { CliError, type Context, table } from '../context.js';

function rateOption(value: string): number {
  const rate = parseRate(value);
  if (rate === null) throw new InvalidArgumentError('expected requests per minute, e.g. 600/min, 10/s or 600');
  return rate;
}

export function registerKeysCommands(program: Command, context: Context): void {
  const { config, io } = context;
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
}
