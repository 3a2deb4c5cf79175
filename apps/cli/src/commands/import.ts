/** `tidings import`: bulk load of ARTICLE objects from JSON Lines. */
import { stat } from 'node:fs/promises';
import { SingleBar } from 'cli-progress';
import { type Command, Option } from 'commander';
import { loadCatalog } from '@tidings/catalog/catalog';
import { ProbeCache } from '@tidings/store/probe-cache';
import { SourceStore } from '@tidings/store/sources';
import { CliError, type Context } from '../context.js';
import { importArticles, type ImportOptions } from '../import-articles.js';

export function registerImportCommands(program: Command, context: Context): void {
  const { config, io } = context;
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
        known: await registryKnowledge(context),
        catalog: loadCatalog(config.CATALOG_OVERRIDES, { topicModel: config.TOPIC_MODEL === 'on' }),
        now: context.now,
        onProgress: (bytes, imported, bad) => bar?.update(Math.min(bytes, size), { imported, bad }),
      });
      bar?.stop();
      for (const bad of result.bad) io.err(`line ${bad.line}: ${bad.reason}\n`);
      const { imported, created, updated, repeated, bad } = result;
      if (options.json) context.json({ imported, created, updated, repeated, bad });
      else {
        // What the lines did to the index: a file of earlier articles, or one URL on several lines, says so.
        const parts = [`${created} new`, ...(updated ? [`${updated} updated`] : [])];
        const again = repeated ? `; ${repeated} line(s) repeated an earlier line's URL (the later line is kept)` : '';
        io.out(
          `Imported ${imported} article(s) from ${file} (${parts.join(', ')})${again}${bad.length ? `; ${bad.length} bad line(s) skipped` : ''}.\n`,
        );
      }
      if (result.bad.length) {
        if (!options.json)
          io.err(`tidings: ${result.bad.length} bad line(s) in ${file} (listed above); the rest was imported\n`);
        context.exitCode = 2;
      }
    });
}

/**
 * The source names and host flags that Redis holds, for the lines that leave them out; none, with a
 * warning, when Redis cannot be reached (an import into the embedded index needs no Redis).
 */
async function registryKnowledge(context: Context): Promise<ImportOptions['known']> {
  let redis;
  try {
    redis = await context.redis();
  } catch {
    context.io.err(
      'tidings: warning: Redis is not reachable (REDIS_URL): lines without a source name or host flags get the source id and null, not what the registry and the probes know\n',
    );
    return undefined;
  }
  const { REDIS_PREFIX } = context.config;
  const sources = await new SourceStore(redis, REDIS_PREFIX).list();
  const probes = new ProbeCache(redis, REDIS_PREFIX);
  return {
    sourceNames: new Map(sources.filter((s) => s.state !== 'removed').map((s) => [s.id, s.name])),
    hostFlags: (domains) => probes.getMany(domains),
  };
}
