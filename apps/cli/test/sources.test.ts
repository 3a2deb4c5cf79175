import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '@tidings/catalog/catalog';
import { Fetcher } from '@tidings/fetch/fetcher';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { Worker } from 'bullmq';
import { bullPrefix, createQueueConnection, QUEUES } from '@tidings/queue/queues';
import { createRedis } from '@tidings/store/redis';
import { SourceStore } from '@tidings/store/sources';
import { InProcessFeedWork } from '@tidings/worker/feed/feed-work';
import { startWorker } from '@tidings/worker/worker';
import { type CliSandbox, cliSandbox, REDIS_URL } from './helper.js';

let sandbox: CliSandbox;
let dir: string;
let prefix: string;
const tidings = (...args: string[]) => sandbox.run(...args);

beforeEach(async () => {
  sandbox = await cliSandbox();
  ({ dir, prefix } = sandbox);
});
afterEach(async () => sandbox.cleanup());

describe('tidings sources', () => {
  it('adds, lists, shows, pauses, resumes and removes a source', async () => {
    const added = await tidings(
      'sources',
      'add',
      'https://www.example.com/rss.xml',
      '--name',
      'Example News',
      '--topics',
      '4000000',
      '--every',
      '15m',
      '--json',
    );
    expect(added.code).toBe(0);
    expect(JSON.parse(added.out)).toMatchObject({
      id: 'example-com',
      name: 'Example News',
      state: 'active',
      every: '15m',
      topics: [4000000],
    });
    expect((await tidings('sources', 'add', 'https://www.example.com/other.xml')).err).toContain(
      "'example-com' exists already",
    );
    const list = JSON.parse((await tidings('sources', 'list', '--json')).out);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: 'example-com',
      feedUrl: 'https://www.example.com/rss.xml',
      state: 'active',
      lastError: null,
      lastFetchedAt: null,
      siteUrl: null,
      siteDomain: null,
      siteLanguage: null,
      podcastCategories: [],
      articleCount: 0,
    });
    // Once the worker has adapted the interval to the feed's rhythm, the list says both (as the desk does).
    const redis = createRedis({ url: REDIS_URL });
    try {
      await new SourceStore(redis, prefix).recordSuccess('example-com', { etag: null, lastModified: null }, 12_400_000);
    } finally {
      redis.disconnect();
    }
    expect((await tidings('sources', 'list')).out).toMatch(/^example-com +active +15m, now 3\.4h +0 +\d{4}-/m);
    expect((await tidings('sources', 'show', 'example-com')).out).toMatch(/^adaptedEvery +3\.4h$/m);
    await tidings('sources', 'pause', 'example-com');
    // Only the sources of one state: the failing few among thousands.
    expect(JSON.parse((await tidings('sources', 'list', '--state', 'paused', '--json')).out)).toHaveLength(1);
    expect((await tidings('sources', 'list', '--state', 'failing')).out).toBe('No failing sources (of 1).\n');
    expect((await tidings('sources', 'list', '--state', 'paused')).out).toMatch(/^example-com +paused/m);
    const wrong = await tidings('sources', 'list', '--state', 'broken');
    expect(wrong.code).not.toBe(0);
    expect(wrong.err).toContain('broken');
    expect(JSON.parse((await tidings('sources', 'show', 'example-com', '--json')).out).state).toBe('paused');
    await tidings('sources', 'resume', 'example-com');
    expect(JSON.parse((await tidings('sources', 'show', 'example-com', '--json')).out).state).toBe('active');
    await tidings('sources', 'remove', 'example-com');
    expect(JSON.parse((await tidings('sources', 'show', 'example-com', '--json')).out).state).toBe('removed');
    expect((await tidings('sources', 'remove', 'example-com')).out).toBe(
      'Source example-com was removed already; its articles stay (use --purge to delete them).\n',
    );
    // Resuming a removed source says how to bring it back (it said there was no such source).
    const resumed = await tidings('sources', 'resume', 'example-com');
    expect(resumed.code).toBe(1);
    expect(resumed.err).toBe(
      "tidings: source 'example-com' was removed; add it again with: tidings sources add https://www.example.com/rss.xml --id example-com\n",
    );
  });

  it('names the latest ten failing sources in status, and counts the rest', async () => {
    const redis = createRedis({ url: REDIS_URL });
    try {
      let clock = Date.parse('2026-11-30T08:00:00Z');
      const store = new SourceStore(redis, prefix, () => new Date((clock += 60_000)));
      const { toSettings } = await import('@tidings/store/sources');
      for (let i = 1; i <= 12; i++) {
        const id = `feed-${String(i).padStart(2, '0')}`;
        await store.add(toSettings({ feedUrl: `https://${id}.example/rss`, id }));
        for (let n = 0; n < 3; n++) await store.recordFailure(id, `HTTP 50${i % 10}`);
      }
    } finally {
      redis.disconnect();
    }
    const out = (await tidings('status')).out;
    const failing = out.slice(out.indexOf('Failing')).split('\n');
    expect(failing.slice(0, 3)).toEqual(['Failing (12, latest first):', '  feed-12: HTTP 502', '  feed-11: HTTP 501']);
    expect(failing[10]).toBe('  feed-03: HTTP 503');
    expect(failing[11]).toBe('  … and 2 more: tidings sources list --state failing');
    expect(JSON.parse((await tidings('status', '--json')).out).lastErrors).toHaveLength(12);
    expect(JSON.parse((await tidings('sources', 'list', '--state', 'failing', '--json')).out)).toHaveLength(12);
  });

  it("updates a source's settings, keeping its state, and refuses what is not a change", async () => {
    await tidings('sources', 'add', 'https://www.example.com/rss.xml', '--id', 'example', '--every', '10m');
    await tidings('sources', 'pause', 'example');
    const updated = await tidings(
      'sources',
      'update',
      'example',
      '--name',
      'Example',
      '--every',
      '30m',
      '--topics',
      '4000000',
    );
    expect(updated).toMatchObject({
      code: 0,
      out: 'Updated source example: name "Example", topics [4000000], every 30m.\n',
    });
    expect(JSON.parse((await tidings('sources', 'show', 'example', '--json')).out)).toMatchObject({
      name: 'Example',
      every: '30m',
      topics: [4000000],
      state: 'paused',
      feedUrl: 'https://www.example.com/rss.xml',
    });
    for (const [args, err] of [
      [['example'], 'nothing to change'],
      [['nope', '--name', 'x'], "no source with id 'nope'"],
      [['example', '--every', '9x'], "every: '9x' must be a duration"],
      [['example', '--feed-url', 'ftp://x.example/'], 'is not an absolute http(s) URL'],
      [['example', '--feed-url', 'https://a.example/', '--follow-move'], 'not both'],
    ] as const) {
      const run = await tidings('sources', 'update', ...args);
      expect(run.code, args.join(' ')).toBe(1);
      expect(run.err, args.join(' ')).toContain(err);
    }
  });

  it('refuses bad input with one clear line', async () => {
    for (const args of [
      ['sources', 'add', 'not a url'],
      ['sources', 'add', 'https://x.org/f', '--every', '5s'],
      ['sources', 'add', 'https://x.org/f', '--type', 'blog'],
      ['sources', 'add', 'https://x.org/f', '--id', 'Bad Slug'],
      ['sources', 'show', 'nope'],
    ]) {
      const res = await tidings(...args);
      expect(res.code, args.join(' ')).not.toBe(0);
      expect(res.err.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
  });

  it('warns of default topics that are no IPTC topic (a mistyped id), in add, update and sync', async () => {
    // 1500000 for sport (15000000): every article lost the topic without a word. The setting is kept as given.
    const added = await tidings('sources', 'add', 'https://x.org/f', '--id', 'x', '--topics', '4000000,1500000');
    expect(added.code).toBe(0);
    expect(added.err).toBe(
      'tidings: warning: topics: 1500000 is not an IPTC media topic id (GET /api/v2/topics/ lists them); the worker leaves it out of every article\n',
    );
    expect(JSON.parse((await tidings('sources', 'show', 'x', '--json')).out).topics).toEqual([4000000, 1500000]);
    const updated = await tidings('sources', 'update', 'x', '--topics', '99,15000000,7');
    expect(updated.err).toContain('topics: 99, 7 are not IPTC media topic ids');
    expect((await tidings('sources', 'update', 'x', '--topics', '15000000')).err).toBe('');
    const file = join(dir, 'topics.yaml');
    await writeFile(
      file,
      'sources:\n  - id: x\n    feedUrl: https://x.org/f\n  - id: y\n    feedUrl: https://y.org/f\n    topics: [1500000]\n',
    );
    const synced = await tidings('sources', 'sync', file);
    expect(synced.code).toBe(0);
    expect(synced.err).toBe(
      `tidings: warning: ${file}:4: topics: 1500000 is not an IPTC media topic id (GET /api/v2/topics/ lists them); the worker leaves it out of every article\n`,
    );
  });

  it('adds a feed on a private address with a warning naming ALLOW_PRIVATE_NETWORKS', async () => {
    const res = await tidings('sources', 'add', 'http://localhost:9/feed.xml');
    expect(res.code).toBe(0);
    expect(res.out).toMatch(/^Added source localhost/);
    expect(res.err).toMatch(/^tidings: warning: localhost \((127\.0\.0\.1|::1)\) is not a public address/);
    expect(res.err).toContain('ALLOW_PRIVATE_NETWORKS=true');
    const quiet = await tidings('sources', 'add', 'https://news.example.org/feed.xml');
    expect(quiet.err).toBe('');
  });

  it('warns when a second source reads a feed that a source reads already, in add and in sync', async () => {
    await tidings('sources', 'add', 'https://news.example.org/feed.xml', '--id', 'news');
    const twin = await tidings('sources', 'add', 'https://NEWS.example.org/feed.xml', '--id', 'news-again');
    expect(twin.code).toBe(0);
    expect(twin.err).toBe(
      "tidings: warning: sources 'news' and 'news-again' read the same feed https://news.example.org/feed.xml; it is fetched once for each, and its articles belong to whichever fetches them first\n",
    );
    const file = join(dir, 'twins.yaml');
    await writeFile(
      file,
      'sources:\n  - id: a\n    feedUrl: https://one.example/rss\n  - id: b\n    feedUrl: https://one.example/rss\n',
    );
    const synced = await tidings('sources', 'sync', file);
    expect(synced.out).toContain('2 added');
    expect(synced.err).toContain("sources 'a' and 'b' read the same feed https://one.example/rss");
  });

  it('syncs a YAML file as the whole source list, naming the line of a bad key', async () => {
    const file = join(dir, 'sources.yaml');
    await writeFile(
      file,
      'sources:\n  - id: one\n    feedUrl: https://one.example/rss\n    topics: [15000000]\n  - feedUrl: https://two.example/feed\n    paywalled: all\n',
    );
    expect((await tidings('sources', 'sync', file)).out).toContain('2 added');
    await writeFile(file, 'sources:\n  - id: one\n    feedUrl: https://one.example/rss\n    every: 30m\n');
    expect((await tidings('sources', 'sync', file, '--json')).out).toContain('"removed"');
    const list = JSON.parse((await tidings('sources', 'list', '--json')).out);
    expect(list.map((s: { id: string; state: string; every: string }) => [s.id, s.state, s.every])).toEqual([
      ['one', 'active', '30m'],
      ['two-example', 'removed', '10m'],
    ]);
    await writeFile(file, 'sources:\n  - id: one\n    feedUrl: https://one.example/rss\n    colour: blue\n');
    const bad = await tidings('sources', 'sync', file);
    expect(bad.code).toBe(1);
    expect(bad.err).toContain(`${file}:4: unknown key 'colour'`);
  });

  it('syncs thousands of new sources in seconds, whatever the DNS does, still warning of a private feed', async () => {
    const file = join(dir, 'many.yaml');
    const feeds = Array.from({ length: 3000 }, (_, i) => `  - feedUrl: https://news${i}.example.net/rss.xml`);
    await writeFile(file, ['sources:', '  - feedUrl: http://127.0.0.1:9/private.xml', ...feeds, ''].join('\n'));
    const started = Date.now();
    const res = await tidings('sources', 'sync', file);
    // One host name looked up after another, this took minutes (a resolver dropping a query: 5 s).
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(res.out).toContain('3001 added');
    expect(res.err).toMatch(/^tidings: warning: 127\.0\.0\.1 is not a public address/);
    // The same file again: nothing new, nothing looked up.
    const again = await tidings('sources', 'sync', file);
    expect(again.out).toContain('0 added, 3001 kept or updated');
    expect(again.err).toBe('');
  }, 60_000);
});

describe('tidings ingest', () => {
  let server: Server;
  let base: string;
  beforeEach(async () => {
    server = createServer((req, res) => {
      if (req.url === '/broken') return res.writeHead(404).end();
      if (req.url === '/old-home') return res.writeHead(301, { location: '/new-home' }).end();
      res
        .writeHead(200, { 'content-type': 'application/rss+xml' })
        .end(
          '<rss version="2.0"><channel><title>T</title><item><title>Hello</title><link>http://127.0.0.1/hello</link><pubDate>Sun, 22 Nov 2026 08:00:00 GMT</pubDate></item></channel></rss>',
        );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(() => {
    server.closeAllConnections();
    server.close();
  });

  it('refuses to wait within seconds, with a hint, when no worker is running (and queues nothing)', async () => {
    await tidings('sources', 'add', `${base}/feed.xml`, '--id', 'lonely');
    const started = Date.now();
    for (const args of [
      ['ingest', '--source', 'lonely', '--wait'],
      ['reindex', '--source', 'lonely', '--wait'],
    ]) {
      const res = await tidings(...args);
      expect(res.code, args.join(' ')).toBe(1);
      expect(res.err, args.join(' ')).toMatch(/^tidings: no worker is running to .*: start one \(npm run worker\)/);
    }
    expect(Date.now() - started).toBeLessThan(10_000);
    // Without --wait the jobs are queued for a worker to take later.
    expect((await tidings('ingest', '--source', 'lonely')).code).toBe(0);
  });

  it('gives up at --timeout, naming the fetches still pending, when the worker never finishes', async () => {
    await tidings('sources', 'add', `${base}/feed.xml`, '--id', 'slow');
    // A worker that takes the job and never ends it (as one that hangs, or was killed mid-fetch).
    const stuck = new Worker(QUEUES.fetchSource, () => new Promise(() => {}), {
      connection: createQueueConnection(REDIS_URL, 'worker'),
      prefix: bullPrefix(prefix),
    });
    try {
      const started = Date.now();
      const res = await tidings('ingest', '--source', 'slow', '--wait', '--timeout', '2s');
      expect(res.code).toBe(1);
      expect(res.err).toMatch(/^tidings: gave up waiting after 2 s; 1 fetch\(es\) still pending: slow/);
      expect(Date.now() - started).toBeLessThan(8_000);
      expect((await tidings('ingest', '--wait', '--timeout', 'soon')).err).toContain('expected a duration');
    } finally {
      await stuck.close(true);
    }
  });

  it('fetches now and waits, exiting 1 with the sources that failed', async () => {
    const redis = createRedis({ url: REDIS_URL });
    const index = new EmbeddedArticleIndex({ file: join(dir, 'articles.sqlite') });
    const fetcher = new Fetcher({
      timeoutMs: 5_000,
      maxBytes: 1_000_000,
      userAgent: 'T/1',
      allowPrivateNetworks: true,
    });
    const worker = await startWorker({
      redisUrl: REDIS_URL,
      prefix,
      index,
      sources: new SourceStore(redis, prefix),
      fetcher,
      work: new InProcessFeedWork(loadCatalog()),
      concurrency: 2,
      retentionDays: 400,
      syncEveryMs: 0,
    });
    try {
      await tidings('sources', 'add', `${base}/good`, '--id', 'good');
      const ok = await tidings('ingest', '--source', 'good', '--wait');
      expect(ok.code).toBe(0);
      expect(ok.out).toBe(
        'Tried 1 source(s): 1 fetched, 0 failed.\n' +
          '1 new and 0 updated article(s); the index holds 1 article(s) from the 1 fetched source(s).\n',
      );
      const again = await tidings('ingest', '--source', 'good', '--wait');
      expect(again.out).toBe(
        'Tried 1 source(s): 1 fetched, 0 failed (1 unchanged since their last fetch).\n' +
          '0 new and 0 updated article(s); the index holds 1 article(s) from the 1 fetched source(s).\n',
      );
      await tidings('sources', 'add', `${base}/broken`, '--id', 'broken');
      await tidings('sources', 'add', `${base}/good-too`, '--id', 'good-too');
      const all = await tidings('ingest', '--all', '--wait', '--json');
      expect(all.code).toBe(1);
      expect(JSON.parse(all.out)).toMatchObject({ tried: 3, fetched: 2, failed: [{ id: 'broken' }] });
      const one = await tidings('ingest', '--source', 'broken', '--wait');
      expect(one.code).toBe(1);
      expect(one.out).toMatch(/^Tried 1 source\(s\): 0 fetched, 1 failed\.\n/);
      expect(all.err).toContain('broken: HTTP 404');
      const show = JSON.parse((await tidings('sources', 'show', 'good', '--json')).out);
      expect(show).toMatchObject({ articleCount: 1, lastFetchedAt: expect.any(String) });
      const status = JSON.parse((await tidings('status', '--json')).out);
      expect(status.sources).toMatchObject({ active: 3 });
      // good three times, good-too, and broken twice (a 404 is not retried); the local host was
      // probed inside the first fetch, not by a job.
      expect(status.lastHour).toEqual({
        'fetch-source': { completed: 4, failed: 2 },
        'probe-host': { completed: 0, failed: 0 },
      });
      expect((await tidings('status')).out).toContain('Last hour: 4 fetches done, 2 failed; 0 host probe jobs done');
      // Why: the jobs that failed, newest first.
      expect(status.failedJobs).toEqual([
        {
          queue: 'fetch-source',
          subject: 'broken',
          error: expect.stringContaining('HTTP 404'),
          at: expect.any(String),
        },
        {
          queue: 'fetch-source',
          subject: 'broken',
          error: expect.stringContaining('HTTP 404'),
          at: expect.any(String),
        },
      ]);
      expect((await tidings('status')).out).toMatch(
        /\nFailed jobs in the last hour \(newest first\):\n {2}\d{4}-\d\d-\d\dT[\d:.]+Z fetch-source broken: HTTP 404/,
      );
      // What Redis keeps when it restarts, and what to change (the test Redis may keep nothing).
      expect(['aof', 'snapshots', 'none']).toContain(status.redis.persistence);
      expect((await tidings('status')).out).toMatch(/\nRedis: [a-z -]+, eviction [a-z-]+\n/);
      if (status.redis.persistence === 'none') {
        expect((await tidings('status')).out).toContain('\nWarning: Redis keeps nothing on disk');
      }
      expect((await tidings('ingest', '--all', '--source', 'good')).err).toContain('not both');
      // A feed that moved for good (301) is read where it went, and operators are told to update its URL.
      await tidings('sources', 'add', `${base}/old-home`, '--id', 'moved');
      expect((await tidings('ingest', '--source', 'moved', '--wait')).code).toBe(0);
      expect(JSON.parse((await tidings('sources', 'show', 'moved', '--json')).out).movedTo).toBe(`${base}/new-home`);
      expect(JSON.parse((await tidings('sources', 'show', 'good', '--json')).out).movedTo).toBeNull();
      expect((await tidings('sources', 'list')).out).toMatch(
        /^moved +active .* moved to http:\/\/127\.0\.0\.1:\d+\/new-home$/m,
      );
      expect((await tidings('status')).out).toContain(
        `\nFeeds moved for good (follow: tidings sources update <id> --follow-move):\n  moved → ${base}/new-home\n`,
      );
      expect(JSON.parse((await tidings('status', '--json')).out).moved).toEqual([
        { source: 'moved', movedTo: `${base}/new-home` },
      ]);
      // One command follows the move; the source keeps its state, history and articles.
      expect((await tidings('sources', 'update', 'good', '--follow-move')).err).toBe(
        'tidings: source good has not moved: its last fetch met no permanent redirect\n',
      );
      expect((await tidings('sources', 'update', 'moved', '--follow-move')).out).toBe(
        `Updated source moved: feedUrl "${base}/new-home".\n`,
      );
      const followed = JSON.parse((await tidings('sources', 'show', 'moved', '--json')).out);
      expect(followed).toMatchObject({ feedUrl: `${base}/new-home`, movedTo: null, state: 'active' });
      expect((await tidings('ingest', '--source', 'moved', '--wait')).code).toBe(0);
      expect(JSON.parse((await tidings('sources', 'show', 'moved', '--json')).out).movedTo).toBeNull();
      expect(JSON.parse((await tidings('status', '--json')).out).moved).toEqual([]);
    } finally {
      await worker.close();
      await fetcher.close();
      await index.close();
      redis.disconnect();
    }
  }, 30_000);
});
