/** Runs `tidings …` in-process against real Redis (a fresh key prefix) and a temporary data dir. */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, testEnv } from '@tidings/config/config';
import { createRedis } from '@tidings/store/redis';
import { buildProgram } from '../src/program.js';

export const REDIS_URL = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';

export interface CliSandbox {
  dir: string;
  prefix: string;
  /** Runs one command; returns its exit code and output. */
  run(...args: string[]): Promise<{ code: number; out: string; err: string }>;
  cleanup(): Promise<void>;
}

export async function cliSandbox(now?: () => Date): Promise<CliSandbox> {
  const dir = await mkdtemp(join(tmpdir(), 'tidings-cli-'));
  const prefix = `tidings-test:${randomUUID()}:`;
  return {
    dir,
    prefix,
    async run(...args) {
      const config = loadConfig({ DATA_DIR: dir, REDIS_PREFIX: prefix, REDIS_URL });
      let out = '';
      let err = '';
      const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t), interactive: false };
      const { program, context } = buildProgram(config, io, now);
      let code = 0;
      try {
        await program.parseAsync(['node', 'tidings', ...args]);
        code = context.exitCode;
      } catch (error) {
        const e = error as { exitCode?: number; message: string; code?: string };
        if (!e.code?.startsWith('commander.')) err += `tidings: ${e.message}\n`;
        code = e.exitCode ?? 1;
      } finally {
        await context.close();
      }
      return { code, out, err };
    },
    async cleanup() {
      const redis = createRedis({ url: REDIS_URL });
      const stale = await redis.keys(`${prefix}*`);
      if (stale.length) await redis.del(...stale);
      redis.disconnect();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
