/**
 * The parser threads: they read feeds exactly as the in-process code does, and a feed that takes too
 * long or needs too much memory costs one fetch, never the pool.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCatalog } from '@tidings/catalog/catalog';
import { ArticleClassifier, classifierFor } from '@tidings/catalog/classify';
import { decodeArticles } from '@tidings/core/article';
import { type Source, toSettings } from '@tidings/store/sources';
// The built modules: the pool's threads load the compiled reading code next to it.
import { InProcessFeedWork, type ReadFeedInput } from '@tidings/worker/feed/feed-work';
import { FeedParserPool } from '@tidings/worker/feed/parser-pool';

const REAL = join(import.meta.dirname, '../../../../shared/data/feeds/real');
// Only the settings matter for reading.
const source = { ...toSettings({ feedUrl: 'https://news.example.com/feed', id: 'news' }), state: 'active' } as Source;
const input = (body: string | Buffer): ReadFeedInput => ({
  body: typeof body === 'string' ? Buffer.from(body) : body,
  contentType: null,
  source,
  feedUrl: 'https://news.example.com/feed',
  fetchedAt: Date.UTC(2026, 10, 22, 12),
});
/** The description of every item of `bigFeed` (one string, not one per item). */
const WORDS = 'word '.repeat(180);
/** An RSS feed of `items` items (about 1 KB each). */
const bigFeed = (items: number) =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><link>https://news.example.com/</link>${Array.from(
    { length: items },
    (_, i) =>
      `<item><title>Story ${i} on markets</title><link>https://news.example.com/s/${i}</link><description>${WORDS}</description></item>`,
  ).join('')}</channel></rss>`;
const SMALL = bigFeed(3);

let pool: FeedParserPool | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('FeedParserPool', () => {
  // 72 feeds read twice: 4.4 s on this host at its best, over vitest's default 5 s when it is slow.
  it(
    'reads every real feed exactly as the in-process reader does, and re-classifies the same',
    { timeout: 30_000 },
    async () => {
      pool = new FeedParserPool({ threads: 1 });
      const local = new InProcessFeedWork(loadCatalog());
      const files = readdirSync(REAL).filter((f) => !f.endsWith('.json'));
      expect(files.length).toBeGreaterThan(50);
      for (const file of files) {
        const body = readFileSync(join(REAL, file));
        expect(await pool.read(input(body)), file).toEqual(await local.read(input(body)));
      }
      const read = await local.read(input(readFileSync(join(REAL, files[0]!))));
      if (!read.ok) throw new Error(read.error);
      const articles = decodeArticles(read.articles);
      expect(articles.length).toBe(read.count);
      const changed = { ...source, topics: [15000000] };
      const batch = { articles, sources: { news: changed } };
      const again = await pool.reclassify(batch);
      expect(again).toEqual(await local.reclassify(batch));
      expect(again.some((a, i) => JSON.stringify(a.topics) !== JSON.stringify(articles[i]!.topics))).toBe(true);
    },
  );

  it(
    'fails a feed that takes longer than its time limit, and goes on reading others',
    { timeout: 120_000 },
    async () => {
      // The limit and the big feed follow this host's speed, measured on a warm thread under the default
      // limit (a fixed 3 s failed the warm-up reads themselves on a host at half speed). Room in the
      // heap, so that the limit stops the big feed before memory does on a fast host.
      pool = new FeedParserPool({ threads: 1, maxHeapMiB: 1_024 });
      await pool.ready();
      expect(await pool.read(input(bigFeed(4_000)))).toMatchObject({ ok: true });
      const started = performance.now();
      expect(await pool.read(input(bigFeed(4_000)))).toMatchObject({ ok: true });
      const feedMs = performance.now() - started;
      await pool.close();
      // At least 3 s, and three warm feeds' time: the small feed after it, on a new thread, must fit in
      // the limit on a slow, busy host too.
      const seconds = Math.max(3, Math.ceil((3 * feedMs) / 1_000));
      pool = new FeedParserPool({ threads: 1, timeoutMs: seconds * 1_000, maxHeapMiB: 1_024 });
      await pool.ready();
      // What four times the limit would read on a warm thread (a new thread is slower still; this host's
      // speed drifts by 2× within minutes, and twice the limit was read within it when it sped up).
      const items = Math.min(200_000, Math.ceil((4 * seconds * 1_000 * 4_000) / feedMs));
      const read = await pool.read(input(bigFeed(items)));
      // Compared without the articles: a feed read after all is tens of megabytes, too big for a diff.
      expect(read.ok ? { ok: true, items: read.items } : read).toEqual({
        ok: false,
        error: `reading it took longer than ${seconds} s`,
      });
      await pool.ready(); // the stopped thread's replacement has loaded the catalog
      expect(await pool.read(input(SMALL))).toMatchObject({ ok: true, items: 3 });
    },
  );

  it('classifies only the new items of a feed read again with its last readings, and reads the same articles', async () => {
    const catalog = loadCatalog();
    const local = new InProcessFeedWork(catalog);
    const classifier = classifierFor(catalog);
    let reads = 0;
    const assign = classifier.topics.assign.bind(classifier.topics);
    classifier.topics.assign = (...args) => {
      reads++;
      return assign(...args);
    };
    try {
      const feed = (titles: string[]) =>
        `<?xml version="1.0"?><rss version="2.0"><channel><title>News</title><link>https://news.example.com/</link>${titles
          .map(
            (title) =>
              `<item><title>${title}</title><link>https://news.example.com/${encodeURIComponent(title)}</link><description>${title}, the desk reports.</description></item>`,
          )
          .join('')}</channel></rss>`;
      const titles = ['Apple to cut 600 jobs in Ireland', 'Storm closes schools in Cork', 'Central bank holds rates'];
      const first = await local.read({ ...input(feed(titles)), remembered: '' });
      if (!first.ok) throw new Error(first.error);
      expect(reads).toBe(3);
      // One story more on top: only it is classified.
      const body = feed(['Striking nurses march on parliament', ...titles]);
      reads = 0;
      const again = await local.read({ ...input(body), remembered: first.readings });
      expect(reads).toBe(1);
      expect(again.ok && again.readings!.split('\n')).toHaveLength(4);
      reads = 0;
      const fresh = await local.read(input(body));
      expect(reads).toBe(4);
      expect(again.ok && decodeArticles(again.articles)).toEqual(fresh.ok && decodeArticles(fresh.articles));
      // A parser thread reads with the same readings the same way.
      pool = new FeedParserPool({ threads: 1 });
      expect(await pool.read({ ...input(body), remembered: first.readings })).toEqual(again);
    } finally {
      classifier.topics.assign = assign;
    }
  });

  it('builds its classifier when a thread starts: the first feed is not slowed by it, nor its time limit spent', async () => {
    // The first feed of a new thread, at its quickest of three threads: on a busy host (other test
    // suites on both cores) one thread can be left waiting for a core longer than the whole build.
    let firstFeedMs = Infinity;
    for (let attempt = 0; attempt < 3; attempt++) {
      pool = new FeedParserPool({ threads: 1 });
      await pool.ready();
      const t0 = performance.now();
      expect(await pool.read(input(SMALL))).toMatchObject({ ok: true, items: 3 });
      firstFeedMs = Math.min(firstFeedMs, performance.now() - t0);
      await pool.close();
      pool = null;
    }
    // What building one takes here, with its models already loaded and its code compiled: less than in a
    // new thread, and still more than reading the thread's first feed.
    const catalog = loadCatalog();
    new ArticleClassifier(catalog);
    const t0 = performance.now();
    new ArticleClassifier(catalog);
    const buildMs = performance.now() - t0;
    expect(firstFeedMs).toBeLessThan(buildMs);
  });

  it('counts the time limit from when a thread starts on a feed, not while the feed waits its turn', async () => {
    // The limit follows this host's speed: four times what one feed takes, and ten feeds queued ahead
    // of a small one, so the small one waits far longer than the limit while no feed takes as long.
    // One feed's time is the least of three reads: the host's speed drifts, and a single slow read (3.3 s,
    // where the ten took 1.2 s each) once made the limit longer than the whole wait.
    pool = new FeedParserPool({ threads: 1 });
    await pool.ready();
    await pool.read(input(bigFeed(4_000)));
    let oneFeedMs = Infinity;
    let t0 = 0;
    for (let i = 0; i < 3; i++) {
      t0 = Date.now();
      await pool.read(input(bigFeed(4_000)));
      oneFeedMs = Math.min(oneFeedMs, Date.now() - t0);
    }
    await pool.close();
    const timeoutMs = Math.max(1_000, 4 * oneFeedMs);
    pool = new FeedParserPool({ threads: 1, timeoutMs });
    await pool.ready();
    t0 = Date.now();
    const reads = Array.from({ length: 10 }, () => pool!.read(input(bigFeed(4_000))));
    const last = pool.read(input(SMALL));
    for (const read of await Promise.all(reads)) expect(read).toMatchObject({ ok: true, items: 4_000 });
    expect(await last).toMatchObject({ ok: true, items: 3 });
    expect(Date.now() - t0).toBeGreaterThan(timeoutMs);
  }, 120_000);

  it('fails a feed that needs more memory than a thread may use, and goes on reading others', async () => {
    pool = new FeedParserPool({ threads: 1, maxHeapMiB: 48, timeoutMs: 60_000 });
    await pool.ready();
    expect(await pool.read(input(bigFeed(12_000)))).toEqual({
      ok: false,
      error: 'reading it needed more memory than one feed may use',
    });
    await pool.ready();
    expect(await pool.read(input(SMALL))).toMatchObject({ ok: true, items: 3 });
  });

  /** Runs `use` with an override file of `text`, removed afterwards. */
  async function withOverrides(text: string, use: (file: string) => Promise<void>): Promise<void> {
    const dir = await mkdtemp(join(tmpdir(), 'tidings-pool-'));
    try {
      const file = join(dir, 'overrides.yaml');
      await writeFile(file, text);
      await use(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  it("reads with the operator's catalog override file: its companies are found", async () => {
    await withOverrides(
      'companies:\n  - id: 990000001\n    name: Zorblax Widgets Ltd\n    aliases: [Zorblax]\n',
      async (file) => {
        pool = new FeedParserPool({ threads: 1, catalogOverrides: file });
        await pool.ready();
        const feed = `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title><link>https://news.example.com/</link><item><title>Zorblax Widgets Ltd shares rise after record quarter</title><link>https://news.example.com/business/zorblax</link><description>The company said sales of its widgets doubled.</description></item></channel></rss>`;
        const read = await pool.read(input(feed));
        if (!read.ok) throw new Error(read.error);
        expect(decodeArticles(read.articles)[0]!.companies).toContainEqual({
          id: 990000001,
          name: 'Zorblax Widgets Ltd',
        });
      },
    );
  });

  it('says plainly when the catalog override file is bad', async () => {
    await withOverrides('compnies: []\n', async (file) => {
      // Two threads: both fail to start, and neither failure may escape as an uncaught error.
      pool = new FeedParserPool({ threads: 2, catalogOverrides: file });
      await expect(pool.ready()).rejects.toThrow(/compnies/);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
  });
});
