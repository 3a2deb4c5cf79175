/**
 * Feed reading fidelity on the corpus files that showed each defect (`npm run eval:feeds` compares
 * the whole corpus with feedparser): what a reader of the API would see in each case.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@tidings/catalog/catalog';
import type { Article } from '@tidings/core/article';
import { newSource, toSettings } from '@tidings/store/sources';
import { readFeed } from '../src/feed/feed-work.js';

const FEEDS = join(process.cwd(), '..', '..', '..', 'shared', 'data', 'feeds');
const catalog = loadCatalog();
const source = newSource(toSettings({ feedUrl: 'https://publisher.example/feed', id: 'fidelity' }));

async function articlesOf(file: string, contentType: string | null = null): Promise<Article[]> {
  const read = await readFeed(
    {
      body: new Uint8Array(readFileSync(join(FEEDS, file))),
      contentType,
      source,
      feedUrl: `https://publisher.example/${file.split('/').pop()}`,
      fetchedAt: Date.parse('2030-01-01T00:00:00Z'),
    },
    catalog,
  );
  if (!read.ok) throw new Error(read.error);
  return read.articles;
}

const byHeadline = (articles: Article[], start: string) => {
  const found = articles.find((a) => a.headline.startsWith(start));
  expect(found, start).toBeDefined();
  return found!;
};

describe('feed reading fidelity', () => {
  it('reads Atom under any prefix (a10:link) and keeps every item', async () => {
    const articles = await articlesOf('tricky/feedjira__a10.xml');
    expect(articles.map((a) => a.url).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `http://www.example.com/${n}`));
    expect(byHeadline(articles, 'Title 3').introduction).toBe('Dfescription 3'); // the file's own spelling
  });

  it('takes the introduction from media:description when nothing else has text (YouTube)', async () => {
    const articles = await articlesOf('real/feedjira__youtube_atom.xml');
    expect(articles).toHaveLength(15);
    expect(articles.every((a) => a.introduction.length > 0)).toBe(true);
    expect(byHeadline(articles, 'Project Fi: Innovating').introduction).toMatch(
      /^A behind-the-scenes look at Project Fi/,
    );
  });

  it('keeps the text of child elements, in order (Atom xhtml content)', async () => {
    const articles = await articlesOf('real/node-feedparser__intertwingly.atom');
    expect(byHeadline(articles, 'utf8mb4').introduction).toMatch(/^Jacques Distler: Remarkably, even after a decade/);
    const firefox = articles.find((a) => a.introduction.startsWith('Firefox 13 for developers'));
    expect(firefox?.introduction).toMatch(
      /^Firefox 13 for developers: Support for -moz-border-radius\* and -moz-box-shadow/,
    );
  });

  it('keeps the order of text around unescaped HTML in a description (reddit)', async () => {
    const articles = await articlesOf('real/rss-parser__reddit-atom.rss');
    const space = byHeadline(articles, 'The Difficulties in Space').introduction;
    // As a browser shows it: the source has no spaces around its links.
    expect(space).toBe('submitted bybenjaab123tospace [link][959 comments]');
    // Markup escaped inside markup is read as markup, not shown as tags.
    expect(articles.every((a) => !/<\/?(div|p|a)[\s>]|SC_OFF/.test(a.introduction))).toBe(true);
  });

  it('detects Latin-1 that is not declared, instead of showing replacement characters', async () => {
    for (const file of [
      'tricky/rss-parser__uolNoticias.rss',
      'tricky/miniflux__parser__testdata__no_encoding_ISO-8859-1.xml',
    ]) {
      const articles = await articlesOf(file);
      expect(articles.length, file).toBeGreaterThan(0);
      expect(JSON.stringify(articles), file).not.toContain('\uFFFD');
    }
    const uol = await articlesOf('tricky/rss-parser__uolNoticias.rss');
    expect(byHeadline(uol, 'Ibope: Bolsonaro').headline).toContain('simulações de 2º turno');
    const psy = await articlesOf('tricky/miniflux__parser__testdata__no_encoding_ISO-8859-1.xml');
    expect(psy.map((a) => a.headline)).toContain("La criminalité liée surtout à... l'ennui ?");
  });

  it('never merges distinct items that share a link: another link of the item tells them apart', async () => {
    const articles = await articlesOf('real/nnw__DaringFireball.atom');
    const mnml = articles.filter((a) => /mnml/i.test(a.headline));
    expect(mnml).toHaveLength(2);
    expect(new Set(mnml.map((a) => a.id)).size).toBe(2);
    expect(mnml.map((a) => a.url).sort()).toEqual([
      'https://daringfireball.net/feeds/sponsors/2017/06/mnml_a_macos_writing_app_for_m',
      'https://daringfireball.net/linked/2017/06/24/mnml',
    ]);
  });

  it('names an RSS 1.0 item by its rdf:about when it has no link', async () => {
    const articles = await articlesOf('tricky/feedparser__illformed__rdf_channel_empty_textinput.xml');
    expect(articles.map((a) => [a.url, a.headline])).toEqual([['http://example.com/1', 'crashes here']]);
  });

  it('decodes an entity left in a link (&amp; inside CDATA)', async () => {
    const [article] = await articlesOf(
      'tricky/feedvalidator__rss20__element-channel-item-guid__guid_duplicate_value_cdata.xml',
    );
    expect(article!.url).toBe('http://example.com/weblog.cgi?date=20060225&post=3');
  });

  it('takes the picture from the description or content when no media element names one', async () => {
    const heise = await articlesOf('real/rss-parser__heise.atom');
    expect(byHeadline(heise, 'Scrum Day 2016').imageUrl).toBe(
      'http://www.heise.de/scale/geometry/264/q80/imgs/18/1/7/4/0/0/6/3/header_scrumday_01-e4ef3375d4c003c4.jpeg',
    );
    // Relative, in HTML escaped in an Atom entry: the article page's address resolves it.
    const rsc = await articlesOf('real/nnw__russcox.atom');
    expect(byHeadline(rsc, 'Transparent Logs for Skeptical Clients').imageUrl).toBe(
      'http://research.swtch.com/tlog-16.png',
    );
    // Share buttons and ad trackers are no picture.
    const wapo = await articlesOf('real/node-feedparser__wapowellness.xml');
    expect(wapo.every((a) => a.imageUrl === null || !/pheedo/.test(a.imageUrl))).toBe(true);
    // The Guardian's media:content has neither type nor medium, and offers each picture in two widths.
    const guardian = await articlesOf('real/rss-parser__guardian.rss');
    expect(guardian.every((a) => a.imageUrl?.startsWith('https://i.guim.co.uk/') && a.imageUrl.includes('w=460'))).toBe(
      true,
    );
    // A media element still comes first (YouTube's thumbnails).
    const youtube = await articlesOf('real/feedjira__youtube_atom.xml');
    expect(youtube.every((a) => a.imageUrl?.startsWith('https://i') ?? false)).toBe(true);
  });

  it('keeps an episode that has no link of its own, named by its enclosure', async () => {
    const articles = await articlesOf('tricky/gofeed__rss__issue_36_enclosure_text.xml');
    expect(articles.map((a) => [a.url, a.type])).toEqual([['http://example.org/podcast.mp3', 'podcast']]);
  });

  it("resolves a relative link against the item's own xml:base", async () => {
    const articles = await articlesOf('tricky/node-feedparser__rss-with-item-scoped-html-base.xml');
    expect(articles.map((a) => a.url)).toEqual(['https://example.com/first/first', 'https://example.com/second']);
  });

  it('fails a document nested too deeply for good (not as a transient error), and stays quick on hostile DOCTYPEs', async () => {
    const deep = `${'<div>'.repeat(20_000)}x${'</div>'.repeat(20_000)}`;
    const body = `<rss><channel><item><title>a</title><link>https://x.example/a</link><description>${deep}</description></item></channel></rss>`;
    const read = await readFeed(
      { body: new TextEncoder().encode(body), contentType: null, source, feedUrl: 'https://x.example/f', fetchedAt: 0 },
      catalog,
    );
    expect(read).toEqual({ ok: false, error: 'elements are nested too deeply to read' });
    const started = performance.now();
    const doctypes = `${'<!DOCTYPE x ['.repeat(100_000)}<rss><channel><item><title>b</title><link>https://x.example/b</link></item></channel></rss>`;
    const hostile = await readFeed(
      {
        body: new TextEncoder().encode(doctypes),
        contentType: null,
        source,
        feedUrl: 'https://x.example/f',
        fetchedAt: 0,
      },
      catalog,
    );
    expect(hostile.ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
