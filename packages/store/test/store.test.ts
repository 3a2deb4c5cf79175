import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import { testEnv } from '@tidings/config/config';
import { ApiKeyStore, parseRate } from '../src/api-keys.js';
import { RateLimiter } from '../src/rate-limit.js';
import { assertRedisReachable, createRedis, durabilityOf, redisDurability } from '../src/redis.js';
import { DraftChangedError, SelectionConflictError, SelectionStore } from '../src/selections.js';
import { adaptedInterval, parseDuration, slugFromFeedUrl, SourceStore, toSettings } from '../src/sources.js';
import { redisWriteLock } from '../src/write-lock.js';

let redis: Redis;
let prefix: string;
beforeEach(() => {
  redis = createRedis({ url: testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379' });
  prefix = `tidings-test:${randomUUID()}:`;
});
afterEach(async () => {
  const stale = await redis.keys(`${prefix}*`);
  if (stale.length) await redis.del(...stale);
  redis.disconnect();
});

describe('SelectionStore', () => {
  it('keeps order, drops duplicates, and appends and removes ids', async () => {
    const store = new SelectionStore(redis, prefix);
    await store.set('2026-11-22', ['b', 'a', 'b']);
    expect((await store.get('2026-11-22'))?.ids).toEqual(['b', 'a']);
    await store.add('2026-11-22', ['c', 'a']);
    expect((await store.get('2026-11-22'))?.ids).toEqual(['b', 'a', 'c']);
    await store.remove('2026-11-22', ['a']);
    expect((await store.get('2026-11-22'))?.ids).toEqual(['b', 'c']);
  });

  it("refuses to save a draft over one saved meanwhile (another window's), saying what it holds", async () => {
    const store = new SelectionStore(redis, prefix);
    const day = '2026-11-22';
    expect((await store.saveDraft(day, 'ann', ['a'], 0, 0)).revision).toBe(1);
    expect(await store.saveDraft(day, 'ann', ['a', 'b'], 0, 1)).toMatchObject({ ids: ['a', 'b'], revision: 2 });
    // A second window still on revision 1: refused, and the draft is the first window's.
    const refused = await store.saveDraft(day, 'ann', ['c'], 0, 1).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DraftChangedError);
    expect((refused as DraftChangedError).current).toMatchObject({ ids: ['a', 'b'], revision: 2 });
    expect((await store.draft(day, 'ann'))?.ids).toEqual(['a', 'b']);
    // Another editor's draft is their own; without a revision a save goes through.
    expect((await store.saveDraft(day, 'ben', ['z'], 0, 0)).revision).toBe(1);
    expect((await store.saveDraft(day, 'ann', ['c'], 0)).revision).toBe(3);
    // Published (the draft dropped) in one window: the other's draft of revision 3 is refused too.
    await store.dropDraft(day, 'ann');
    expect(await store.saveDraft(day, 'ann', ['d'], 0, 3).catch((error: unknown) => error)).toMatchObject({
      current: null,
    });
    // A draft saved before revisions counts as revision 0.
    await redis.set(`${prefix}draft:${day}:cy`, JSON.stringify({ ids: ['x'], baseVersion: 0, savedAt: 'then' }));
    expect((await store.draft(day, 'cy'))?.revision).toBe(0);
    expect((await store.saveDraft(day, 'cy', ['x', 'y'], 0, 0)).revision).toBe(1);
  });

  it('finds the latest selection on or before a day, and forgets emptied days', async () => {
    const store = new SelectionStore(redis, prefix);
    await store.set('2026-11-01', ['x']);
    await store.set('2026-11-20', ['y']);
    await store.set('2026-12-01', ['future']);
    expect((await store.latestOnOrBefore('2026-11-22'))?.date).toBe('2026-11-20');
    expect((await store.latestOnOrBefore('2026-11-20'))?.date).toBe('2026-11-20');
    await store.remove('2026-11-20', ['y']);
    expect((await store.latestOnOrBefore('2026-11-22'))?.date).toBe('2026-11-01');
    expect(await store.latestOnOrBefore('2026-10-01')).toBeNull();
    expect(await store.days()).toEqual(['2026-12-01', '2026-11-01']);
  });

  it('counts versions on after a withdrawal, and refuses a draft from before it in words', async () => {
    const store = new SelectionStore(redis, prefix);
    const day = '2026-11-23';
    await store.publish(day, ['a'], 'ann@example.com', 0);
    await store.publish(day, ['a', 'b'], 'ann@example.com', 1);
    // Withdrawn (an empty list): no selection, and version 3 in the history.
    expect(await store.publish(day, [], 'ann@example.com', 2)).toBeNull();
    expect(await store.get(day)).toBeNull();
    expect(await store.version(day)).toBe(3);
    // A draft started from version 2 is refused, naming the withdrawal (it was a TypeError: a 500 in the desk).
    const refused = await store.publish(day, ['c'], 'ben@example.com', 2).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SelectionConflictError);
    expect((refused as SelectionConflictError).current).toMatchObject({ version: 3, by: 'ann@example.com', ids: [] });
    // The next publication is version 4 (it was 1 again), and so are the CLI's changes after a withdrawal.
    expect((await store.publish(day, ['c'], 'ben@example.com', 3))?.version).toBe(4);
    await store.set(day, []);
    expect((await store.add(day, ['d']))?.version).toBe(6);
    expect((await store.history(day)).map((p) => p.version)).toEqual([6, 5, 4, 3, 2, 1]);
  });
});

describe('SourceStore', () => {
  it('goes failing after three failures in a row, backs off, and recovers on success', async () => {
    const store = new SourceStore(redis, prefix, () => new Date('2026-11-22T12:00:00Z'));
    await store.add(toSettings({ feedUrl: 'https://example.com/rss', id: 'ex', every: '10m' }));
    await store.recordFailure('ex', 'HTTP 500');
    await store.recordFailure('ex', 'HTTP 500');
    expect((await store.get('ex'))?.state).toBe('active');
    const failing = await store.recordFailure('ex', 'HTTP 502', 3_600_000);
    expect(failing).toMatchObject({ state: 'failing', consecutiveFailures: 3, lastError: 'HTTP 502' });
    expect(failing.notBefore).toBe('2026-11-22T13:00:00.000Z'); // Retry-After beats 40 min of back-off
    const back = await store.recordSuccess('ex', { etag: '"1"', lastModified: null, contentHash: 'h' });
    expect(back).toMatchObject({ state: 'active', consecutiveFailures: 0, notBefore: null, etag: '"1"' });
  });

  it('forgets validators when settings change, so the next fetch reads the feed again', async () => {
    const store = new SourceStore(redis, prefix);
    await store.add(toSettings({ feedUrl: 'https://example.com/rss', id: 'ex' }));
    await store.recordSuccess('ex', { etag: '"1"', lastModified: 'x', contentHash: 'h' });
    await store.updateSettings(toSettings({ feedUrl: 'https://example.com/rss', id: 'ex' }));
    expect(await store.get('ex')).toMatchObject({ etag: '"1"', contentHash: 'h' });
    await store.updateSettings(toSettings({ feedUrl: 'https://example.com/rss', id: 'ex', topics: [4000000] }));
    expect(await store.get('ex')).toMatchObject({ etag: null, lastModified: null, contentHash: null });
  });

  it('loses no change when writers race: every concurrent update lands', async () => {
    const store = new SourceStore(redis, prefix);
    await store.add(toSettings({ feedUrl: 'https://example.com/rss', id: 'ex' }));
    // Twenty fetch failures recorded at once (each reads, changes and writes the record).
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.recordFailure('ex', `HTTP 50${i % 10}`)));
    expect((await store.get('ex'))?.consecutiveFailures).toBe(20);
    // An operator's pause racing a fetch's success: both land (paused, and the fetch recorded).
    await Promise.all([
      store.setState('ex', 'paused'),
      store.recordSuccess('ex', { etag: '"2"', lastModified: null, contentHash: 'h2' }),
    ]);
    expect(await store.get('ex')).toMatchObject({ state: 'paused', consecutiveFailures: 0, etag: '"2"' });
  });

  it('keeps no validators from a fetch that started under settings changed since', async () => {
    const store = new SourceStore(redis, prefix);
    await store.add(toSettings({ feedUrl: 'https://example.com/rss', id: 'ex' }));
    const started = (await store.get('ex'))!; // a fetch begins…
    // …and a sync changes the source's topics while it runs, clearing the validators.
    await store.updateSettings(toSettings({ feedUrl: 'https://example.com/rss', id: 'ex', topics: [4000000] }));
    await store.recordSuccess('ex', { etag: '"old"', lastModified: 'then', contentHash: 'old' }, undefined, started);
    expect(await store.get('ex')).toMatchObject({
      topics: [4000000],
      etag: null,
      lastModified: null,
      contentHash: null,
      lastSuccessAt: expect.any(String),
    });
    // The next fetch, started under the new settings, keeps its validators again.
    const next = (await store.get('ex'))!;
    await store.recordSuccess('ex', { etag: '"new"', lastModified: null, contentHash: 'new' }, undefined, next);
    expect((await store.get('ex'))?.etag).toBe('"new"');
  });

  it('says the interval the worker adapted a source to only where it is not the one set', () => {
    expect(adaptedInterval({ everyMs: 600_000, pollMs: null })).toBeNull();
    expect(adaptedInterval({ everyMs: 600_000, pollMs: 610_000 })).toBeNull();
    expect(adaptedInterval({ everyMs: 600_000, pollMs: 3_960_000 })).toBe('66m');
    expect(adaptedInterval({ everyMs: 600_000, pollMs: 150_000 })).toBe('3m');
    expect(adaptedInterval({ everyMs: 3_600_000, pollMs: 21_600_000 })).toBe('6h');
  });

  it('reads durations and derives slugs', () => {
    expect(parseDuration('10m')).toBe(600_000);
    expect(parseDuration('30s')).toBeNull();
    expect(parseDuration('8d')).toBeNull();
    expect(slugFromFeedUrl('https://www.example.co.uk/rss')).toBe('example-co-uk');
  });

  it('reads language tags and paywall modes in any case, as types are read (EN and All were refused)', () => {
    const settings = (input: { language?: string; paywalled?: string }) =>
      toSettings({ feedUrl: 'https://example.com/rss', ...input });
    expect(settings({ language: 'EN' }).language).toBe('en');
    expect(settings({ language: 'pt-br' }).language).toBe('pt-BR');
    expect(settings({ language: 'ZH-hant-tw' }).language).toBe('zh-Hant-TW');
    expect(settings({ paywalled: 'All' }).paywalled).toBe('all');
    expect(() => settings({ language: 'english' })).toThrow("language: 'english' must be a language tag");
    expect(() => settings({ paywalled: 'some' })).toThrow("paywalled: 'some' must be one of none, all, detect");
  });
});

describe('ApiKeyStore', () => {
  it('checks keys by hash, refuses revoked ones, and needs an unambiguous prefix to revoke', async () => {
    const store = new ApiKeyStore(redis, prefix);
    const a = await store.create('a', 600);
    expect(a.key).toMatch(/^tdg_[0-9a-f]{48}$/);
    expect(await store.check(a.key)).toMatchObject({ status: 'valid', record: { name: 'a', rate: 600 } });
    expect(await store.check(`${a.key}x`)).toEqual({ status: 'unknown' });
    await expect(store.revoke('')).rejects.toThrow(/at least the first 4 characters/);
    await store.revoke(a.id);
    expect((await store.check(a.key)).status).toBe('disabled');
  });

  it('parses rates into requests per minute', () => {
    expect(parseRate('600/min')).toBe(600);
    expect(parseRate('10/s')).toBe(600);
    expect(parseRate('120/h')).toBe(2);
    expect(parseRate('75')).toBe(75);
    expect(parseRate('1/h')).toBeNull();
    expect(parseRate('fast')).toBeNull();
  });
});

describe('RateLimiter', () => {
  it('counts hits per key within a one-minute window', async () => {
    let now = Date.UTC(2026, 10, 22, 12, 0, 10);
    const limiter = new RateLimiter(redis, prefix, () => now);
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await limiter.hit('k', 2));
    expect(results.map((r) => [r.allowed, r.remaining])).toEqual([
      [true, 1],
      [true, 0],
      [false, 0],
    ]);
    expect(results[0]!.resetSeconds).toBe(50);
    now += 60_000;
    expect((await limiter.hit('k', 2)).allowed).toBe(true);
  });

  it('keeps counting when Redis has lost its scripts (a restart, SCRIPT FLUSH)', async () => {
    // One clock for all three hits: on the wall clock they can fall either side of a minute's turn.
    const now = () => 1_700_000_010_000;
    const limiter = new RateLimiter(redis, prefix, now);
    expect((await limiter.hit('k', 5)).remaining).toBe(4);
    await redis.script('FLUSH');
    expect((await limiter.hit('k', 5)).remaining).toBe(3);
    // A second limiter on the same connection shares the command.
    expect((await new RateLimiter(redis, prefix, now).hit('k', 5)).remaining).toBe(2);
  });

  it('gives concurrent hits exact, distinct counts while sending them in few round trips', async () => {
    const limiter = new RateLimiter(redis, prefix);
    await limiter.hit('warm', 1); // the script is loaded once, by EVAL
    const sent = vi.spyOn(redis, 'sendCommand');
    const roundTrips = () => sent.mock.calls.filter(([command]) => command.name === 'evalsha').length;
    const hits = await Promise.all([
      ...Array.from({ length: 60 }, () => limiter.hit('a', 50)),
      ...Array.from({ length: 5 }, () => limiter.hit('b', 50)),
    ]);
    const a = hits.slice(0, 60);
    // Arrival order is counting order: the first 50 are allowed, with 49, 48, ... 0 left.
    expect(a.map((r) => r.remaining)).toEqual([...Array.from({ length: 50 }, (_, i) => 49 - i), ...Array(10).fill(0)]);
    expect(a.map((r) => r.allowed)).toEqual([...Array(50).fill(true), ...Array(10).fill(false)]);
    expect(hits.slice(60).map((r) => r.remaining)).toEqual([49, 48, 47, 46, 45]);
    expect(roundTrips()).toBeGreaterThan(0);
    expect(roundTrips()).toBeLessThanOrEqual(2);
    // Redis holds the exact totals, for every other API instance to count on.
    const stored = await redis.keys(`${prefix}ratelimit:*`);
    expect((await Promise.all(stored.map((key) => redis.get(key)))).map(Number).sort((x, y) => x - y)).toEqual([
      1, 5, 60,
    ]);
    expect((await limiter.hit('b', 50)).remaining).toBe(44);
  });

  it('tells every waiting hit when Redis cannot be reached', async () => {
    const away = createRedis({ url: 'redis://127.0.0.1:1', failFast: true });
    away.on('error', () => {});
    const limiter = new RateLimiter(away, prefix);
    const outcomes = await Promise.allSettled([limiter.hit('a', 5), limiter.hit('a', 5), limiter.hit('b', 5)]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    away.disconnect();
  });
});

describe('redisWriteLock', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('lets writers on separate connections take turns, and frees the lock when a write fails', async () => {
    const other = createRedis({ url: testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379' });
    try {
      const key = `${prefix}index-writes`;
      const locks = [redisWriteLock(redis, key), redisWriteLock(other, key)];
      let running = 0;
      let most = 0;
      const order: number[] = [];
      const write = (i: number) =>
        locks[i % 2]!(async () => {
          most = Math.max(most, ++running);
          await sleep(30);
          order.push(i);
          running--;
          if (i === 2) throw new Error('Meilisearch said no');
          return i;
        });
      const results = await Promise.allSettled([0, 1, 2, 3, 4, 5].map(write));
      expect(most).toBe(1);
      expect(order.sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect(results.map((r) => r.status)).toEqual([
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      expect(await redis.exists(`mutex:${key}`)).toBe(0);
    } finally {
      other.disconnect();
    }
  });

  it('takes over from a holder that died once its lock expires, and says who held it up after a long wait', async () => {
    const key = `${prefix}index-writes`;
    // A process killed mid-write: its lock is never released, only expires.
    await redis.set(`mutex:${key}`, 'dead-process', 'PX', 300);
    const started = Date.now();
    expect(await redisWriteLock(redis, key)(async () => 'written')).toBe('written');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);

    await redis.set(`mutex:${key}`, 'busy-process', 'PX', 5_000);
    await expect(redisWriteLock(redis, key, { acquireTimeoutMs: 200 })(async () => 'never')).rejects.toThrow(
      /another process has held the index write lock .* for over 0.2 s/,
    );
    await redis.del(`mutex:${key}`);
  });

  it('keeps a long write locked past the lock timeout by refreshing it', async () => {
    const key = `${prefix}index-writes`;
    const lock = redisWriteLock(redis, key, { lockTimeoutMs: 300 });
    let overlapped = false;
    let writing = false;
    const long = lock(async () => {
      writing = true;
      await sleep(900);
      writing = false;
    });
    await sleep(50);
    await lock(async () => {
      overlapped = writing;
    });
    await long;
    expect(overlapped).toBe(false);
  });
});

describe('Redis durability', () => {
  it('warns of a Redis that keeps nothing on disk or may evict keys, and of nothing else', () => {
    expect(durabilityOf({ appendonly: 'yes', save: '', 'maxmemory-policy': 'noeviction' })).toEqual({
      persistence: 'aof',
      evictionPolicy: 'noeviction',
      warnings: [],
    });
    expect(durabilityOf({ appendonly: 'no', save: '3600 1 300 100', 'maxmemory-policy': 'noeviction' })).toEqual({
      persistence: 'snapshots',
      evictionPolicy: 'noeviction',
      warnings: [],
    });
    const bare = durabilityOf({ appendonly: 'no', save: '', 'maxmemory-policy': 'allkeys-lru' });
    expect(bare.persistence).toBe('none');
    expect(bare.warnings).toEqual([
      expect.stringMatching(/^Redis keeps nothing on disk .*set appendonly yes/),
      expect.stringMatching(/maxmemory-policy allkeys-lru.*set maxmemory-policy noeviction$/),
    ]);
    // A Redis that refuses CONFIG (some hosted ones) is not known, and not warned about.
    expect(durabilityOf({})).toEqual({ persistence: 'unknown', evictionPolicy: null, warnings: [] });
  });

  it('reads them from a real Redis', async () => {
    const [, appendonly] = (await redis.config('GET', 'appendonly')) as string[];
    const read = await redisDurability(redis);
    expect(read.persistence).not.toBe('unknown');
    expect(read.persistence === 'aof').toBe(appendonly === 'yes');
    expect(read.evictionPolicy).toEqual(expect.any(String));
  });
});

describe('assertRedisReachable', () => {
  const freePort = async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  };
  const reached = async (url: string) => {
    const client = createRedis({ url, failFast: true });
    client.on('error', () => {});
    try {
      await assertRedisReachable(client, url);
      return 'reachable';
    } catch (error) {
      return (error as Error).message;
    } finally {
      client.disconnect();
    }
  };
  const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

  // It said "Redis is not reachable …: start one" to a Redis that wants a password, and to another server.
  it.skipIf(!hasRedisServer)('says a Redis wants a password, or refused the one given', async () => {
    const port = await freePort();
    const server = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--requirepass', 'sekrit'],
      {
        stdio: 'ignore',
      },
    );
    try {
      for (let tries = 0; tries < 50 && (await reached(`redis://:sekrit@127.0.0.1:${port}`)) !== 'reachable'; tries++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(await reached(`redis://127.0.0.1:${port}`)).toBe(
        `Redis at redis://127.0.0.1:${port} needs a password: put it in REDIS_URL (redis://:password@host:port, or redis://user:password@…)`,
      );
      expect(await reached(`redis://:wrong@127.0.0.1:${port}`)).toBe(
        `Redis at redis://:***@127.0.0.1:${port} refused the user or password in REDIS_URL`,
      );
    } finally {
      server.kill();
    }
  });

  it('says that what answers is not Redis', async () => {
    const http = createHttpServer((_, response) => response.end('hello'));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = http.address() as AddressInfo;
      expect(await reached(`redis://127.0.0.1:${port}`)).toBe(
        `something answers at redis://127.0.0.1:${port}, but it is not Redis: is REDIS_URL the address of a Redis?`,
      );
    } finally {
      http.close();
    }
  });
});
