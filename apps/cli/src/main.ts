/** `tidings`: the operator CLI. It talks to Redis and the index directly (CONTRACT §3). */
// First: a Node too old for what follows says so and exits.
import '@tidings/config/node-version';
import { CommanderError } from 'commander';
import { loadConfigOrExit } from '@tidings/config/config';
import { redisRefusal } from '@tidings/store/redis';
import { CliError, buildProgram } from './program.js';

const config = loadConfigOrExit();
const { program, context } = buildProgram(config);
let code = 0;
try {
  await program.parseAsync(process.argv);
  code = context.exitCode;
} catch (error) {
  // Commander's own exit code: 0 after --help or --version, 1 for a usage error.
  if (error instanceof CommanderError) code = error.exitCode;
  else {
    process.stderr.write(`tidings: ${redisRefusal(error) ?? (error as Error).message}\n`);
    code = error instanceof CliError ? error.exitCode : 1;
  }
} finally {
  await context.close();
}
process.exit(code);
