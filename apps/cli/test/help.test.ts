/** The real `tidings` binary: help and version exit 0 (a script that runs `tidings --help` succeeds). */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

describe('start-up problems, each said in one line', () => {
  it('names a damaged index file, with what to do (it said only "file is not a database"; the API: test/process.test.ts)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tidings-damaged-'));
    try {
      writeFileSync(join(dir, 'articles.sqlite'), Buffer.alloc(64 * 1024, 'not sqlite '));
      const env = childEnv({
        REDIS_URL,
        REDIS_PREFIX: `tidings-test:${randomUUID()}:`,
        DATA_DIR: dir,
      });
      const status = spawnSync(process.execPath, [bin, 'status'], { env, encoding: 'utf8', timeout: 30_000 });
      expect(status.status).toBe(1);
      expect(status.stderr).toContain(
        `tidings: file is not a database: the embedded index ${join(dir, 'articles.sqlite')} is damaged, or is not an index; move it`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('names a DATA_DIR that is a file, and a port in use (Node printed its stack trace)', async () => {
    // (The port is refused by the kernel: the test's event loop, blocked meanwhile, need not answer.)
    const dir = mkdtempSync(join(tmpdir(), 'tidings-startup-'));
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const env = (more: Record<string, string>) =>
        childEnv({
          REDIS_URL,
          REDIS_PREFIX: `tidings-test:${randomUUID()}:`,
          CURSOR_SECRET: 'a-test-secret-of-enough-length',
          ...more,
        });
      writeFileSync(join(dir, 'a-file'), 'x');
      const status = spawnSync(process.execPath, [bin, 'status'], {
        env: env({ DATA_DIR: join(dir, 'a-file') }),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(status.status).toBe(1);
      expect(status.stderr).toMatch(/: DATA_DIR \(.*a-file\) must be a directory, and is a file\n$/);
      const api = fileURLToPath(new URL('../../api/dist/server.js', import.meta.url));
      const started = spawnSync(process.execPath, [api], {
        env: env({ DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1' }),
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(started.status).toBe(1);
      expect(started.stderr).toBe(
        `tidings-api: cannot listen on 127.0.0.1:${port}: the port is in use (another Tidings API, or another program): stop it, or set PORT\n`,
      );
    } finally {
      taken.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
