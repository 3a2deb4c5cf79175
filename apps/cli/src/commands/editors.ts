/** `tidings editors …`: accounts of the editorial desk (one-time sign-in links). */
import { type Command, Option } from 'commander';
import { EditorError, EditorStore } from '@tidings/store/editors';
import { CliError, type Context, table } from '../context.js';

export function registerEditorsCommands(program: Command, context: Context): void {
  const { config, io } = context;
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
}
