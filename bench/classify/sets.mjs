// The articles bench:classify reads, as the worker classifies them: a feed's articles together
// (`classifyAll`), 50 at a time where they come from no feed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { syntheticArticle } from '../synthetic-news.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const shared = join(root, '../shared/data');
const BATCH = 50;
/** When the real feeds are read (their dates are read against it). */
const FETCHED_AT = Date.UTC(2026, 10, 22);

const batches = (items) => {
  const out = [];
  for (let at = 0; at < items.length; at += BATCH) out.push(items.slice(at, at + BATCH));
  return out;
};

/** What the worker gives `classifyAll` for an article it has read (the source's default topics aside). */
export const classifyInput = ({ headline, introduction, url, language }) => ({
  headline,
  introduction,
  url,
  language,
  defaultTopics: [],
});

/** The bodies of the feeds of ../shared/data/feeds/real (or `tricky`), by name (none when it is not there). */
export function realFeedBodies(kind = 'real') {
  const dir = join(shared, 'feeds', kind);
  return existsSync(dir)
    ? readdirSync(dir)
        .sort()
        .map((name) => readFileSync(join(dir, name)))
    : [];
}

/** The articles of each feed body that the worker's own reading code reads (feeds it cannot read left out). */
export async function readRealFeeds(catalog, bodies) {
  const { readFeed } = await import('../../apps/worker/dist/feed/feed-work.js');
  const { toSettings } = await import('@tidings/store/sources');
  const source = { ...toSettings({ feedUrl: 'https://x.example/feed', id: 'x' }), state: 'active' };
  const feeds = [];
  for (const body of bodies) {
    const input = { body: new Uint8Array(body), contentType: 'application/xml', source, fetchedAt: FETCHED_AT };
    const read = await readFeed({ ...input, feedUrl: 'https://x.example/feed' }, catalog);
    if (read.ok) feeds.push(read.articles);
  }
  return feeds;
}

export const SETS = {
  /** bench:ingest's synthetic items: 40 feeds × 50. */
  synthetic: async () =>
    Array.from({ length: 40 }, (_, f) =>
      Array.from({ length: BATCH }, (_, i) => ({ ...syntheticArticle(f, 1, i), defaultTopics: [] })),
    ),
  /** Every item of the 72 real feeds, read by the worker's own reading code. */
  real: async (catalog) => (await readRealFeeds(catalog, realFeedBodies())).map((feed) => feed.map(classifyInput)),
  /** The 2 000 newest of HuffPost's headlines and descriptions (another publisher's news, 2022). */
  huffpost: async () => {
    const file = join(shared, 'topics/huffpost/news_category_v3_newest_10k.jsonl');
    if (!existsSync(file)) return [];
    const rows = readFileSync(file, 'utf8').split('\n').filter(Boolean).slice(0, 2000);
    return batches(
      rows.map((line) => {
        const row = JSON.parse(line);
        return { headline: row.headline, introduction: row.short_description ?? '', url: row.link, defaultTopics: [] };
      }),
    );
  },
};

/** The classifier of the catalog package built in `dist` (none or '': the repository's own). */
export async function classifierIn(dist) {
  const at = (file) => pathToFileURL(join(dist || join(root, 'packages/catalog/dist'), file)).href;
  const { loadCatalog } = await import(at('catalog.js'));
  const { classifierFor } = await import(at('classify.js'));
  const { isEnglishText } = await import(at('language.js'));
  const catalog = loadCatalog();
  return { catalog, classifier: classifierFor(catalog), isEnglishText };
}

/** Classifies every feed of a set once. */
export function readAll(classifier, feeds) {
  for (const feed of feeds) classifier.classifyAll(feed);
}

/**
 * Each reader of `classifyAll` alone, over every article of a set in turn, as `classifyAll` runs them: the
 * topics (after the English check, asked once before), then the companies (given the topics read).
 */
export function readersApart({ classifier, isEnglishText }, feeds) {
  const articles = feeds.flat();
  const english = articles.map((article) => isEnglishText(article));
  const topics = articles.map((article, at) => classifier.topics.assign(article.defaultTopics, article, english[at]));
  return {
    topics: () =>
      articles.forEach((article, at) => classifier.topics.assign(article.defaultTopics, article, english[at])),
    companies: () =>
      articles.forEach(({ headline, introduction, url }, at) =>
        classifier.companies.match({ headline, introduction, url, topics: topics[at], english: english[at] }),
      ),
  };
}
