/** The worker end to end: a real feed server, real Redis and BullMQ, the embedded index. */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { NO_FILTERS } from '@tidings/core/query';
import type { EmbeddedArticleIndex } from '@tidings/index/embedded';
import {
  createQueue,
  createQueueConnection,
  createQueueEvents,
  type FetchSourcePayload,
  type FetchSourceResult,
  QUEUES,
} from '@tidings/queue/queues';
import { ProbeCache } from '@tidings/store/probe-cache';
import { type SourceStore, toSettings } from '@tidings/store/sources';
import { loadCatalog } from '@tidings/catalog/catalog';
import { reclassify } from '../src/feed/feed-work.js';
import { type RunningWorker, syncSchedulers } from '../src/worker.js';
import { REDIS_URL, startHarness, type WorkerHarness } from './harness.js';

const here = fileURLToPath(new URL('.', import.meta.url));
let feedStatus = 200;
let feedBody = '';
let requests = 0;
/** Paths requested from the test server, in order. */
let paths: string[] = [];
let server: Server;
let base: string;
let harness: WorkerHarness;
let prefix: string;
let index: EmbeddedArticleIndex;
let sources: SourceStore;
let worker: RunningWorker;

const rss = (items: { title: string; link: string; date?: string; enclosure?: string }[]) =>
  `<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Example</title><link>https://example.com/</link>${items
    .map(
      (i) =>
        `<item><title>${i.title}</title><link>${i.link}</link>${i.date ? `<pubDate>${i.date}</pubDate>` : ''}${
          i.enclosure ? `<enclosure url="${i.enclosure}" type="audio/mpeg" length="1"/>` : ''
        }<description>&lt;p&gt;About ${i.title}&lt;/p&gt;</description></item>`,
    )
    .join('')}</channel></rss>`;

beforeEach(async () => {
  requests = 0;
  paths = [];
  feedStatus = 200;
  server = createServer((req, res) => {
    requests += 1;
    paths.push(req.url ?? '');
    if (req.url === '/busy') return res.writeHead(429, { 'retry-after': '120' }).end();
    if (req.url === '/old.xml') return res.writeHead(301, { location: '/feed.xml' }).end();
    if (req.url === '/article/paid') {
      return res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          '<html><script type="application/ld+json">{"@type":"NewsArticle","isAccessibleForFree":false}</script></html>',
        );
    }
    if (req.url?.startsWith('/article/'))
      return res.writeHead(200, { 'x-frame-options': 'SAMEORIGIN' }).end('<html></html>');
    if (feedStatus !== 200) return res.writeHead(feedStatus).end('nope');
    if (req.url === '/purged.xml') {
      // The operator purges the source while its fetch is under way: the record goes, then its articles.
      void sources
        .forget('purged')
        .then(() => index.removeBySource('purged'))
        .then(() => res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(feedBody));
      return;
    }
    if (req.headers['if-none-match'] === `"${feedBody.length}"`) return res.writeHead(304).end();
    res.writeHead(200, { 'content-type': 'application/rss+xml', etag: `"${feedBody.length}"` }).end(feedBody);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  harness = await startHarness();
  ({ prefix, index, sources, worker } = harness);
});

afterEach(async () => {
  await harness.stop();
  server.closeAllConnections();
  server.close();
});

async function fetchNow(sourceId: string): Promise<FetchSourceResult> {
  const events = createQueueEvents(QUEUES.fetchSource, REDIS_URL, prefix);
  await events.waitUntilReady();
  try {
    const job = await worker.fetchQueue.add('manual', { sourceId, manual: true }, { attempts: 1 });
    return (await job.waitUntilFinished(events, 15_000)) as FetchSourceResult;
  } finally {
    await events.close();
  }
}

async function headlines(): Promise<string[]> {
  return (await index.query({ filters: NO_FILTERS, limit: 100 })).articles.map((a) => a.headline);
}

describe('worker', () => {
  it('fetches, parses and indexes a source, then polls it conditionally', async () => {
    feedBody = rss([
      { title: 'First story', link: 'https://example.com/1?utm_source=rss', date: 'Sun, 22 Nov 2026 08:00:00 GMT' },
      {
        title: 'A podcast',
        link: 'https://example.com/2',
        date: 'Sun, 22 Nov 2026 09:00:00 GMT',
        enclosure: 'https://cdn.example.com/2.mp3',
      },
    ]);
    await sources.add(
      toSettings({ feedUrl: `${base}/feed.xml`, id: 'example', name: 'Example News', topics: [4000000] }),
    );
    expect(await fetchNow('example')).toMatchObject({ outcome: 'indexed', created: 2 });
    const page = await index.query({ filters: NO_FILTERS, limit: 10 });
    expect(page.articles.map((a) => [a.headline, a.type, a.url])).toEqual([
      ['A podcast', 'podcast', 'https://example.com/2'],
      ['First story', 'article', 'https://example.com/1'],
    ]);
    expect(page.articles[0]).toMatchObject({
      introduction: 'About A podcast',
      publishedAt: '2026-11-22T09:00:00Z',
      source: { id: 'example', name: 'Example News', domain: 'example.com' },
    });
    // The source's default topic first; the text classifier may add others ("podcast" is technology).
    expect(page.articles[0]!.topics[0]).toEqual({ id: 4000000, name: 'economy, business and finance' });
    expect(await fetchNow('example')).toMatchObject({ outcome: 'not-modified' });
    expect(await sources.get('example')).toMatchObject({
      state: 'active',
      consecutiveFailures: 0,
      etag: expect.any(String),
    });
  });

  it('keeps what the feed says about its site: its home page and its language', async () => {
    feedBody = rss([{ title: 'First story', link: 'https://example.com/1', date: 'Sun, 22 Nov 2026 08:00:00 GMT' }])
      .replace('<link>https://example.com/</link>', '<link>/front#top</link><language>en-GB</language>')
      .replace('<channel>', '<channel xml:base="https://www.example.com/news/">');
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'example', name: 'Example News' }));
    expect(await fetchNow('example')).toMatchObject({ outcome: 'indexed' });
    expect(await sources.get('example')).toMatchObject({
      siteUrl: 'https://www.example.com/front',
      siteDomain: 'example.com',
      siteLanguage: 'en',
    });
    // A feed not read again (304) keeps them; another feed URL forgets them until it is read.
    expect(await fetchNow('example')).toMatchObject({ outcome: 'not-modified' });
    expect(await sources.get('example')).toMatchObject({ siteUrl: 'https://www.example.com/front' });
    await sources.updateSettings(toSettings({ feedUrl: `${base}/other.xml`, id: 'example', name: 'Example News' }));
    expect(await sources.get('example')).toMatchObject({ siteUrl: null, siteDomain: null, siteLanguage: null });
  });

  it('reads a feed moved for good where it went, says so once, and forgets it with a new feed URL', async () => {
    feedBody = rss([{ title: 'First story', link: 'https://example.com/1', date: 'Sun, 22 Nov 2026 08:00:00 GMT' }]);
    await sources.add(toSettings({ feedUrl: `${base}/old.xml`, id: 'example', name: 'Example News' }));
    expect(await fetchNow('example')).toMatchObject({ outcome: 'indexed', created: 1, movedTo: `${base}/feed.xml` });
    expect(await sources.get('example')).toMatchObject({ movedTo: `${base}/feed.xml` });
    // Known already: not said again (the worker logs it as a warning when said); still recorded.
    const again = await fetchNow('example');
    expect(again).toMatchObject({ outcome: 'not-modified' });
    expect(again.movedTo).toBeUndefined();
    expect(await sources.get('example')).toMatchObject({ movedTo: `${base}/feed.xml` });
    await sources.updateSettings(toSettings({ feedUrl: `${base}/feed.xml`, id: 'example', name: 'Example News' }));
    expect(await sources.get('example')).toMatchObject({ movedTo: null });
    await fetchNow('example');
    expect(await sources.get('example')).toMatchObject({ movedTo: null });
  });

  it("reads a podcast's Apple Podcasts categories as every episode's topic, and keeps them for reindex", async () => {
    // A video-game podcast's episode blurb reads as sport ("Game of the Year", "Deliberations"); the
    // show's own category says what it is about.
    feedBody = rss([
      {
        title: 'Game of the Year 2018: Day One Deliberations',
        link: 'https://example.com/goty-1',
        date: 'Sun, 22 Nov 2026 08:00:00 GMT',
        enclosure: 'https://cdn.example.com/goty-1.mp3',
      },
      // An item of the feed that is no episode: the show's category says nothing of it.
      { title: 'Our new forum is open', link: 'https://example.com/forum', date: 'Sun, 22 Nov 2026 07:00:00 GMT' },
    ]).replace(
      '<rss version="2.0"><channel>',
      '<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel>' +
        '<itunes:category text="Games &amp; Hobbies"><itunes:category text="Video Games"/></itunes:category>' +
        '<itunes:category text="Society &amp; Culture"/>',
    );
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'pod', name: 'A Games Show' }));
    expect(await fetchNow('pod')).toMatchObject({ outcome: 'indexed', created: 2 });
    const [episode, post] = (await index.query({ filters: NO_FILTERS, limit: 10 })).articles;
    expect(episode!.type).toBe('podcast');
    expect(episode!.topics[0]).toEqual({ id: 20000548, name: 'video game' });
    expect(post!.type).toBe('article');
    expect(post!.topics).not.toContainEqual({ id: 20000548, name: 'video game' });
    const source = await sources.get('pod');
    expect(source).toMatchObject({ podcastCategories: [['Games & Hobbies', 'Video Games'], ['Society & Culture']] });
    // Re-classified as `tidings reindex` does, the show's category still counts.
    expect(reclassify(episode!, source!, loadCatalog()).topics[0]).toEqual({ id: 20000548, name: 'video game' });
  });

  it('skips items older than the retention period at ingest, and counts them', async () => {
    await harness.stop();
    harness = await startHarness({ retentionDays: 400 });
    ({ prefix, index, sources, worker } = harness);
    const recent = new Date(Date.now() - 3_600_000).toUTCString();
    feedBody = rss([
      { title: 'Fresh story', link: 'https://example.com/fresh', date: recent },
      { title: 'A story from 2011', link: 'https://example.com/2011', date: 'Mon, 21 Nov 2011 08:00:00 GMT' },
    ]);
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'example' }));
    expect(await fetchNow('example')).toMatchObject({ outcome: 'indexed', created: 1, expired: 1 });
    expect(await headlines()).toEqual(['Fresh story']);
  });

  it('updates a changed item instead of duplicating it', async () => {
    feedBody = rss([{ title: 'Draft headline', link: 'https://example.com/1', date: 'Sun, 22 Nov 2026 08:00:00 GMT' }]);
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'example' }));
    await fetchNow('example');
    feedBody = rss([
      { title: 'Final headline', link: 'https://example.com/1#top', date: 'Sun, 22 Nov 2026 08:00:00 GMT' },
    ]);
    expect(await fetchNow('example')).toMatchObject({ created: 0, updated: 1 });
    expect(await headlines()).toEqual(['Final headline']);
  });

  it("gives a source's next fetch the readings of its last, and indexes the same articles with them", async () => {
    const remembered: (string | null | undefined)[] = [];
    const read = harness.work.read.bind(harness.work);
    harness.work.read = (input) => {
      remembered.push(input.remembered);
      return read(input);
    };
    const items = [
      {
        title: 'Apple to cut 600 jobs in Ireland',
        link: 'https://example.com/1',
        date: 'Sun, 22 Nov 2026 08:00:00 GMT',
      },
      { title: 'Storm closes schools in Cork', link: 'https://example.com/2', date: 'Sun, 22 Nov 2026 07:00:00 GMT' },
    ];
    feedBody = rss(items);
    // In English (detected, a feed's language may change with its items, and the readings with it).
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'example', language: 'en' }));
    await fetchNow('example');
    const first = (await index.query({ filters: NO_FILTERS, limit: 10 })).articles;
    feedBody = rss([
      {
        title: 'Microsoft opens a data centre in Dublin',
        link: 'https://example.com/3',
        date: 'Sun, 22 Nov 2026 09:00:00 GMT',
      },
      ...items,
    ]);
    expect(await fetchNow('example')).toMatchObject({ created: 1 });
    // The first fetch had no readings to give; the second had the first's, one for each of its items.
    expect(remembered[0]).toBe('');
    expect(remembered[1]!.split('\n')).toHaveLength(2);
    const now = (await index.query({ filters: NO_FILTERS, limit: 10 })).articles;
    expect(now.map((a) => a.headline)).toEqual([
      'Microsoft opens a data centre in Dublin',
      'Apple to cut 600 jobs in Ireland',
      'Storm closes schools in Cork',
    ]);
    for (const article of first) {
      const again = now.find((a) => a.id === article.id)!;
      expect([again.topics, again.companies]).toEqual([article.topics, article.companies]);
    }
    expect(now[0]!.companies.map((c) => c.name)).toEqual(['MICROSOFT CORP']);
  });

  it('leaves nothing behind of a fetch that was running when its source was purged', async () => {
    feedBody = rss([
      { title: 'Fetched during the purge', link: 'https://example.com/p', date: 'Sun, 22 Nov 2026 08:00:00 GMT' },
    ]);
    await sources.add(toSettings({ feedUrl: `${base}/purged.xml`, id: 'purged' }));
    expect(await fetchNow('purged')).toMatchObject({ outcome: 'skipped' });
    expect(await headlines()).toEqual([]);
    expect(await sources.get('purged')).toBeNull();
  });

  it('keeps a story with the source that had it first', async () => {
    feedBody = rss([
      { title: 'Shared story', link: 'https://example.com/shared', date: 'Sun, 22 Nov 2026 08:00:00 GMT' },
    ]);
    await sources.add(toSettings({ feedUrl: `${base}/a.xml`, id: 'first' }));
    await sources.add(toSettings({ feedUrl: `${base}/b.xml`, id: 'second' }));
    await fetchNow('first');
    await fetchNow('second');
    const page = await index.query({ filters: NO_FILTERS, limit: 10 });
    expect(page.articles).toHaveLength(1);
    expect(page.articles[0]!.source.id).toBe('first');
  });

  it('marks a source failing after three failed fetches, keeps the error, and recovers', async () => {
    feedStatus = 500;
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'flaky' }));
    for (let i = 0; i < 3; i++) await expect(fetchNow('flaky')).rejects.toThrow(/HTTP 500/);
    expect(await sources.get('flaky')).toMatchObject({
      state: 'failing',
      consecutiveFailures: 3,
      lastError: expect.stringContaining('500'),
    });
    feedStatus = 200;
    feedBody = rss([{ title: 'Back', link: 'https://example.com/back' }]);
    expect(await fetchNow('flaky')).toMatchObject({ outcome: 'indexed' });
    expect(await sources.get('flaky')).toMatchObject({ state: 'active', consecutiveFailures: 0 });
  });

  it('fails a source that is not a feed with a clear error, and goes on', async () => {
    feedBody = '<html><body>Hello</body></html>';
    await sources.add(toSettings({ feedUrl: `${base}/page.html`, id: 'page' }));
    await expect(fetchNow('page')).rejects.toThrow(/not a readable feed/);
    expect((await sources.get('page'))?.lastError).toMatch(/not a readable feed/);
  });

  it('names the feed a web page announces when the page was given instead of its feed', async () => {
    feedBody =
      '<!doctype html><html><head><title>Example News</title><link rel="stylesheet" href="/s.css">' +
      '<link rel="alternate" type="application/rss+xml" title="Top stories" href="/rss/top.xml">' +
      '</head><body><h1>Example News</h1></body></html>';
    await sources.add(toSettings({ feedUrl: `${base}/home`, id: 'home' }));
    await expect(fetchNow('home')).rejects.toThrow(/not a readable feed/);
    expect((await sources.get('home'))?.lastError).toMatch(
      new RegExp(`not a readable feed: .* — a web page whose feed is ${base}/rss/top.xml$`),
    );
  });

  it('backs off a whole host after 429 with Retry-After', async () => {
    feedBody = rss([{ title: 'x', link: 'https://example.com/x' }]);
    await sources.add(toSettings({ feedUrl: `${base}/busy`, id: 'busy' }));
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'neighbour' }));
    await expect(fetchNow('busy')).rejects.toThrow(/HTTP 429/);
    const busy = await sources.get('busy');
    expect(Date.parse(busy!.notBefore!) - Date.now()).toBeGreaterThan(100_000);
    const seen = requests;
    const events = createQueueEvents(QUEUES.fetchSource, REDIS_URL, prefix);
    await events.waitUntilReady();
    const job = await worker.fetchQueue.add('scheduled', { sourceId: 'neighbour' });
    expect(await job.waitUntilFinished(events, 10_000)).toMatchObject({ outcome: 'skipped' });
    await events.close();
    expect(requests).toBe(seen);
  });

  it('adapts the poll interval to the feed and keeps it with the source', async () => {
    feedBody = `<rss version="2.0"><channel><title>T</title><ttl>45</ttl>${[0, 1, 2, 3]
      .map(
        (i) =>
          `<item><title>t${i}</title><link>https://example.com/${i}</link><pubDate>${new Date(Date.UTC(2026, 10, 22, 10) - i * 60_000).toUTCString()}</pubDate></item>`,
      )
      .join('')}</channel></rss>`;
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'rhythm' }));
    await fetchNow('rhythm');
    const pollMs = (await sources.get('rhythm'))!.pollMs!;
    expect(pollMs).toBeGreaterThanOrEqual(45 * 60_000 * 0.9);
    expect(pollMs).toBeLessThan(45 * 60_000 * 1.1);
  });

  it('probes a new host inside its first fetch, so that its first articles arrive with their flags', async () => {
    feedBody = rss([{ title: 'Local', link: `${base}/article/1`, date: 'Sun, 22 Nov 2026 08:00:00 GMT' }]);
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'local' }));
    await fetchNow('local');
    // Nothing answers https on 127.0.0.1:443, and SAMEORIGIN forbids third-party framing.
    const [article] = (await index.query({ filters: NO_FILTERS, limit: 1 })).articles;
    expect(article!.source).toMatchObject({ domain: '127.0.0.1', https: false, iframeable: false });
    expect(paths.filter((p) => p === '/article/1')).toHaveLength(1);
    expect(await worker.probeQueue.count()).toBe(0);
    // A later article of the same host starts with the known flags, and the host is not probed again.
    feedBody = rss([
      { title: 'Local', link: `${base}/article/1`, date: 'Sun, 22 Nov 2026 08:00:00 GMT' },
      { title: 'Local 2', link: `${base}/article/2`, date: 'Sun, 22 Nov 2026 09:00:00 GMT' },
    ]);
    await fetchNow('local');
    const newest = (await index.query({ filters: NO_FILTERS, limit: 1 })).articles[0]!;
    expect(newest).toMatchObject({ headline: 'Local 2', source: { https: false, iframeable: false } });
    expect(paths.filter((p) => p.startsWith('/article/'))).toEqual(['/article/1']);
    expect(await worker.probeQueue.count()).toBe(0);
  });

  it('refreshes a day-old probe with a queued job, the known flags standing meanwhile', async () => {
    const cache = new ProbeCache(harness.redis, prefix);
    const dayOld = new Date(Date.now() - 25 * 3_600_000).toISOString();
    await cache.set({ domain: '127.0.0.1', https: true, iframeable: true, httpsDetail: 'old', probedAt: dayOld });
    feedBody = rss([{ title: 'Known', link: `${base}/article/1`, date: 'Sun, 22 Nov 2026 08:00:00 GMT' }]);
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'known' }));
    const events = createQueueEvents(QUEUES.probeHost, REDIS_URL, prefix);
    await events.waitUntilReady();
    await fetchNow('known');
    const [job] = await worker.probeQueue.getJobs(['waiting', 'active', 'completed']);
    expect(job?.data).toMatchObject({ domain: '127.0.0.1', articleUrl: `${base}/article/1` });
    if (!(await job!.isCompleted())) await job!.waitUntilFinished(events, 10_000);
    await events.close();
    const [article] = (await index.query({ filters: NO_FILTERS, limit: 1 })).articles;
    expect(article!.source).toMatchObject({ https: false, iframeable: false });
    expect((await cache.get('127.0.0.1'))?.probedAt).not.toBe(dayOld);
  });

  it('keeps one scheduler per active source in step with the registry, writing only what changed', async () => {
    // A queue no worker takes jobs from: nothing runs (and adapts intervals) while it is checked.
    const connection = createQueueConnection(REDIS_URL, 'producer');
    const queue = createQueue<FetchSourcePayload>('scheduler-sync', connection, prefix);
    try {
      await sources.add(toSettings({ feedUrl: `${base}/a.xml`, id: 'a', every: '10m' }));
      await sources.add(toSettings({ feedUrl: `${base}/b.xml`, id: 'b', every: '1h' }));
      const everyOf = async () => Object.fromEntries((await queue.getJobSchedulers()).map((s) => [s.key, s.every]));
      expect(await syncSchedulers(queue, sources)).toBe(2);
      expect(await everyOf()).toEqual({ 'source:a': 600_000, 'source:b': 3_600_000 });
      // Nothing changed: the sync only reads (no script runs on the queue's connection). The commands are
      // read off that connection itself: a Redis MONITOR here also saw every other test process's commands,
      // and ioredis now and then took one of those for a reply ("Command queue state error").
      const client = (await queue.client) as unknown as Redis;
      const sent: string[] = [];
      const send = client.sendCommand.bind(client);
      client.sendCommand = (command, stream) => {
        sent.push(command.name);
        return send(command, stream);
      };
      await syncSchedulers(queue, sources);
      client.sendCommand = send;
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.filter((name) => /^eval/i.test(name))).toEqual([]);
      await sources.updateSettings(toSettings({ feedUrl: `${base}/a.xml`, id: 'a', every: '30m' }));
      await sources.setState('b', 'paused');
      expect(await syncSchedulers(queue, sources)).toBe(1);
      expect(await everyOf()).toEqual({ 'source:a': 1_800_000 });
    } finally {
      await queue.obliterate({ force: true });
      await queue.close();
      connection.disconnect();
    }
  });

  it('detects paywalls from schema.org markup when the source asks for it', async () => {
    feedBody = rss([
      { title: 'Paid', link: `${base}/article/paid`, date: 'Sun, 22 Nov 2026 09:00:00 GMT' },
      { title: 'Free', link: `${base}/article/free`, date: 'Sun, 22 Nov 2026 08:00:00 GMT' },
    ]);
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'detect', paywalled: 'detect' }));
    await fetchNow('detect');
    const page = await index.query({ filters: NO_FILTERS, limit: 10 });
    expect(page.articles.map((a) => [a.headline, a.paywalled])).toEqual([
      ['Paid', true],
      ['Free', false],
    ]);
  });

  it('skips paused sources on schedule', async () => {
    feedBody = rss([{ title: 'x', link: 'https://example.com/x' }]);
    await sources.add(toSettings({ feedUrl: `${base}/feed.xml`, id: 'paused' }));
    await sources.setState('paused', 'paused');
    const events = createQueueEvents(QUEUES.fetchSource, REDIS_URL, prefix);
    await events.waitUntilReady();
    const job = await worker.fetchQueue.add('scheduled', { sourceId: 'paused' });
    expect(await job.waitUntilFinished(events, 10_000)).toMatchObject({ outcome: 'skipped' });
    await events.close();
    expect(requests).toBe(0);
  });

  it('starts, and syncs again later, when a scheduler sync never gets its answer from Redis', async () => {
    // A Redis reply lost as the connection dropped: ioredis can leave such a command pending for good.
    // Before, the worker's start waited on it for ever (and ignored SIGTERM meanwhile).
    let lists = 0;
    const hung = { list: () => (lists++, new Promise(() => {})) } as unknown as SourceStore;
    const lines: string[] = [];
    const file = join(tmpdir(), `tidings-worker-hung-${randomUUID()}.sqlite`);
    const { EmbeddedArticleIndex } = await import('@tidings/index/embedded');
    const { Fetcher } = await import('@tidings/fetch/fetcher');
    const { startWorker } = await import('../src/worker.js');
    const index = new EmbeddedArticleIndex({ file });
    const fetcher = new Fetcher({
      timeoutMs: 1000,
      maxBytes: 1000,
      userAgent: 'TidingsTest/1',
      allowPrivateNetworks: true,
    });
    const started = Date.now();
    const worker = await startWorker({
      redisUrl: REDIS_URL,
      prefix: `${prefix}hung:`,
      index,
      sources: hung,
      fetcher,
      work: {} as never,
      concurrency: 1,
      retentionDays: 1000,
      syncTimeoutMs: 300,
      syncEveryMs: 400,
      log: (event, details) => lines.push(`${event} ${JSON.stringify(details ?? {})}`),
    });
    try {
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(lines.some((line) => line.startsWith('scheduler sync failed') && line.includes('no answer'))).toBe(true);
      // The next syncs are tried (one at a time), not blocked behind the first.
      const until = Date.now() + 5_000;
      while (lists < 3 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(lists).toBeGreaterThanOrEqual(3);
    } finally {
      await worker.close();
      await fetcher.close();
      await index.close();
      await rm(file, { force: true });
    }
  }, 20_000);

  it('ends every Redis connection it opened when closed: a process that ran a worker exits by itself', async () => {
    // A separate Node process (the built package) that starts a worker and closes it with what it used.
    const file = join(tmpdir(), `tidings-worker-exit-${randomUUID()}.sqlite`);
    const script = `
      import { Fetcher } from '@tidings/fetch/fetcher';
      import { EmbeddedArticleIndex } from '@tidings/index/embedded';
      import { createRedis } from '@tidings/store/redis';
      import { SourceStore } from '@tidings/store/sources';
      import { startWorker } from '@tidings/worker/worker';
      const prefix = ${JSON.stringify(`${prefix}exit:`)};
      const redis = createRedis({ url: ${JSON.stringify(REDIS_URL)} });
      const index = new EmbeddedArticleIndex({ file: ${JSON.stringify(file)} });
      const fetcher = new Fetcher({ timeoutMs: 1000, maxBytes: 1000, userAgent: 'TidingsTest/1', allowPrivateNetworks: true });
      const worker = await startWorker({
        redisUrl: ${JSON.stringify(REDIS_URL)}, prefix, index, sources: new SourceStore(redis, prefix), fetcher,
        work: {}, concurrency: 1, retentionDays: 1000, syncEveryMs: 0,
      });
      await worker.close();
      await fetcher.close();
      await index.close();
      redis.disconnect();`;
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { cwd: here, stdio: 'inherit' });
    const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    clearTimeout(killer);
    await rm(file, { force: true });
    expect({ code, signal }).toEqual({ code: 0, signal: null });
  }, 30_000);
});
