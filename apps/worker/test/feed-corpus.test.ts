/**
 * The shared feed corpus through the real HTTP path (a local server, the Fetcher), the parser and the
 * normaliser: every real feed item with a link becomes an article; every tricky feed either parses or
 * fails with a FeedParseError, never anything else.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalog } from '@tidings/catalog/catalog';
import { Fetcher } from '@tidings/fetch/fetcher';
import { newSource, toSettings } from '@tidings/store/sources';
import { feedLanguageOf, normalizeFeed, normalizeItem, parseFeedDate } from '../src/feed/normalize.js';
import { FeedParseError, type ParsedItem, parseFeed } from '../src/feed/parse-feed.js';

const FEEDS = join(process.cwd(), '..', '..', '..', 'shared', 'data', 'feeds');
let server: Server;
let base: string;
const fetcher = new Fetcher({
  timeoutMs: 10_000,
  maxBytes: 10 * 1024 * 1024,
  userAgent: 'TidingsTest/1',
  allowPrivateNetworks: true,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    try {
      const body = readFileSync(join(FEEDS, decodeURIComponent(req.url!.slice(1))));
      res.writeHead(200, { 'content-type': 'application/xml' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fetcher.close();
  server.close();
});

const source = newSource(toSettings({ feedUrl: 'https://publisher.example/feed', id: 'corpus' }));

async function ingest(path: string) {
  const res = await fetcher.fetch({ url: `${base}/${path}` });
  if (res.kind !== 'ok') throw new Error('unexpected 304');
  const feed = await parseFeed(res.text);
  const ctx = {
    feed,
    source,
    catalog: loadCatalog(),
    feedUrl: res.url,
    now: new Date('2026-11-22T12:00:00Z'),
    feedLanguage: await feedLanguageOf(feed, source),
  };
  return { feed, articles: normalizeFeed(ctx), ctx };
}

describe('real feeds', () => {
  const files = readdirSync(join(FEEDS, 'real'));
  it('has the 72 publisher feeds', () => expect(files.length).toBe(72));

  it.each(files)('%s: every item with a link becomes a readable article', async (file) => {
    const { feed, articles, ctx } = await ingest(`real/${file}`);
    const linked = feed.items.filter((i) => i.link || (i.guid && /^https?:/.test(i.guid)));
    expect(articles.length).toBeGreaterThanOrEqual(linked.length ? 1 : 0);
    // Distinct items are never merged (CONTRACT §1.4): items that share a link but have their own
    // fragment, URL guid or enclosure are articles of their own. (Items with none of these — two
    // DaringFireball entries with tag: guids and one link — have no URL that could tell them apart.)
    const own = (i: ParsedItem) =>
      (i.link?.includes('#') ? i.link : null) ??
      (/^https?:/.test(i.guid ?? '') ? i.guid : null) ??
      i.enclosures[0]?.url ??
      null;
    const keys = new Set(linked.map((i) => own(i) ?? `shared:${normalizeItem(i, ctx)?.url ?? ''}`));
    expect(articles.length, 'distinct items merged').toBeGreaterThanOrEqual(keys.size);
    for (const item of linked) {
      const article = normalizeItem(item, ctx);
      expect(article, `item "${item.title}" has a link but no article`).not.toBeNull();
      expect(article!.url).toMatch(/^https?:\/\//);
      expect(article!.headline.length).toBeGreaterThan(0);
      if (item.title) expect(article!.headline).not.toBe(article!.url);
      if (parseFeedDate(item.published)) expect(article!.publishedAt).not.toBe('2026-11-22T12:00:00Z');
      expect(JSON.stringify(article)).not.toContain('\uFFFD');
      expect(article!.introduction).not.toMatch(/<\/?(p|div|a|br|img|span)[\s>/]/i);
      expectCleanText(article!, `${item.description ?? ''} ${item.content ?? ''} ${item.title ?? ''}`);
    }
  });
});

/**
 * What a reader would notice in a headline or an introduction: an HTML entity left undecoded, a tag,
 * or a space before punctuation that the source text did not have.
 */
function expectCleanText(article: { headline: string; introduction: string }, source: string) {
  for (const text of [article.headline, article.introduction]) {
    expect(text, text).not.toMatch(/&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]{1,31});/i);
    // Real HTML elements (text such as "TwiML <stream>" or an IRC "<nick>" is the source's own).
    expect(text, text).not.toMatch(
      /<\/?(p|div|span|a|br|img|b|i|em|strong|ul|ol|li|h[1-6]|table|tr|td|figure|script|style)[\s>/]/i,
    );
    if (!/\s[.,;:!?]/.test(source.replace(/<[^>]*>/g, ''))) expect(text, text).not.toMatch(/\s[.,;:!?](\s|$)/);
  }
}

describe('tricky feeds', () => {
  const files = readdirSync(join(FEEDS, 'tricky'));
  it.each(files)('%s: parses or fails with a clear parse error', async (file) => {
    try {
      const { feed, articles } = await ingest(`tricky/${file}`);
      const source = feed.items.map((i) => `${i.description ?? ''} ${i.content ?? ''} ${i.title ?? ''}`).join(' ');
      for (const article of articles) {
        expect(article.headline.length).toBeGreaterThan(0);
        expectCleanText(article, source);
      }
    } catch (error) {
      expect(error).toBeInstanceOf(FeedParseError);
      expect((error as Error).message).toMatch(/^not a feed/);
    }
  });
});
