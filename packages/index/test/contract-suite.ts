/**
 * The `ArticleIndex` contract: one suite that every adapter must pass.
 * Call `describeArticleIndexContract()` from an adapter's test file with a factory of empty indexes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Article, encodeArticles } from '@tidings/core/article';
import { type FeedFilters, NO_FILTERS } from '@tidings/core/query';
import { parseSourcePrefix, type SourcePrefix } from '@tidings/core/source-prefix';
import { wordsOf } from '@tidings/core/text';
import type { ArticleIndex, IngestBatch } from '../src/port.js';
import { makeArticle } from './fixtures.js';

const prefix = (entry: string) => parseSourcePrefix(entry) as SourcePrefix;
const terms = (...values: string[]) => values.map((v) => ({ words: wordsOf(v) }));

export interface ContractOptions {
  /** Whether the adapter groups near-duplicate articles into stories (else every article is its own). */
  groupsStories?: boolean;
}

export function describeArticleIndexContract(
  name: string,
  create: () => Promise<ArticleIndex>,
  { groupsStories = true }: ContractOptions = {},
): void {
  describe(`ArticleIndex contract: ${name}`, () => {
    let index: ArticleIndex;
    beforeEach(async () => {
      index = await create();
      await index.init();
    });
    afterEach(async () => {
      await index.close();
    });

    async function headlines(filters: Partial<FeedFilters>, limit = 100): Promise<string[]> {
      const page = await index.query({ filters: { ...NO_FILTERS, ...filters }, limit, offset: 0 });
      return page.articles.map((a) => a.headline);
    }

    async function seed(articles: Article[]): Promise<void> {
      await index.upsert(articles);
    }

    it('orders by publishedAt descending, then id descending', async () => {
      const same = '2026-11-02T10:00:00Z';
      const arts = [
        makeArticle({ headline: 'old', publishedAt: '2026-10-01T00:00:00Z' }),
        makeArticle({ headline: 'same-a', publishedAt: same, id: 'aaaa' }),
        makeArticle({ headline: 'same-b', publishedAt: same, id: 'bbbb' }),
        makeArticle({ headline: 'new', publishedAt: '2026-11-03T00:00:00Z' }),
      ];
      await seed(arts);
      expect(await headlines({})).toEqual(['new', 'same-b', 'same-a', 'old']);
    });

    it('returns complete article objects with every field', async () => {
      const article = makeArticle({
        headline: 'Full',
        authors: ['Ann', 'Bob'],
        topics: [{ id: 4000000, name: 'economy, business and finance' }],
        companies: [{ id: 320193, name: 'Apple Inc.' }],
        imageUrl: 'https://img.example.com/a.jpg',
        source: { id: 's1', name: 'S1', domain: 'example.com', https: null, iframeable: false },
      });
      await seed([article]);
      const page = await index.query({ filters: NO_FILTERS, limit: 10 });
      expect(page.articles).toEqual([{ ...article, story: { id: article.id, size: 1 } }]);
      expect(page).toMatchObject({ total: 1, totalExact: true, hasMore: false });
    });

    it('re-upserting an id replaces the article instead of duplicating it', async () => {
      const first = makeArticle({ headline: 'First version', topics: [{ id: 1, name: 'one' }] });
      await seed([first]);
      await seed([{ ...first, headline: 'Second version', topics: [{ id: 2, name: 'two' }] }]);
      expect(await headlines({})).toEqual(['Second version']);
      expect(await headlines({ includeTopics: [1] })).toEqual([]);
      expect(await headlines({ includeTopics: [2] })).toEqual(['Second version']);
      expect(await headlines({ searchTerms: terms('first') })).toEqual([]);
    });

    it('keeps the last of several versions written in one batch, and searches only its text', async () => {
      const base = makeArticle({ headline: 'Alpha draft' });
      await seed([base, { ...base, headline: 'Beta draft' }, { ...base, headline: 'Gamma final' }]);
      expect(await headlines({})).toEqual(['Gamma final']);
      expect(await headlines({ searchTerms: terms('alpha') })).toEqual([]);
      expect(await headlines({ searchTerms: terms('beta') })).toEqual([]);
      expect(await headlines({ searchTerms: terms('gamma final') })).toEqual(['Gamma final']);
      await seed([{ ...base, headline: 'Delta again' }, makeArticle({ headline: 'Other final' })]);
      expect(await headlines({ searchTerms: terms('final') })).toEqual(['Other final']);
      expect(await headlines({ searchTerms: terms('delta') })).toEqual(['Delta again']);
    });

    it('filters by type (OR inside the list)', async () => {
      await seed([
        makeArticle({ headline: 'a', type: 'article' }),
        makeArticle({ headline: 'v', type: 'video' }),
        makeArticle({ headline: 'p', type: 'podcast' }),
      ]);
      expect((await headlines({ articleTypes: ['video', 'podcast'] })).sort()).toEqual(['p', 'v']);
    });

    it('filters by topic ids literally (descendants are expanded by the caller)', async () => {
      await seed([
        makeArticle({ headline: 't1', topics: [{ id: 1, name: 'x' }] }),
        makeArticle({
          headline: 't2',
          topics: [
            { id: 2, name: 'y' },
            { id: 3, name: 'z' },
          ],
        }),
        makeArticle({ headline: 'none' }),
      ]);
      expect((await headlines({ includeTopics: [1, 3] })).sort()).toEqual(['t1', 't2']);
      expect(await headlines({ includeTopics: [99] })).toEqual([]);
    });

    it('includes and excludes companies, exclusion winning', async () => {
      await seed([
        makeArticle({ headline: 'apple', companies: [{ id: 320193, name: 'Apple' }] }),
        makeArticle({
          headline: 'both',
          companies: [
            { id: 320193, name: 'Apple' },
            { id: 789019, name: 'MSFT' },
          ],
        }),
        makeArticle({ headline: 'none' }),
      ]);
      expect((await headlines({ includeCompanies: [320193] })).sort()).toEqual(['apple', 'both']);
      expect((await headlines({ excludeCompanies: [789019] })).sort()).toEqual(['apple', 'none']);
      expect(await headlines({ includeCompanies: [320193], excludeCompanies: [789019] })).toEqual(['apple']);
      expect(await headlines({ includeCompanies: [320193], excludeCompanies: [320193] })).toEqual([]);
    });

    it('drops articles under additionalSources: hosts, subdomains on label boundaries, path segments', async () => {
      await seed([
        makeArticle({ headline: 'root', url: 'https://example.com/a' }),
        makeArticle({ headline: 'www', url: 'https://www.example.com/b' }),
        makeArticle({ headline: 'sub', url: 'https://news.example.com/c' }),
        makeArticle({ headline: 'not', url: 'https://notexample.com/d' }),
        makeArticle({ headline: 'sport', url: 'https://other.org/Sport/x' }),
        makeArticle({ headline: 'sportindex', url: 'https://other.org/sport' }),
        makeArticle({ headline: 'sports', url: 'https://other.org/sports/y' }),
      ]);
      expect((await headlines({ additionalSources: [prefix('example.com')] })).sort()).toEqual([
        'not',
        'sport',
        'sportindex',
        'sports',
      ]);
      expect((await headlines({ additionalSources: [prefix('news.example.com')] })).sort()).toEqual([
        'not',
        'root',
        'sport',
        'sportindex',
        'sports',
        'www',
      ]);
      expect((await headlines({ additionalSources: [prefix('other.org/sport/')] })).sort()).toEqual([
        'not',
        'root',
        'sports',
        'sub',
        'www',
      ]);
      expect(
        (await headlines({ additionalSources: [prefix('https://www.example.com:443/'), prefix('other.org')] })).sort(),
      ).toEqual(['not']);
    });

    it('applies the paywall, registration, https and iframe flags (null counts as not true)', async () => {
      const source = (https: boolean | null, iframeable: boolean | null) => ({
        id: 's',
        name: 'S',
        domain: 'example.com',
        https,
        iframeable,
      });
      await seed([
        makeArticle({ headline: 'paid', paywalled: true }),
        makeArticle({ headline: 'reg', registrationRequired: true }),
        makeArticle({ headline: 'http', source: source(false, true) }),
        makeArticle({ headline: 'unprobed', source: source(null, null) }),
        makeArticle({ headline: 'noframe', source: source(true, false) }),
      ]);
      expect((await headlines({ includePaywalled: false })).sort()).toEqual(['http', 'noframe', 'reg', 'unprobed']);
      expect((await headlines({ includeRegistration: false })).sort()).toEqual(['http', 'noframe', 'paid', 'unprobed']);
      expect((await headlines({ excludeNonHttpsSources: true })).sort()).toEqual(['noframe', 'paid', 'reg']);
      expect((await headlines({ excludeNonIframeableSources: true })).sort()).toEqual(['http', 'paid', 'reg']);
    });

    it('searches whole words and phrases, case- and accent-insensitively, in headline or introduction', async () => {
      await seed([
        makeArticle({ headline: 'Climate change hits Zürich', introduction: 'Nothing else.' }),
        makeArticle({ headline: 'Change of climate', introduction: 'Politics.' }),
        makeArticle({ headline: 'Markets', introduction: 'The café-owners say rates rose.' }),
        makeArticle({ headline: 'Running shoes', introduction: 'A runner ran.' }),
        makeArticle({ headline: 'Split climate', introduction: 'change across fields' }),
      ]);
      expect(await headlines({ searchTerms: terms('climate change') })).toEqual(['Climate change hits Zürich']);
      expect(await headlines({ searchTerms: terms('ZURICH') })).toEqual(['Climate change hits Zürich']);
      expect(await headlines({ searchTerms: terms('cafe owners') })).toEqual(['Markets']);
      expect(await headlines({ searchTerms: terms('run') })).toEqual([]);
      expect(await headlines({ searchTerms: terms('clim') })).toEqual([]);
      expect((await headlines({ searchTerms: terms('politics', 'runner') })).sort()).toEqual([
        'Change of climate',
        'Running shoes',
      ]);
    });

    it('splits words at every sign (numbers with their symbols and decimals too) and writes out œ and æ', async () => {
      await seed([
        makeArticle({ headline: 'Deal worth $1.5 billion', introduction: 'Profit of €2.3bn reported.' }),
        makeArticle({ headline: 'Temperature falls to -5°C', introduction: 'Full-width ＡＢＣ letters.' }),
        makeArticle({ headline: 'Shares fell 4.7%', introduction: 'Unrelated: 1 billion 5.' }),
        makeArticle({ headline: 'Le cœur de la ville', introduction: 'Une œuvre.' }),
      ]);
      expect(await headlines({ searchTerms: terms('coeur de') })).toEqual(['Le cœur de la ville']);
      expect(await headlines({ searchTerms: terms('ŒUVRE') })).toEqual(['Le cœur de la ville']);
      expect(await headlines({ searchTerms: terms('1.5 billion') })).toEqual(['Deal worth $1.5 billion']);
      expect(await headlines({ searchTerms: terms('2 3bn') })).toEqual(['Deal worth $1.5 billion']);
      expect(await headlines({ searchTerms: terms('5 c') })).toEqual(['Temperature falls to -5°C']);
      expect(await headlines({ searchTerms: terms('abc letters') })).toEqual(['Temperature falls to -5°C']);
      expect(await headlines({ searchTerms: terms('4 7') })).toEqual(['Shares fell 4.7%']);
      expect(await headlines({ searchTerms: terms('5 billion') })).toEqual(['Deal worth $1.5 billion']);
    });

    it('finds a Chinese or Japanese term inside a sentence written without spaces', async () => {
      await seed([
        makeArticle({ headline: '南京长江大桥今日重新开放', introduction: '大桥修缮历时两年。' }),
        makeArticle({ headline: '東京で新しいビルが完成', introduction: '高さは二百メートル。' }),
        makeArticle({ headline: 'Apple发布新款iPhone', introduction: '售价不变。' }),
      ]);
      expect(await headlines({ searchTerms: terms('南京') })).toEqual(['南京长江大桥今日重新开放']);
      expect(await headlines({ searchTerms: terms('长江大桥') })).toEqual(['南京长江大桥今日重新开放']);
      expect(await headlines({ searchTerms: terms('大江') })).toEqual([]);
      // Another character, though a variant of one of the text's (長, traditional; 长, simplified).
      expect(await headlines({ searchTerms: terms('長江') })).toEqual([]);
      expect(await headlines({ searchTerms: terms('ビル') })).toEqual(['東京で新しいビルが完成']);
      expect(await headlines({ searchTerms: terms('ヒル') })).toEqual([]);
      expect(await headlines({ searchTerms: terms('iphone') })).toEqual(['Apple发布新款iPhone']);
      expect(await headlines({ searchTerms: terms('修缮') })).toEqual(['南京长江大桥今日重新开放']);
    });

    it('tells words apart by their vowel signs in Hindi, Bengali and Thai (marks that are letters)', async () => {
      await seed([
        makeArticle({ headline: 'भारत ने मैच जीता', introduction: 'कप्तान ने कहा।' }),
        makeArticle({ headline: 'भरत ने पुरस्कार जीता', introduction: 'समारोह दिल्ली में।' }),
        makeArticle({ headline: 'ข่าวไทยวันนี้', introduction: 'ฝนตกหนัก' }),
      ]);
      expect(await headlines({ searchTerms: terms('भारत') })).toEqual(['भारत ने मैच जीता']);
      expect(await headlines({ searchTerms: terms('भरत') })).toEqual(['भरत ने पुरस्कार जीता']);
      expect(await headlines({ searchTerms: terms('ฝนตกหนัก') })).toEqual(['ข่าวไทยวันนี้']);
      // Thai is written without spaces between words: a word is found inside the run.
      expect(await headlines({ searchTerms: terms('ไทย') })).toEqual(['ข่าวไทยวันนี้']);
      expect(await headlines({ searchTerms: terms('ฝนตก') })).toEqual(['ข่าวไทยวันนี้']);
    });

    it('reads every text by the same rules, whatever its language: whole words in Arabic, Urdu and German', async () => {
      await seed([
        makeArticle({ headline: 'السلام عليكم', introduction: 'كيف حالكم؟' }),
        makeArticle({
          headline: 'امریکہ اور پاکستان',
          introduction: 'دونوں ممالک الگ الگ اعداد و شمار بتاتے ہیں۔',
        }),
        makeArticle({ headline: 'Die Bundesregierung plant neue Gesetze', introduction: 'Der Bundestag berät.' }),
        // A word of 77 Cyrillic letters: 154 bytes of UTF-8, whose hex is longer than Meilisearch keeps a word.
        makeArticle({ headline: 'Слово', introduction: `Это ${'очень'.repeat(14)}длинное слово.` }),
      ]);
      // A word and a phrase taken from a text find it; a part of a word does not ("ال" is "the").
      expect(await headlines({ searchTerms: terms('السلام') })).toEqual(['السلام عليكم']);
      expect(await headlines({ searchTerms: terms('سلام') })).toEqual([]);
      expect(await headlines({ searchTerms: terms('الگ اعداد') })).toEqual(['امریکہ اور پاکستان']);
      expect(await headlines({ searchTerms: terms('الگ') })).toEqual(['امریکہ اور پاکستان']);
      expect(await headlines({ searchTerms: terms('Bundesregierung') })).toEqual([
        'Die Bundesregierung plant neue Gesetze',
      ]);
      expect(await headlines({ searchTerms: terms('regierung') })).toEqual([]);
      expect(await headlines({ searchTerms: terms(`${'ОЧЕНЬ'.repeat(14)}ДЛИННОЕ слово`) })).toEqual(['Слово']);
      expect(await headlines({ searchTerms: terms('bundestag berät', 'nothing') })).toEqual([
        'Die Bundesregierung plant neue Gesetze',
      ]);
    });

    it('filters by publishedAt bounds, inclusive', async () => {
      await seed([
        makeArticle({ headline: 'a', publishedAt: '2026-11-01T00:00:00Z' }),
        makeArticle({ headline: 'b', publishedAt: '2026-11-02T00:00:00Z' }),
        makeArticle({ headline: 'c', publishedAt: '2026-11-03T00:00:00Z' }),
      ]);
      const ms = (s: string) => Date.parse(s);
      expect(await headlines({ from: ms('2026-11-02T00:00:00Z') })).toEqual(['c', 'b']);
      expect(await headlines({ to: ms('2026-11-02T00:00:00Z') })).toEqual(['b', 'a']);
    });

    it('combines filters with AND', async () => {
      await seed([
        makeArticle({ headline: 'hit', type: 'video', topics: [{ id: 5, name: 't' }], paywalled: false }),
        makeArticle({ headline: 'paid', type: 'video', topics: [{ id: 5, name: 't' }], paywalled: true }),
        makeArticle({ headline: 'article', type: 'article', topics: [{ id: 5, name: 't' }] }),
      ]);
      expect(await headlines({ articleTypes: ['video'], includeTopics: [5], includePaywalled: false })).toEqual([
        'hit',
      ]);
    });

    it('pages by offset and by position with exact totals and hasMore', async () => {
      const arts = Array.from({ length: 25 }, (_, i) =>
        makeArticle({ headline: `n${i}`, publishedAt: new Date(Date.UTC(2026, 10, 1, 0, i)).toISOString() }),
      );
      await seed(arts);
      const first = await index.query({ filters: NO_FILTERS, limit: 10, offset: 0 });
      expect(first).toMatchObject({ total: 25, totalExact: true, hasMore: true });
      expect(first.articles.map((a) => a.headline)).toEqual(Array.from({ length: 10 }, (_, i) => `n${24 - i}`));
      const third = await index.query({ filters: NO_FILTERS, limit: 10, offset: 20 });
      expect(third.articles).toHaveLength(5);
      expect(third.hasMore).toBe(false);
      const last = first.articles[9]!;
      const next = await index.query({
        filters: NO_FILTERS,
        limit: 10,
        after: { key: Date.parse(last.publishedAt), id: last.id },
      });
      expect(next.articles.map((a) => a.headline)).toEqual(Array.from({ length: 10 }, (_, i) => `n${14 - i}`));
      expect(next.total).toBe(25);
    });

    it('gets articles by id in the order asked, skipping missing and non-matching ones', async () => {
      const [a, b, c] = [
        makeArticle({ headline: 'a' }),
        makeArticle({ headline: 'b', type: 'video' }),
        makeArticle({ headline: 'c' }),
      ];
      await seed([a, b, c]);
      expect((await index.getByIds([c.id, 'missing', a.id, b.id])).map((x) => x.headline)).toEqual(['c', 'a', 'b']);
      const videos = await index.getByIds([c.id, b.id], { ...NO_FILTERS, articleTypes: ['video'] });
      expect(videos.map((x) => x.headline)).toEqual(['b']);
    });

    it('removes by id, by source and by age', async () => {
      const other = { id: 'other', name: 'Other', domain: 'other.org', https: true, iframeable: true };
      const [a, b, c] = [
        makeArticle({ headline: 'a', publishedAt: '2020-01-01T00:00:00Z' }),
        makeArticle({ headline: 'b', source: other }),
        makeArticle({ headline: 'c' }),
      ];
      await seed([a, b, c]);
      expect(await index.removePublishedBefore(Date.parse('2021-01-01T00:00:00Z'))).toBe(1);
      expect(await index.removeBySource('other')).toBe(1);
      expect(await headlines({})).toEqual(['c']);
      expect(await index.remove([c.id])).toBe(1);
      expect(await headlines({ searchTerms: terms('headline') })).toEqual([]);
      expect((await index.stats()).articles).toBe(0);
    });

    it('scans every stored article once, in batches, of one source or all', async () => {
      const other = { id: 'other', name: 'Other', domain: 'other.example', https: null, iframeable: null };
      const articles = Array.from({ length: 7 }, (_, i) =>
        makeArticle({ headline: `scan ${i}`, ...(i % 3 === 0 ? { source: other } : {}) }),
      );
      await seed(articles);
      const collect = async (sourceId: string | null) => {
        const seen: string[] = [];
        for (let from: string | null = null, batches = 0; batches < 20; batches++) {
          const batch = await index.scan({ sourceId, from, limit: 2 });
          expect(batch.articles.length).toBeLessThanOrEqual(2);
          seen.push(...batch.articles.map((a) => a.headline));
          if (!batch.next) break;
          from = batch.next;
        }
        return seen.sort();
      };
      expect(await collect(null)).toEqual(articles.map((a) => a.headline).sort());
      expect(await collect('other')).toEqual(['scan 0', 'scan 3', 'scan 6']);
      expect(await collect('nobody')).toEqual([]);
    });

    it('updates the probe flags of every article of a host', async () => {
      const source = { id: 's', name: 'S', domain: 'example.com', https: null, iframeable: null };
      await seed([makeArticle({ headline: 'x', source }), makeArticle({ headline: 'y', source })]);
      // Read once before the probe (a loaded query engine holds the flags as they were: unknown).
      const before = await index.query({ filters: NO_FILTERS, limit: 10 });
      expect(before.articles.map((a) => [a.source.https, a.source.iframeable])).toEqual([
        [null, null],
        [null, null],
      ]);
      await index.setHostFlags('example.com', { https: true, iframeable: false });
      const page = await index.query({ filters: { ...NO_FILTERS, excludeNonHttpsSources: true }, limit: 10 });
      expect(page.articles.map((a) => [a.source.https, a.source.iframeable])).toEqual([
        [true, false],
        [true, false],
      ]);
      expect(await headlines({ excludeNonIframeableSources: true })).toEqual([]);
    });

    it('writes re-classification onto articles as stored now: later updates stay, removed ones stay removed', async () => {
      const source = { id: 's', name: 'Old name', domain: 'example.com', https: null, iframeable: null };
      const kept = makeArticle({ headline: 'First version', source, topics: [{ id: 15000000, name: 'sport' }] });
      const gone = makeArticle({ headline: 'Purged meanwhile', source });
      await seed([kept, gone]);
      // A re-index reads them…
      const scanned = await index.getByIds([kept.id, gone.id]);
      // …a fetch then updates one, a probe sets the host's flags, and the other is purged…
      await index.upsert([{ ...kept, headline: 'Second version' }]);
      await index.setHostFlags('example.com', { https: true });
      await index.remove([gone.id]);
      // …and the re-index writes what it computed from its (now stale) copies.
      const meaning = (a: Article): Article => ({
        ...a,
        topics: [{ id: 4000000, name: 'economy, business and finance' }],
        paywalled: true,
        source: { ...a.source, name: 'New name' },
      });
      expect(await index.reclassified(scanned.map(meaning))).toBe(1);
      const [after] = await index.getByIds([kept.id]);
      expect(after).toMatchObject({
        headline: 'Second version',
        topics: [{ id: 4000000, name: 'economy, business and finance' }],
        paywalled: true,
        source: { name: 'New name', https: true },
      });
      expect(await index.getByIds([gone.id])).toEqual([]);
      expect(await headlines({ includeTopics: [4000000] })).toEqual(['Second version']);
    });

    describe('ingest: one fetch of a source', () => {
      const fetched = (articles: Article[], extra: Partial<Omit<IngestBatch, 'articles'>> = {}): IngestBatch => ({
        sourceId: 'example',
        articles: encodeArticles(articles),
        hostFlags: {},
        ...extra,
      });
      // What was stored (the story, which the index derives, is asserted by the stories cases).
      const stored = async (...ids: string[]) =>
        (await index.getByIds(ids)).map(({ story: _story, ...article }) => article);

      it('adds new articles, rewrites only what changed, and counts both', async () => {
        const a = makeArticle({ headline: 'Rates rise' });
        const b = makeArticle({ headline: 'Storm ahead' });
        expect(await index.ingest(fetched([a, b]))).toEqual({ created: 2, updated: 0 });
        expect(await stored(a.id, b.id)).toEqual([a, b]);
        // The next fetch: the same items, one of them edited, both seen again later.
        const later = '2026-11-01T13:05:00Z';
        const edited = { ...a, headline: 'Rates rise again', indexedAt: later };
        expect(await index.ingest(fetched([edited, { ...b, indexedAt: later }]))).toEqual({ created: 0, updated: 1 });
        expect(await stored(a.id, b.id)).toEqual([{ ...edited, indexedAt: a.indexedAt }, b]);
        expect(await headlines({ searchTerms: terms('again') })).toEqual(['Rates rise again']);
        expect(await index.ingest(fetched([edited, b]))).toEqual({ created: 0, updated: 0 });
      });

      it('keeps the first date of an undated item, and leaves a story another source had first', async () => {
        const undated = makeArticle({ publishedAt: '2026-11-01T12:05:00Z', indexedAt: '2026-11-01T12:05:00Z' });
        const theirs = makeArticle({ headline: 'Theirs', source: { ...undated.source, id: 'other' } });
        await index.ingest(fetched([undated]));
        await index.ingest({ ...fetched([theirs]), sourceId: 'other' });
        const refetched = { ...undated, publishedAt: '2026-11-02T08:00:00Z', indexedAt: '2026-11-02T08:00:00Z' };
        const ours = { ...theirs, headline: 'Ours', source: undated.source };
        expect(await index.ingest(fetched([refetched, ours]))).toEqual({ created: 0, updated: 0 });
        expect(await stored(undated.id, theirs.id)).toEqual([undated, theirs]);
      });

      it('counts an item listed twice in one feed once, the later version winning', async () => {
        const a = makeArticle({ headline: 'First take' });
        expect(await index.ingest(fetched([a, { ...a, headline: 'Second take' }]))).toEqual({ created: 1, updated: 0 });
        expect((await stored(a.id)).map((x) => x.headline)).toEqual(['Second take']);
      });

      it('gives new articles the probe flags of the batch; stored ones keep theirs', async () => {
        const source = { id: 'example', name: 'Example', domain: 'example.com', https: null, iframeable: null };
        const a = makeArticle({ source });
        const b = makeArticle({ source: { ...source, domain: 'cdn.example.net' } });
        const flags = { 'example.com': { https: true, iframeable: false } };
        expect(await index.ingest(fetched([a, b], { hostFlags: flags }))).toEqual({ created: 2, updated: 0 });
        expect((await stored(a.id, b.id)).map((x) => [x.source.https, x.source.iframeable])).toEqual([
          [true, false],
          [null, null],
        ]);
        // A probe finished meanwhile: it updates the stored articles; a fetch that still carries the
        // older flags, or none, does not undo that.
        await index.setHostFlags('example.com', { https: true, iframeable: true });
        expect(await index.ingest(fetched([a, b], { hostFlags: flags }))).toEqual({ created: 0, updated: 0 });
        expect((await stored(a.id, b.id)).map((x) => [x.source.https, x.source.iframeable])).toEqual([
          [true, true],
          [null, null],
        ]);
      });

      it('takes paywalls found on article pages, and keeps those found before', async () => {
        const a = makeArticle();
        const b = makeArticle();
        expect(await index.ingest(fetched([a, b], { paywalled: { [a.id]: true } }))).toEqual({
          created: 2,
          updated: 0,
        });
        // The pages of stored articles are not read again: what was found stands.
        expect(await index.ingest(fetched([a, b], { paywalled: {} }))).toEqual({ created: 0, updated: 0 });
        expect((await stored(a.id, b.id)).map((x) => x.paywalled)).toEqual([true, false]);
        // Without detection the source's setting (carried by the articles) decides.
        expect(await index.ingest(fetched([a, b]))).toEqual({ created: 0, updated: 1 });
        expect((await stored(a.id)).map((x) => x.paywalled)).toEqual([false]);
      });
    });

    it('counts articles per source', async () => {
      const other = { id: 'other', name: 'Other', domain: 'other.org', https: true, iframeable: true };
      await seed([makeArticle(), makeArticle(), makeArticle({ source: other })]);
      expect(Object.fromEntries(await index.sourceCounts())).toEqual({ example: 2, other: 1 });
    });

    it('reports stats', async () => {
      await seed([
        makeArticle({ publishedAt: '2026-01-01T00:00:00Z' }),
        makeArticle({ publishedAt: '2026-02-01T00:00:00Z' }),
      ]);
      expect(await index.stats()).toEqual({
        articles: 2,
        sources: 1,
        newestPublishedAt: '2026-02-01T00:00:00Z',
        oldestPublishedAt: '2026-01-01T00:00:00Z',
      });
    });

    it('filters by languages (an article of unknown language matches none) and by source ids', async () => {
      await seed([
        makeArticle({ headline: 'en-a', language: 'en', source: { ...makeArticle().source, id: 'alpha' } }),
        makeArticle({ headline: 'de-b', language: 'de', source: { ...makeArticle().source, id: 'beta' } }),
        makeArticle({ headline: 'none-a', language: null, source: { ...makeArticle().source, id: 'alpha' } }),
      ]);
      expect((await headlines({ languages: ['en', 'fr'] })).sort()).toEqual(['en-a']);
      expect((await headlines({ languages: ['de', 'en'] })).sort()).toEqual(['de-b', 'en-a']);
      expect((await headlines({ includeSources: ['alpha'] })).sort()).toEqual(['en-a', 'none-a']);
      expect(await headlines({ includeSources: ['gamma'] })).toEqual([]);
      expect(await headlines({ includeSources: ['alpha'], languages: ['de'] })).toEqual([]);
    });

    it('shows an article added, changed or removed between queries to the very next query, exactly', async () => {
      const topic = (id: number) => [{ id, name: `topic ${id}` }];
      const base = Array.from({ length: 30 }, (_, i) =>
        makeArticle({
          headline: `base ${i} rates`,
          publishedAt: `2026-11-0${1 + (i % 9)}T10:00:00Z`,
          topics: topic(1),
        }),
      );
      await seed(base);
      const filters = { ...NO_FILTERS, includeTopics: [1] };
      const total = async (f: FeedFilters) => (await index.query({ filters: f, limit: 5, offset: 0 })).total;
      expect(await total(filters)).toBe(30);
      expect(await total({ ...filters, searchTerms: terms('rates') })).toBe(30);

      const added = makeArticle({ headline: 'added storm', publishedAt: '2026-11-20T10:00:00Z', topics: topic(1) });
      await index.upsert([added]);
      const first = await index.query({ filters, limit: 1, offset: 0 });
      expect(first.articles.map((a) => a.id)).toEqual([added.id]);
      expect(first.total).toBe(31);
      expect(await total({ ...NO_FILTERS, searchTerms: terms('storm') })).toBe(1);

      // Changed: another topic and other words; the old ones no longer match it.
      await index.upsert([{ ...added, headline: 'changed calm', topics: topic(2) }]);
      expect(await total(filters)).toBe(30);
      expect(await total({ ...NO_FILTERS, includeTopics: [2] })).toBe(1);
      expect(await total({ ...NO_FILTERS, searchTerms: terms('storm') })).toBe(0);
      expect(await total({ ...NO_FILTERS, searchTerms: terms('calm') })).toBe(1);

      await index.remove([added.id, base[0]!.id]);
      expect(await total({ ...NO_FILTERS, includeTopics: [2] })).toBe(0);
      expect(await total({ ...NO_FILTERS, searchTerms: terms('calm') })).toBe(0);
      expect(await total(filters)).toBe(29);
      expect(await total({ ...filters, searchTerms: terms('rates') })).toBe(29);
    });

    describe('stories', () => {
      const wire = (outlet: string, headline: string, introduction: string, publishedAt: string) =>
        makeArticle({
          url: `https://www.${outlet}.example/world/${encodeURIComponent(headline.slice(0, 24))}`,
          headline,
          introduction,
          publishedAt,
          source: { id: outlet, name: outlet, domain: `${outlet}.example`, https: true, iframeable: true },
        });
      const intro =
        'Heavy rain caused the river Elbe to burst its banks on Tuesday, flooding the old town of Dresden and forcing 3,000 residents from their homes.';
      const copies = () => [
        wire('alpha', 'Floods force 3,000 from homes in Dresden', intro, '2026-11-10T08:00:00Z'),
        wire(
          'beta',
          'Floods force 3,000 from homes in Dresden | Beta News',
          `DRESDEN (AP) — ${intro}`,
          '2026-11-10T09:30:00Z',
        ),
        wire(
          'gamma',
          'Floods Force 3,000 From Homes In Dresden - Gamma',
          intro.replace(', flooding', ' — flooding'),
          '2026-11-11T06:00:00Z',
        ),
      ];

      if (groupsStories) {
        it('groups copies of a Chinese story, but not two events told on one template', async () => {
          const snow = wire(
            'alpha',
            '北京今日迎来初雪',
            '北京今天迎来今冬第一场雪，气温下降明显。',
            '2026-11-10T10:00:00Z',
          );
          const copy = wire(
            'beta',
            '北京今日迎来初雪',
            '北京今天迎来今冬第一场雪，气温下降明显。',
            '2026-11-10T11:00:00Z',
          );
          const wind = wire(
            'gamma',
            '北京今日迎来大风',
            '北京今天迎来大风天气，气温下降明显。',
            '2026-11-10T12:00:00Z',
          );
          for (const article of [snow, copy, wind]) await index.upsert([article]);
          const all = await index.getByIds([snow.id, copy.id, wind.id]);
          expect(all.map((x) => x.story)).toEqual([
            { id: snow.id, size: 2 },
            { id: snow.id, size: 2 },
            { id: wind.id, size: 1 },
          ]);
        });

        it('groups copies of one wire story from several outlets into one story, first indexed first', async () => {
          const [a, b, c] = copies();
          for (const article of [a!, b!, c!]) await index.upsert([article]);
          const other = wire(
            'delta',
            'Dresden museum reopens after renovation',
            'The Zwinger palace reopened on Tuesday after three years of work on its roof and galleries.',
            '2026-11-10T10:00:00Z',
          );
          const followUp = wire(
            'alpha',
            'Floods in Dresden: death toll rises to 4',
            'Rescue teams found two more bodies on Wednesday as the water began to recede from the old town.',
            '2026-11-11T10:00:00Z',
          );
          await index.upsert([other, followUp]);
          const all = await index.getByIds([a!.id, b!.id, c!.id, other.id, followUp.id]);
          expect(all.map((x) => x.story)).toEqual([
            { id: a!.id, size: 3 },
            { id: a!.id, size: 3 },
            { id: a!.id, size: 3 },
            { id: other.id, size: 1 },
            { id: followUp.id, size: 1 },
          ]);
          expect(await index.story(a!.id)).toEqual({ id: a!.id, size: 3 });
          expect(await index.story('f'.repeat(32))).toBeNull();

          // Collapsed: the story once (its earliest article), counted once.
          const collapsed = await index.query({ filters: { ...NO_FILTERS, collapseStories: true }, limit: 10 });
          expect(collapsed.articles.map((x) => x.id)).toEqual([followUp.id, other.id, a!.id]);
          expect(collapsed.total).toBe(3);
          // The earliest among the articles that match the other filters.
          const later = await index.query({
            filters: { ...NO_FILTERS, collapseStories: true, includeSources: ['beta', 'gamma'] },
            limit: 10,
          });
          expect(later.articles.map((x) => x.id)).toEqual([b!.id]);
          // A story's articles, newest first, with filters and paging.
          const story = await index.query({ filters: NO_FILTERS, storyId: a!.id, limit: 2 });
          expect(story.articles.map((x) => x.id)).toEqual([c!.id, b!.id]);
          expect(story).toMatchObject({ total: 3, hasMore: true });
          const rest = await index.query({
            filters: NO_FILTERS,
            storyId: a!.id,
            limit: 2,
            after: { key: Date.parse(b!.publishedAt), id: b!.id },
          });
          expect(rest.articles.map((x) => x.id)).toEqual([a!.id]);
          expect(
            (await index.query({ filters: { ...NO_FILTERS, includeSources: ['beta'] }, storyId: a!.id, limit: 5 }))
              .total,
          ).toBe(1);
          // Removing the first article leaves the story (and its id) with the others.
          await index.remove([a!.id]);
          expect((await index.getByIds([b!.id]))[0]!.story).toEqual({ id: a!.id, size: 2 });
        });

        it('counts a story as its articles arrive and leave while pages are served', async () => {
          const [a, b, c] = copies();
          await index.upsert([a!]);
          const sizes = async () =>
            (await index.query({ filters: NO_FILTERS, limit: 10 })).articles.map((x) => [x.id, x.story!.size]);
          expect(await sizes()).toEqual([[a!.id, 1]]);
          await index.upsert([b!]);
          expect(await sizes()).toEqual([
            [b!.id, 2],
            [a!.id, 2],
          ]);
          await index.upsert([c!]);
          expect(await sizes()).toEqual([
            [c!.id, 3],
            [b!.id, 3],
            [a!.id, 3],
          ]);
          // A changed article stays one of its story; a removed one leaves it.
          await index.upsert([{ ...b!, headline: `${b!.headline} (updated)` }]);
          expect(await sizes()).toEqual([
            [c!.id, 3],
            [b!.id, 3],
            [a!.id, 3],
          ]);
          await index.remove([c!.id, a!.id]);
          expect(await sizes()).toEqual([[b!.id, 1]]);
          expect(await index.story(a!.id)).toEqual({ id: a!.id, size: 1 });
        });

        it('never joins copies published more than 72 hours apart', async () => {
          const [a] = copies();
          const late = { ...wire('beta', a!.headline, a!.introduction, '2026-11-13T09:00:00Z') };
          await index.upsert([a!]);
          await index.upsert([late]);
          expect((await index.getByIds([late.id]))[0]!.story).toEqual({ id: late.id, size: 1 });
        });
      } else {
        it('gives every article a story of its own', async () => {
          const [a, b] = copies();
          await index.upsert([a!, b!]);
          expect((await index.getByIds([a!.id]))[0]!.story).toEqual({ id: a!.id, size: 1 });
          expect(
            (await index.query({ filters: NO_FILTERS, storyId: b!.id, limit: 5 })).articles.map((x) => x.id),
          ).toEqual([b!.id]);
          expect((await index.query({ filters: { ...NO_FILTERS, collapseStories: true }, limit: 5 })).total).toBe(2);
        });
      }
    });
  });
}
