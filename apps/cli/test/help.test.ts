/** The real `tidings` binary: help and version exit 0 (a script that runs `tidings --help` succeeds). */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { childEnv } from '@tidings/config/config';
import { REDIS_URL } from './helper.js';

const bin = fileURLToPath(new URL('../bin/tidings.js', import.meta.url));
const tidings = (...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], {
    env: childEnv({ REDIS_URL, REDIS_PREFIX: `tidings-test:${randomUUID()}:` }),
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('tidings --help and --version', () => {
  it('prints help and exits 0, for the program and for a command', { timeout: 30_000 }, () => {
    for (const args of [['--help'], ['help'], ['sources', '--help'], ['ingest', '--help']]) {
      const run = tidings(...args);
      expect(run.status, args.join(' ')).toBe(0);
      expect(run.stdout, args.join(' ')).toMatch(/Usage: tidings/);
    }
  });

  it('offers no option that does nothing: import --wait is accepted (CONTRACT §3) but not offered', () => {
    const run = tidings('import', '--help');
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('--wait');
    expect(run.stdout).toContain('--json');
  });

  it('prints the version and exits 0', () => {
    const run = tidings('--version');
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('exits 1 with one line on stderr for an unknown command', () => {
    const run = tidings('sourcez');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^tidings: unknown command 'sourcez'/);
  });

  // The system's own Node, where it is older than Tidings' (the machine's Node 20 beside the project's 24).
  const systemNode = ['/usr/bin/node', '/usr/local/bin/node'].find(
    (path) =>
      existsSync(path) &&
      Number(spawnSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.split('.')[0]) < 24,
  );
  it.skipIf(!systemNode)(
    'says which Node it needs when started with an older one, as do the API and the worker',
    () => {
      // Under Node 20, `status` died of a segmentation fault (better-sqlite3's binary), with nothing said.
      const run = spawnSync(systemNode!, [bin, 'status'], {
        env: childEnv({ REDIS_URL, REDIS_PREFIX: `tidings-test:${randomUUID()}:` }),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.status).toBe(78);
      expect(run.stderr).toMatch(
        /^tidings: Node 24 or later is needed, and this is Node 2\d\.[\d.]+ \(.+\); run Tidings through npm/,
      );
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      // So do the API and the worker (the worker died of a TypeError inside undici).
      for (const app of ['api/dist/server.js', 'worker/dist/main.js']) {
        const started = spawnSync(systemNode!, [fileURLToPath(new URL(`../../${app}`, import.meta.url))], {
          env: childEnv({ REDIS_URL, REDIS_PREFIX: `tidings-test:${randomUUID()}:` }),
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(started.status, app).toBe(78);
        expect(started.stderr, app).toMatch(/^tidings: Node 24 or later is needed/);
      }
    },
  );
});
