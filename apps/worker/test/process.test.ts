/** The worker process at start-up: a bad catalog override file stops it with one clear line. */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { childEnv, testEnv } from '@tidings/config/config';

describe('worker process', () => {
  it('stops at start with one clear line when the catalog override file is bad', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tidings-worker-start-'));
    try {
      const overrides = join(dir, 'overrides.yaml');
      await writeFile(overrides, 'compnies: []\n');
      const child = spawn(process.execPath, [join(import.meta.dirname, '..', 'dist', 'main.js')], {
        env: childEnv({
          REDIS_URL: testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379',
          DATA_DIR: dir,
          CATALOG_OVERRIDES: overrides,
        }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const [code] = await once(child, 'exit');
      expect(code).toBe(78);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^tidings-worker: .*compnies/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
