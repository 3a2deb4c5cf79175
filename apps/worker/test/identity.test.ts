/** Item identity (CONTRACT §1.4): distinct items of one feed are never merged, and links resolve. */
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '@tidings/catalog/catalog';
import { newSource, toSettings } from '@tidings/store/sources';
import { feedLanguageOf, normalizeFeed } from '../src/feed/normalize.js';
import { parseFeed } from '../src/feed/parse-feed.js';

const catalog = loadCatalog();
const source = newSource(toSettings({ feedUrl: 'https://show.example/feed.xml', id: 'show' }));

async function read(items: string, channel = '<link>https://show.example/</link>') {
  const feed = await parseFeed(
    `<?xml version="1.0"?><rss version="2.0"><channel><title>T</title>${channel}${items}</channel></rss>`,
  );
  return normalizeFeed({
    feed,
    source,
    catalog,
    feedUrl: 'https://show.example/feed.xml',
    now: new Date('2026-11-22T12:00:00Z'),
    feedLanguage: await feedLanguageOf(feed, source),
  });
}

describe('item identity', () => {
  it('keeps podcast episodes that all link to the show home page apart, by their enclosures', async () => {
    const episodes = [1, 2, 3]
      .map(
        (n) =>
          `<item><title>Episode ${n}</title><link>https://show.example/</link><guid isPermaLink="false">ep-${n}</guid>` +
          `<enclosure url="https://cdn.show.example/ep${n}.mp3" type="audio/mpeg" length="1"/></item>`,
      )
      .join('');
    const articles = await read(episodes);
    expect(articles.map((a) => a.url)).toEqual([1, 2, 3].map((n) => `https://cdn.show.example/ep${n}.mp3`));
    expect(new Set(articles.map((a) => a.id)).size).toBe(3);
  });

  it('keeps posts linked by #fragment apart, fragment and all', async () => {
    const posts = ['a', 'b']
      .map((f) => `<item><title>Post ${f}</title><link>https://blog.example/2026/11/22#${f}</link></item>`)
      .join('');
    expect((await read(posts)).map((a) => a.url)).toEqual([
      'https://blog.example/2026/11/22#a',
      'https://blog.example/2026/11/22#b',
    ]);
  });

  it('resolves a relative permalink guid against the feed link, and still merges one item listed twice', async () => {
    const items =
      '<item><title>One</title><guid isPermaLink="true">/2026/one</guid></item>' +
      '<item><title>Two</title><link>https://show.example/two</link><guid>two</guid></item>' +
      '<item><title>Two</title><link>https://show.example/two</link><guid>two</guid></item>';
    expect((await read(items)).map((a) => a.url)).toEqual([
      'https://show.example/2026/one',
      'https://show.example/two',
    ]);
  });

  it('reads a date without a time zone as UTC', async () => {
    const [article] = await read(
      '<item><title>T</title><link>https://show.example/t</link><pubDate>2026-11-22T10:00:00</pubDate></item>',
    );
    expect(article!.publishedAt).toBe('2026-11-22T10:00:00Z');
  });
});

describe('meaning from the source', () => {
  it("reads the publisher's section in the item's URL", async () => {
    const [article] = await read(
      '<item><title>Settled at last</title><link>https://show.example/sport/1234-settled</link></item>',
    );
    expect(article!.topics.map((t) => t.id)).toContain(15000000);
  });
});

describe("a podcast's categories", () => {
  it("reads the channel's itunes:category groups in order, and keeps only the first few of a runaway list", async () => {
    const channel = (categories: string) =>
      `<?xml version="1.0"?><rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><channel><title>Show</title>${categories}<item><title>Episode 1</title><link>https://show.example/1</link></item></channel></rss>`;
    const feed = await parseFeed(
      channel(
        '<itunes:category text="Games &amp; Hobbies"><itunes:category text=" Video Games "/></itunes:category>' +
          '<itunes:category/><itunes:category text="Technology"/>',
      ),
    );
    expect(feed.podcastCategories).toEqual([['Games & Hobbies', 'Video Games'], ['Technology']]);
    const runaway = await parseFeed(
      channel(
        `<itunes:category text="${'x'.repeat(5_000)}">${'<itunes:category text="Sub"/>'.repeat(50)}</itunes:category>`.repeat(
          1_000,
        ),
      ),
    );
    expect(runaway.podcastCategories).toHaveLength(10);
    expect(runaway.podcastCategories[0]).toHaveLength(5);
    expect(runaway.podcastCategories[0]![0]).toHaveLength(100);
    expect(runaway.items).toHaveLength(1);
  });
});

describe('meaning by language', () => {
  it('reads nine languages through their dictionaries, and gives an article in another one topics from its categories only', async () => {
    const items =
      '<item><title>Café-Streit – Preise steigen um 5 €</title><link>https://show.example/a</link>' +
      '<description>Die „Kaffeepreise“ erreichen ein Rekordhoch.</description></item>' +
      '<item><title>Grève à Berlin</title><link>https://show.example/b</link><category>Sport</category></item>';
    const german = await read(items, '<link>https://show.example/</link><language>de-DE</language>');
    expect(german.map((a) => a.language)).toEqual(['de', 'de']);
    // German is read through its dictionary ("Preise" are prices); French "Grève" is not German.
    expect(german[0]!.topics.map((t) => t.name)).toEqual(['prices']);
    expect(german[1]!.topics.map((t) => t.id)).toEqual([15000000]);
    // A language without a dictionary: no guess on its words, its categories still count.
    const swedish = await read(items, '<link>https://show.example/</link><language>sv</language>');
    expect(swedish.map((a) => a.language)).toEqual(['sv', 'sv']);
    expect(swedish[0]!.topics).toEqual([]);
    expect(swedish[1]!.topics.map((t) => t.id)).toEqual([15000000]);
    // An item in English in a feed of another language is read: the item's own text is asked.
    const english =
      '<item><title>Carmaker launches a seven-seater SUV with a 3-litre engine in Bengaluru</title>' +
      '<link>https://show.example/article/english/74450</link>' +
      '<description>The car offers four-wheel drive, automatic transmission and safety features.</description></item>';
    const kannada = await read(english, '<link>https://show.example/</link><language>kn</language>');
    expect(kannada[0]!.language).toBe('kn');
    expect(kannada[0]!.topics).not.toEqual([]);
    // The same items in a feed that says it is English are read as English text.
    const declaredEnglish = await read(items, '<link>https://show.example/</link><language>en</language>');
    expect(declaredEnglish[0]!.topics).not.toEqual([]);
  });

  it("tells a new feed's language from a few short headlines, and reads them in it", async () => {
    const item = (title: string, n: number) =>
      `<item><title>${title}</title><link>https://show.example/${n}</link></item>`;
    // franc reads the first as French, the second as Danish, and each feed of one of them so.
    const english = await read(item('Prime minister announces snap election date in parliament', 1));
    expect(english.map((a) => a.language)).toEqual(['en']);
    expect(english[0]!.topics.map((t) => t.name)).toContain('election');
    const nurses = await read(item('Hospital nurses strike over pay and staffing levels', 2));
    expect(nurses.map((a) => a.language)).toEqual(['en']);
    expect(nurses[0]!.topics).not.toEqual([]);
    const german = await read(item('Bundestag beschließt neues Rentenpaket nach langer Debatte', 3));
    expect(german.map((a) => a.language)).toEqual(['de']);
    // Version numbers say nothing of a language: unknown, not a guess.
    const releases = await read([1, 2, 3].map((n) => item(`v3.9.${n}`, n)).join(''));
    expect(releases.map((a) => a.language)).toEqual([null, null, null]);
  });
});
