/** Opens the index the configuration asks for (`INDEX=embedded|meilisearch`). */
import { join } from 'node:path';
import type { Config } from '@tidings/config/config';
import { EmbeddedArticleIndex } from './embedded.js';
import { MeilisearchArticleIndex } from './meilisearch.js';
import type { ArticleIndex } from './port.js';
import { ThreadedArticleIndex } from './threaded.js';

/**
 * `serving`: the process answers queries (the API), so the embedded index loads its in-memory
 * columns at `init()` rather than at the first query. `thread`: the embedded index runs on a thread
 * of its own (the worker: index writes beside parsing).
 */
export async function openIndex(
  config: Pick<Config, 'INDEX' | 'DATA_DIR' | 'MEILI_URL' | 'MEILI_API_KEY' | 'MEILI_INDEX'>,
  options: { serving?: boolean; thread?: boolean } = {},
): Promise<ArticleIndex> {
  if (config.INDEX === 'meilisearch') {
    return new MeilisearchArticleIndex({
      host: config.MEILI_URL!,
      ...(config.MEILI_API_KEY ? { apiKey: config.MEILI_API_KEY } : {}),
      indexUid: config.MEILI_INDEX,
    });
  }
  const embedded = { file: join(config.DATA_DIR, 'articles.sqlite'), warm: options.serving ?? false };
  return options.thread ? new ThreadedArticleIndex({ ...embedded, cacheMiB: 32 }) : new EmbeddedArticleIndex(embedded);
}

/** `openIndex` and `init()` for a process entry point: a failure prints one line and exits. */
export async function openIndexOrExit(
  config: Parameters<typeof openIndex>[0],
  processName: string,
  options: { serving?: boolean; thread?: boolean } = {},
): Promise<ArticleIndex> {
  try {
    const index = await openIndex(config, options);
    await index.init();
    return index;
  } catch (error) {
    process.stderr.write(`${processName}: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
