/** What every command shares: output, lazily opened connections, the error that ends a command. */
import type { Redis } from 'ioredis';
import type { Config } from '@tidings/config/config';
import { topicParents } from '@tidings/catalog/catalog';
import { indexFailureMessage, openIndex } from '@tidings/index/factory';
import type { ArticleIndex } from '@tidings/index/port';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { assertRedisReachable, createRedis } from '@tidings/store/redis';
import { SelectionStore } from '@tidings/store/selections';
import { indexWriteLock } from '@tidings/store/write-lock';

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

export const defaultIo: Io = {
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
      // On Meilisearch, writes (`import`) take turns with the workers' through a lock in Redis.
      const lock = this.config.INDEX === 'meilisearch' ? indexWriteLock(await this.redis(), this.config) : {};
      try {
        this.indexHandle = await openIndex(this.config, { topicParents: topicParents(), ...lock });
        await this.indexHandle.init();
      } catch (error) {
        const explained = indexFailureMessage(error, this.config);
        throw explained === (error as Error).message ? error : new Error(explained);
      }
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
