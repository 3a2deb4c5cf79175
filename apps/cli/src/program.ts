/** The `tidings` command tree (commander): each group of commands registers itself from `commands/`. */
import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import type { Config } from '@tidings/config/config';
import { registerEditorsCommands } from './commands/editors.js';
import { registerImportCommands } from './commands/import.js';
import { registerJobCommands } from './commands/jobs.js';
import { registerKeysCommands } from './commands/keys.js';
import { registerRecommendedCommands } from './commands/recommended.js';
import { registerSourceCommands } from './commands/sources.js';
import { registerStatusCommands } from './commands/status.js';
import { Context, defaultIo, type Io } from './context.js';

export { CliError, Context, type Io, table } from './context.js';

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

  registerSourceCommands(program, context);
  registerJobCommands(program, context);
  registerKeysCommands(program, context);
  registerImportCommands(program, context);
  registerRecommendedCommands(program, context);
  registerEditorsCommands(program, context);
  registerStatusCommands(program, context);
  return { program, context };
}
