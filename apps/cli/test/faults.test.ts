/**
 * Faults survived, against a redis-server of the test's own (started on a free port, with an
 * append-only file so that a restart keeps its data) and the worker and API as real processes:
 * - the worker killed with SIGKILL at random points of twenty runs: every item indexed exactly once,
 *   and six `ingest --wait` started together after a kill all return;
 * - Redis restarted while the worker ingests and the API serves: the API answers throughout, the
 *   worker carries on, nothing lost or duplicated;
 * - a worker started while Redis is down waits for it, then fetches.
 */
import { type ChildProcess, spawn, type StdioOptions } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { childEnv, loadConfig } from '@tidings/config/config';
import { NO_FILTERS } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { createQueue, createQueueConnection, type FetchSourcePayload, QUEUES } from '@tidings/queue/queues';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { createRedis } from '@tidings/store/redis';
import { SourceStore, toSettings } from '@tidings/store/sources';
import { buildProgram } from '../src/program.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const hasRedisServer = spawnOk('redis-server', ['--version']);
const ITEMS = 120;

function spawnOk(command: string, args: string[]): boolean {
  try {
    return spawn(command, args, { stdio: 'ignore' }).on('error', () => {}).pid !== undefined;
  } catch {
    return false;
  }
}

async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function until(condition: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await condition().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

let dir: string;
let redisPort: number;
let redisUrl: string;
let redisServer: ChildProcess;
let feeds: Server;
let base: string;
const prefix = `tidings-faults:${randomUUID().slice(0, 8)}:`;

function startRedis(): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--dir', dir],
    { stdio: 'ignore' },
  );
}

async function redisUp(): Promise<void> {
  await until(
    async () => {
      const client = createRedis({ url: redisUrl, failFast: true });
      client.on('error', () => {});
      try {
        return (await client.ping()) === 'PONG';
      } finally {
        client.disconnect();
      }
    },
    10_000,
    'redis-server',
  );
}

/** A feed of ITEMS items for a source, served slowly (so that a kill lands inside jobs). */
const feedOf = (id: string) =>
  `<rss version="2.0"><channel><title>${id}</title>${Array.from(
    { length: ITEMS },
    (_, i) =>
      `<item><title>${id} story ${i}</title><link>https://${id}.example.com/${i}</link><pubDate>${new Date(Date.UTC(2026, 10, 1) + i * 60_000).toUTCString()}</pubDate><description>Story ${i} of ${id}.</description></item>`,
  ).join('')}</channel></rss>`;

/** `logs`: its log lines from `warn` up, and its stderr, on pipes (otherwise errors only, not kept). */
function startWorker(logs = false): ChildProcess {
  return spawn(process.execPath, [join(root, 'apps', 'worker', 'dist', 'main.js')], {
    env: childEnv({
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      DATA_DIR: dir,
      ALLOW_PRIVATE_NETWORKS: '1',
      WORKER_LOCK_MS: '1000',
      WORKER_CONCURRENCY: '4',
      LOG_LEVEL: logs ? 'warn' : 'error',
      // At its default priority the worker yields to everything else at 0 — here, the other test suites
      // that keep both cores busy — and its time limits below are not about that.
      WORKER_NICE: '0',
    }),
    stdio: logs ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
}

/** The API as a real process on `port` (`env`: more of its environment). */
function startApi(port: number, env: Record<string, string>, stdio: StdioOptions): ChildProcess {
  return spawn(process.execPath, [join(root, 'apps', 'api', 'dist', 'server.js')], {
    env: childEnv({
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ...env,
    }),
    stdio,
  });
}

async function tidings(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const config = loadConfig({ DATA_DIR: dir, REDIS_PREFIX: prefix, REDIS_URL: redisUrl });
  let out = '';
  let err = '';
  const io = { out: (t: string) => void (out += t), err: (t: string) => void (err += t), interactive: false };
  const { program, context } = buildProgram(config, io);
  let code = 0;
  try {
    await program.parseAsync(['node', 'tidings', ...args]);
    code = context.exitCode;
  } catch (error) {
    err += `tidings: ${(error as Error).message}\n`;
    code = (error as { exitCode?: number }).exitCode ?? 1;
  } finally {
    await context.close();
  }
  return { code, out, err };
}

/** Every article of the index, by source: the count and whether any URL appears twice. */
async function indexed(): Promise<Map<string, Set<string>>> {
  const index = new EmbeddedArticleIndex({ file: join(dir, 'articles.sqlite') });
  const bySource = new Map<string, Set<string>>();
  let after: { key: number; id: string } | null = null;
  for (;;) {
    const page = await index.query({ filters: NO_FILTERS, limit: 500, after });
    for (const a of page.articles) {
      const urls = bySource.get(a.source.id) ?? new Set<string>();
      expect(urls.has(a.url), `${a.url} twice`).toBe(false);
      urls.add(a.url);
      bySource.set(a.source.id, urls);
    }
    if (!page.hasMore) break;
    const last = page.articles.at(-1)!;
    after = { key: Date.parse(last.publishedAt), id: last.id };
  }
  await index.close();
  return bySource;
}

beforeAll(async () => {
  if (!hasRedisServer) return;
  dir = await mkdtemp(join(tmpdir(), 'tidings-faults-'));
  redisPort = await freePort();
  redisUrl = `redis://127.0.0.1:${redisPort}`;
  redisServer = startRedis();
  await redisUp();
  feeds = createHttpServer((req, res) => {
    const id = (req.url ?? '/').slice(1).replace(/\.xml$/, '');
    setTimeout(() => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedOf(id)), 40);
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
});

afterAll(async () => {
  if (!hasRedisServer) return;
  feeds.closeAllConnections();
  feeds.close();
  redisServer.kill('SIGKILL');
  await exited(redisServer);
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!hasRedisServer)('faults', () => {
  it('indexes every item exactly once through twenty SIGKILLs at random points, and every --wait returns', async () => {
    const redis = createRedis({ url: redisUrl });
    redis.on('error', () => {});
    const sources = new SourceStore(redis, prefix);
    const connection = createQueueConnection(redisUrl, 'producer');
    connection.on('error', () => {});
    const queue = createQueue<FetchSourcePayload>(QUEUES.fetchSource, connection, prefix);
    const ids = Array.from({ length: 20 }, (_, run) => `run${run}`);
    try {
      // Each run: a new source (its scheduler fetches it at once), a worker, a kill at a random moment.
      let seed = 20261123;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      for (const id of ids) {
        await sources.add(toSettings({ feedUrl: `${base}/${id}.xml`, id, every: '7d' }));
        const worker = startWorker();
        await new Promise((resolve) => setTimeout(resolve, 300 + random() * 1_200));
        worker.kill('SIGKILL');
        await exited(worker);
      }
      // After the last kill: six `ingest --wait` at once, with a worker started again.
      const worker = startWorker();
      try {
        await until(async () => (await queue.getWorkers()).length > 0, 30_000, 'the worker to register');
        const waits = await Promise.all(
          ids.slice(0, 6).map((id) => tidings('ingest', '--source', id, '--wait', '--timeout', '60s')),
        );
        for (const wait of waits) expect(wait.err).toBe('');
        expect(waits.map((w) => w.code)).toEqual([0, 0, 0, 0, 0, 0]);
        // Every source's scheduled fetch ends too (taken back from the killed workers).
        await until(
          async () => {
            const now = await indexed();
            return now.size === ids.length && [...now.values()].every((urls) => urls.size === ITEMS);
          },
          60_000,
          'every source indexed',
        );
        const all = await indexed();
        expect([...all.keys()].sort()).toEqual([...ids].sort());
        for (const [id, urls] of all) expect(urls.size, id).toBe(ITEMS);
      } finally {
        worker.kill('SIGTERM');
        await exited(worker);
      }
    } finally {
      await queue.close();
      connection.disconnect();
      redis.disconnect();
    }
  }, 180_000);

  it('keeps answering while Redis restarts, and the worker carries on afterwards', async () => {
    const redis = createRedis({ url: redisUrl });
    redis.on('error', () => {});
    const { key } = await new ApiKeyStore(redis, prefix).create('faults', 100_000);
    const port = await freePort();
    const api = startApi(port, { CURSOR_SECRET: 'faults-cursor-secret-0123456789' }, 'ignore');
    const worker = startWorker(true);
    let logged = '';
    let stderr = '';
    worker.stdout!.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const feed = () =>
      fetch(`http://127.0.0.1:${port}/api/v2/feed/?pageSize=1`, { headers: { 'x-api-key': key } }).then(
        (r) => r.status,
      );
    try {
      await until(async () => (await feed()) === 200, 30_000, 'the API');
      // The worker running (its queues' workers registered): a Redis outage while it is still starting is
      // the next test's case and the worker tests'.
      const registered = createQueue(QUEUES.fetchSource, redis, prefix);
      await until(async () => (await registered.getWorkers()).length > 0, 30_000, 'the worker to register');
      await registered.close();
      // Redis goes away and comes back (its data kept in the append-only file) while requests go on.
      const statuses: number[] = [];
      let asking = true;
      const load = (async () => {
        while (asking) {
          statuses.push(await feed().catch(() => 0));
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 200));
      redisServer.kill('SIGKILL');
      await exited(redisServer);
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      redisServer = startRedis();
      await redisUp();
      await new Promise((resolve) => setTimeout(resolve, 500));
      asking = false;
      await load;
      expect(statuses.length).toBeGreaterThan(5);
      // The API answered every request (the key was seen recently; limits counted in the process).
      expect(statuses.filter((s) => s !== 200)).toEqual([]);

      // The worker reconnects and fetches a source added after the restart.
      const sources = new SourceStore(redis, prefix);
      await until(async () => (await redis.ping()) === 'PONG', 10_000, 'the client to reconnect');
      await sources.add(toSettings({ feedUrl: `${base}/after.xml`, id: 'after', every: '7d' }));
      const queue = createQueue(QUEUES.fetchSource, redis, prefix);
      await until(async () => (await queue.getWorkers()).length > 0, 30_000, 'the worker to register again');
      const fetched = await tidings('ingest', '--source', 'after', '--wait', '--timeout', '60s');
      expect(fetched.err).toBe('');
      expect(fetched.code).toBe(0);
      expect((await indexed()).get('after')?.size).toBe(ITEMS);
      await queue.close();
      // Its log stayed JSON lines: the outage in a few of them (each message at most once every 10 s,
      // whichever queue or worker met it), then that Redis is back; nothing printed beside them.
      await until(async () => logged.includes('"event":"redis reachable again"'), 10_000, 'the worker to say so');
      // (Each reconnection attempt of each queue and worker made a line: ~100 in this test's 2 s outage.
      // A job whose lock ran out meanwhile has its own message, once.)
      const lines = logged
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { event: string; error?: string });
      const errors = lines.filter((line) => line.event === 'worker error').map((line) => line.error);
      expect(errors.length).toBe(new Set(errors).size);
      expect(stderr).toBe('');
    } finally {
      api.kill('SIGTERM');
      worker.kill('SIGTERM');
      await Promise.all([exited(api), exited(worker)]);
      redis.disconnect();
    }
  }, 120_000);

  it('starts a worker while Redis is down, and it waits for Redis instead of exiting', async () => {
    redisServer.kill('SIGKILL');
    await exited(redisServer);
    const worker = startWorker(true);
    let logged = '';
    worker.stdout!.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    worker.stderr!.resume();
    const redis = createRedis({ url: redisUrl });
    redis.on('error', () => {});
    try {
      // Its parser threads load (about a second), then it finds no Redis: it says so and keeps trying.
      await until(async () => logged.includes('"event":"waiting for Redis"'), 20_000, 'the worker to say it waits');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(worker.exitCode).toBeNull();
      redisServer = startRedis();
      await redisUp();
      const queue = createQueue(QUEUES.fetchSource, redis, prefix);
      await until(async () => (await queue.getWorkers()).length > 0, 30_000, 'the worker to register');
      await new SourceStore(redis, prefix).add(toSettings({ feedUrl: `${base}/late.xml`, id: 'late', every: '7d' }));
      const fetched = await tidings('ingest', '--source', 'late', '--wait', '--timeout', '60s');
      expect(fetched.err).toBe('');
      expect((await indexed()).get('late')?.size).toBe(ITEMS);
      await queue.close();
    } finally {
      worker.kill('SIGTERM');
      await exited(worker);
      redis.disconnect();
    }
  }, 90_000);

  it('starts an API while Redis is down, and it waits for Redis (for the shared cursor secret) instead of exiting', async () => {
    redisServer.kill('SIGKILL');
    await exited(redisServer);
    const port = await freePort();
    const api = startApi(port, {}, ['ignore', 'ignore', 'pipe']);
    let said = '';
    api.stderr!.on('data', (chunk: Buffer) => (said += chunk.toString()));
    try {
      await until(async () => said.includes('waiting for Redis'), 20_000, 'the API to say it waits');
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(api.exitCode).toBeNull();
      redisServer = startRedis();
      await redisUp();
      await until(
        async () => (await fetch(`http://127.0.0.1:${port}/readyz`)).status === 200,
        30_000,
        'the API to answer',
      );
      expect(said.trim().split('\n')).toEqual([expect.stringContaining('tidings-api: waiting for Redis at redis://')]);
    } finally {
      api.kill('SIGTERM');
      await exited(api);
    }
  }, 60_000);

  it('says in plain words when Redis refuses writes for want of memory', async () => {
    const redis = createRedis({ url: redisUrl });
    redis.on('error', () => {});
    const cli = async (...args: string[]) => {
      const child = spawn(process.execPath, [join(root, 'apps', 'cli', 'dist', 'main.js'), ...args], {
        env: childEnv({ REDIS_URL: redisUrl, REDIS_PREFIX: prefix, DATA_DIR: dir }),
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let err = '';
      child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      const [code] = (await once(child, 'exit')) as [number];
      return { code, err };
    };
    try {
      await redis.config('SET', 'maxmemory', '1');
      // A script's refusal and a transaction's ("EXECABORT … previous errors") alike.
      for (const args of [
        ['keys', 'create', '--name', 'full'],
        ['sources', 'add', `${base}/full.xml`, '--id', 'full'],
      ]) {
        const { code, err } = await cli(...args);
        expect(code).toBe(1);
        expect(err).toBe(
          'tidings: Redis refuses writes: it is out of memory (its maxmemory is reached); free memory or raise maxmemory, then try again\n',
        );
      }
    } finally {
      await redis.config('SET', 'maxmemory', '0');
      redis.disconnect();
    }
  }, 60_000);
});
