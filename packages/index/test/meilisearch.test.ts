import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { Meilisearch } from 'meilisearch';
import { testEnv } from '@tidings/config/config';
import type { Article } from '@tidings/core/article';
import { type CursorPosition, positionAfter } from '@tidings/core/cursor';
import { type FacetName, type FeedFilters, NO_FILTERS } from '@tidings/core/query';
import { countFacets } from '../src/facet-count.js';
import { MeilisearchArticleIndex, type MeilisearchIndexOptions, meiliWord } from '../src/meilisearch.js';
import { describeArticleIndexContract } from './contract-suite.js';
import { createRedis } from '@tidings/store/redis';
import { redisWriteLock, type WriteLock } from '@tidings/store/write-lock';
import { fetchOf, makeArticle, stormCopy } from './fixtures.js';

const host = testEnv('MEILI_URL');
const FACETS: FacetName[] = ['types', 'languages', 'sources', 'companies', 'topics', 'days'];
const apiKey = testEnv('MEILI_API_KEY');

/** A Meilisearch index of its own per test, deleted when the test closes it. */
class DisposableMeilisearchIndex extends MeilisearchArticleIndex {
  constructor(
    private readonly uid: string,
    topicParents?: Record<number, number>,
    writeLock?: WriteLock,
  ) {
    super({
      host: host!,
      ...(apiKey ? { apiKey } : {}),
      indexUid: uid,
      ...(topicParents ? { topicParents } : {}),
      ...(writeLock ? { writeLock } : {}),
    });
  }

  override async close(): Promise<void> {
    await new Meilisearch({ host: host!, ...(apiKey ? { apiKey } : {}) }).deleteIndexIfExists(this.uid);
  }
}

/** An adapter on the index `uid`, with options of its own (another process's view of it, say); not deleted by it. */
const indexOn = (uid: string, options: Omit<MeilisearchIndexOptions, 'host' | 'indexUid'> = {}) =>
  new MeilisearchArticleIndex({ host: host!, ...(apiKey ? { apiKey } : {}), indexUid: uid, ...options });

describe('meiliWord', () => {
  it('gives Meilisearch ASCII words as they are, and every other word as a token of ASCII letters and digits of its own', () => {
    expect(meiliWord('climate')).toBe('climate');
    expect(meiliWord('2026')).toBe('2026');
    const words = ['سلام', 'السلام', 'ビル', 'びる', '국', '0x', '0xff', 'ff', 'x'.repeat(250), 'y'.repeat(250)];
    const tokens = words.map(meiliWord);
    for (const token of tokens) expect(token).toMatch(/^[a-z0-9]{1,200}$/);
    // Two words are never one token.
    expect(new Set(tokens).size).toBe(words.length);
    expect(meiliWord('سلام')).toBe(meiliWord('سلام'));
  });
});

if (host) {
  describeArticleIndexContract(
    `meilisearch at ${host}`,
    async () => {
      return new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
    },
    { groupsStories: true },
  );

  describe('MeilisearchArticleIndex.facets', () => {
    // A small topic tree: 11 and 12 under 1, 1 under 100.
    const parents = { 11: 1, 12: 1, 1: 100 };
    const topic = (id: number) => ({ id, name: `topic ${id}` });
    const company = (id: number) => ({ id, name: `company ${id}` });
    const start = Date.UTC(2026, 0, 1);
    const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');

    it(
      'counts every match, beyond 10 000 too: types, languages, sources, companies, topics with ancestors, days',
      { timeout: 180_000 },
      async () => {
        const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`, parents);
        await index.init();
        try {
          // 11 000 articles, one a minute (7.6 days); every third a video, every fifth in German;
          // topics 11 and 12 (both under 1, under 100) on every even article; company 7 on every 100th.
          for (let batch = 0; batch < 11; batch++) {
            await index.upsert(
              Array.from({ length: 1000 }, (_, j) => {
                const i = batch * 1000 + j;
                return makeArticle({
                  publishedAt: at(i),
                  type: i % 3 === 0 ? 'video' : 'article',
                  language: i % 5 === 0 ? 'de' : 'en',
                  topics: i % 2 === 0 ? [topic(11), topic(12)] : [],
                  companies: i % 100 === 0 ? [company(7)] : [],
                  headline: i % 10 === 0 ? `Harbour cranes ${i}` : `Headline ${i}`,
                });
              }),
            );
          }
          const all = await index.facets({
            filters: { ...NO_FILTERS },
            facets: ['types', 'languages', 'sources', 'companies', 'topics', 'days'],
          });
          expect(all.counted).toBeUndefined();
          expect(new Map(all.types)).toEqual(
            new Map([
              ['article', 7333],
              ['video', 3667],
            ]),
          );
          expect(new Map(all.languages)).toEqual(
            new Map([
              ['en', 8800],
              ['de', 2200],
            ]),
          );
          expect(all.sources).toEqual([['example', 11_000]]);
          expect(all.companies).toEqual([[7, 110]]);
          // Counted once under 1 and once under 100 though both of its topics are under them.
          expect(new Map(all.topics)).toEqual(
            new Map([
              [11, 5500],
              [12, 5500],
              [1, 5500],
              [100, 5500],
            ]),
          );
          const days = new Map(all.days);
          expect([...days.values()].reduce((a, b) => a + b, 0)).toBe(11_000);
          expect(days.get('2026-01-01')).toBe(1440);
          // A search term and filters narrow the counts; sizes cut them as the API shows them.
          const cranes = await index.facets({
            filters: { ...NO_FILTERS, searchTerms: [{ words: ['harbour', 'cranes'] }], articleTypes: ['video'] },
            facets: ['types', 'topics', 'days'],
            size: 2,
          });
          expect(cranes.total).toBe(367);
          expect(cranes.types).toEqual([['video', 367]]);
          expect(cranes.topics).toEqual([
            [1, 367],
            [11, 367],
          ]);
          expect(cranes.days.map(([day]) => day)).toEqual(['2026-01-08', '2026-01-07']);
          // Several search terms, one matching more than 10 000 articles: every article matches two or
          // three of them, and is counted once.
          const terms = [{ words: ['introduction'] }, { words: ['harbour', 'cranes'] }, { words: ['headline'] }];
          const either = await index.facets({
            filters: { ...NO_FILTERS, searchTerms: terms },
            facets: ['types', 'topics'],
            size: 10,
          });
          expect(either.counted).toBeUndefined();
          expect(either.total).toBeGreaterThan(10_000);
          expect(new Map(either.types)).toEqual(new Map(all.types));
          expect(new Map(either.topics)).toEqual(new Map(all.topics));
          const videos = await index.query({
            filters: { ...NO_FILTERS, searchTerms: terms, articleTypes: ['video'] },
            limit: 5,
            offset: 3660,
          });
          expect(videos).toMatchObject({ total: 3667, totalExact: true, hasMore: true });
          expect(videos.articles.map((a) => a.publishedAt)).toEqual([at(18), at(15), at(12), at(9), at(6)]);
        } finally {
          await index.close();
        }
      },
    );

    it(
      'counts the newest 10 000 only, and says so, where Meilisearch cannot count (documents without the topic tree) until a re-index',
      { timeout: 180_000 },
      async () => {
        const uid = `tidings_test_${randomUUID().slice(0, 8)}`;
        const index = new DisposableMeilisearchIndex(uid, parents);
        // A writer that does not know the topic tree (an older worker): its documents lack it.
        const unaware = indexOn(uid);
        await index.init();
        try {
          for (let batch = 0; batch < 11; batch++) {
            await unaware.upsert(
              Array.from({ length: 1000 }, (_, j) =>
                makeArticle({ publishedAt: at(batch * 1000 + j), topics: [topic(11)] }),
              ),
            );
          }
          const topics = await index.facets({ filters: { ...NO_FILTERS }, facets: ['topics'], size: 10 });
          expect(topics.counted).toBe(10_000);
          expect(new Map(topics.topics)).toEqual(
            new Map([
              [11, 10_000],
              [1, 10_000],
              [100, 10_000],
            ]),
          );
          // Types need no topic tree: Meilisearch counts them all.
          const types = await index.facets({ filters: { ...NO_FILTERS }, facets: ['types'], size: 10 });
          expect(types.counted).toBeUndefined();
          expect(types.types).toEqual([['article', 11_000]]);
          // Stories collapsed: their types are counted every one, their topics (no tree yet) are not.
          const stories = await index.facets({
            filters: { ...NO_FILTERS, collapseStories: true },
            facets: ['types'],
            size: 10,
          });
          expect(stories).toMatchObject({ total: 11_000, types: [['article', 11_000]] });
          expect(stories.counted).toBeUndefined();
          const storyTopics = await index.facets({
            filters: { ...NO_FILTERS, collapseStories: true },
            facets: ['topics'],
            size: 10,
          });
          expect(storyTopics.counted).toBe(10_000);
          const collapsed = await index.query({ filters: { ...NO_FILTERS, collapseStories: true }, limit: 3 });
          expect(collapsed).toMatchObject({ total: 10_000, totalExact: false, hasMore: true });
          expect(collapsed.articles.map((a) => a.publishedAt)).toEqual([at(10_999), at(10_998), at(10_997)]);
          // Below 10 000 matches every count is exact either way.
          const some = await index.facets({
            filters: { ...NO_FILTERS, from: start + 10_500 * 60_000 },
            facets: ['topics'],
            size: 10,
          });
          expect(some.counted).toBeUndefined();
          expect(new Map(some.topics)).toEqual(
            new Map([
              [11, 500],
              [1, 500],
              [100, 500],
            ]),
          );
          // `tidings reindex --all` rewrites every document with the tree: Meilisearch counts them all.
          await index.rebuild(async (write) => {
            for (let from: string | null = null; ;) {
              const batch = await index.scan({ from, limit: 2000 });
              await write(batch.articles);
              if (!(from = batch.next)) break;
            }
          });
          const rebuilt = await index.facets({ filters: { ...NO_FILTERS }, facets: ['topics'], size: 10 });
          expect(rebuilt.counted).toBeUndefined();
          expect(new Map(rebuilt.topics)).toEqual(
            new Map([
              [11, 11_000],
              [1, 11_000],
              [100, 11_000],
            ]),
          );
        } finally {
          await index.close();
        }
      },
    );

    it(
      "counts as the articles themselves say, for varied filters (Meilisearch's counts against counting the matches)",
      { timeout: 60_000 },
      async () => {
        const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`, parents);
        await index.init();
        try {
          const articles = Array.from({ length: 400 }, (_, i) =>
            makeArticle({
              publishedAt: at(i * 37),
              type: (['article', 'video', 'podcast', 'report'] as const)[i % 4],
              language: [null, 'en', 'de', 'fr', 'en'][i % 5] as string | null,
              topics: [[], [topic(11)], [topic(12)], [topic(11), topic(12)], [topic(1)], [topic(100)], [topic(55)]][
                i % 7
              ]!,
              companies: [[], [company(7)], [company(8), company(9)]][i % 3]!,
              headline: i % 6 === 0 ? `Storm warning ${i}` : `Headline ${i}`,
              paywalled: i % 11 === 0,
              source: {
                id: `s${i % 9}`,
                name: `S ${i % 9}`,
                domain: `s${i % 9}.example`,
                https: true,
                iframeable: true,
              },
            }),
          );
          await index.upsert(articles);
          const ancestry = new Map(Object.entries(parents).map(([c, p]) => [Number(c), p]));
          const cases: Partial<FeedFilters>[] = [
            {},
            { articleTypes: ['video', 'report'] },
            { includeTopics: [1, 11, 12] },
            { includeCompanies: [8] },
            { excludeCompanies: [7] },
            { languages: ['en', 'fr'] },
            { includeSources: ['s1', 's2', 's3'] },
            { from: start + 3000 * 60_000, to: start + 9000 * 60_000 },
            { searchTerms: [{ words: ['storm', 'warning'] }] },
            { searchTerms: [{ words: ['storm'] }], includePaywalled: false },
          ];
          for (const partial of cases) {
            const filters = { ...NO_FILTERS, ...partial };
            const page = await index.query({ filters, limit: 1000, offset: 0 });
            const expected = countFacets(page.articles, FACETS, ancestry);
            const counted = await index.facets({ filters, facets: FACETS });
            for (const name of FACETS) {
              expect(new Map(counted[name] as [unknown, number][]), `${JSON.stringify(partial)} ${name}`).toEqual(
                new Map(expected[name] as [unknown, number][]),
              );
            }
            expect(counted.total).toBe(page.total);
          }
        } finally {
          await index.close();
        }
      },
    );
    it('counts the topics a re-classification gave, under their ancestors', async () => {
      const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`, parents);
      await index.init();
      try {
        const article = makeArticle({ topics: [topic(11)] });
        await index.upsert([article, makeArticle({ topics: [topic(12)] })]);
        await index.reclassified([{ ...article, topics: [topic(55)] }]);
        const counts = await index.facets({ filters: { ...NO_FILTERS }, facets: ['topics'] });
        expect(new Map(counts.topics)).toEqual(
          new Map([
            [55, 1],
            [12, 1],
            [1, 1],
            [100, 1],
          ]),
        );
      } finally {
        await index.close();
      }
    });
  });

  describe('MeilisearchArticleIndex on an index an older Tidings made', () => {
    it(
      'counts facets while the new fields are not declared yet, declares them at start without waiting, and asks for a reindex',
      { timeout: 60_000 },
      async () => {
        const uid = `tidings_test_${randomUUID().slice(0, 8)}`;
        const client = new Meilisearch({ host, ...(apiKey ? { apiKey } : {}) });
        // Made as this Tidings makes it, then given the settings of session 21: no `day`, no `topicTree`,
        // the raw text searched.
        await indexOn(uid).init();
        const current = await client.index(uid).getSettings();
        await client
          .index(uid)
          .updateSettings({
            searchableAttributes: ['headline', 'introduction'],
            filterableAttributes: current.filterableAttributes!.filter((f) => f !== 'day' && f !== 'topicTree'),
            localizedAttributes: null,
          })
          .waitTask();
        const parents = { 11: 1 };
        const index = new DisposableMeilisearchIndex(uid, parents);
        try {
          await index.upsert([
            makeArticle({ topics: [{ id: 11, name: 'eleven' }] }),
            makeArticle({ publishedAt: '2026-11-02T08:00:00Z' }),
          ]);
          // Before its settings are brought up to date (no `init` yet): the articles are counted here.
          const before = await index.facets({ filters: { ...NO_FILTERS }, facets: ['topics', 'days'] });
          expect(new Map(before.topics)).toEqual(
            new Map([
              [11, 1],
              [1, 1],
            ]),
          );
          expect(new Map(before.days)).toEqual(
            new Map([
              ['2026-11-01', 1],
              ['2026-11-02', 1],
            ]),
          );
          const warned = vi.spyOn(process, 'emitWarning').mockImplementation(() => undefined);
          try {
            await index.init();
            // Its words were written in the old form: the operator is told to rewrite them.
            expect(String(warned.mock.calls[0]?.[0])).toMatch(
              /written by an older Tidings: run `tidings reindex --all`/,
            );
          } finally {
            warned.mockRestore();
          }
          const { results } = await client.tasks.getTasks({ indexUids: [uid], types: ['settingsUpdate'] });
          await client.tasks.waitForTasks(results.map((task) => task.uid));
          const settings = await client.index(uid).getSettings();
          expect(settings.filterableAttributes).toEqual(expect.arrayContaining(['day', 'topicTree']));
          expect(settings.localizedAttributes).toEqual([
            { attributePatterns: ['headlineWords', 'introductionWords', 'headline', 'introduction'], locales: ['eng'] },
          ]);
          const after = await index.facets({ filters: { ...NO_FILTERS }, facets: ['topics', 'days'] });
          expect(new Map(after.topics)).toEqual(
            new Map([
              [11, 1],
              [1, 1],
            ]),
          );
          expect(new Map(after.days)).toEqual(new Map(before.days));
        } finally {
          await index.close();
        }
      },
    );
  });

  describe('MeilisearchArticleIndex reads', () => {
    it(
      'answers a page in milliseconds, not after a delayed acknowledgement of a kept-alive connection',
      { timeout: 60_000 },
      async () => {
        const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
        await index.init();
        try {
          // Pages of 50 long articles: answers of tens of KB, the size that waited 40 ms per request.
          const long = 'A sentence of an introduction that runs on for a while. '.repeat(8);
          await index.upsert(Array.from({ length: 300 }, (_, i) => makeArticle({ introduction: `${long} ${i}` })));
          const times: number[] = [];
          for (let page = 0; page < 11; page++) {
            const started = performance.now();
            await index.query({ filters: { ...NO_FILTERS }, limit: 50, offset: (page % 5) * 50 });
            times.push(performance.now() - started);
          }
          times.sort((a, b) => a - b);
          // Two or three requests a page: about 90 ms with the delay, under 15 ms without it here.
          expect(times[5]).toBeLessThan(40);
        } finally {
          await index.close();
        }
      },
    );
  });

  describe('MeilisearchArticleIndex writes', () => {
    it(
      'writes and reads 12 000 articles at once, no request of it taking seconds (a group of many fetches)',
      { timeout: 180_000 },
      async () => {
        const uid = `tidings_test_${randomUUID().slice(0, 8)}`;
        // Meilisearch's time for an `IN` list of ids grows with the square of its length: asked in one
        // request, 12 000 ids took about 4 s here, past this time-out (the default is 10 s).
        const index = indexOn(uid, { requestTimeoutMs: 2_000, taskTimeoutMs: 120_000 });
        await index.init();
        try {
          const articles = Array.from({ length: 12_000 }, (_, i) =>
            makeArticle({ headline: `Harbour ${i} cranes`, introduction: `Quay ${i} works` }),
          );
          await index.upsert(articles);
          // Written again: every one of them is read first (stored articles keep their story).
          await index.upsert(articles.map((a) => ({ ...a, headline: `${a.headline} again` })));
          const read = await index.getByIds(articles.map((a) => a.id));
          expect(read.map((a) => a.id)).toEqual(articles.map((a) => a.id));
          expect(read.every((a) => a.headline.endsWith(' again'))).toBe(true);
          // Each story's size, counted over thousands of stories, is how many of the articles it has.
          const sizes = new Map<string, number>();
          for (const a of read) sizes.set(a.story!.id, (sizes.get(a.story!.id) ?? 0) + 1);
          expect(sizes.size).toBeGreaterThan(1_000);
          expect(read.every((a) => a.story!.size === sizes.get(a.story!.id))).toBe(true);
        } finally {
          await new Meilisearch({ host: host, ...(apiKey ? { apiKey } : {}) }).deleteIndexIfExists(uid);
        }
      },
    );
  });

  describe('MeilisearchArticleIndex collapsing stories', () => {
    /** Made-up words, the same for the same seed (so that each story's text is its own). */
    const wordMaker = (seed: number) => {
      const next = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647;
      return () => ['ka', 'lo', 'mi', 'ne', 'ru', 'ta', 'vo', 'zi'].map((s) => (next() < 0.5 ? s : '')).join('') + 'x';
    };

    it(
      'pages and cursors over one article per story as a plain reading of the contract does',
      { timeout: 120_000 },
      async () => {
        const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
        await index.init();
        try {
          // 24 stories of 1–4 copies from different sources, hours apart (two copies of one story at
          // the same second: the smaller id is the earliest); each story's words its own.
          const word = wordMaker(7);
          const sources = ['s1', 's2', 's3', 's4'];
          const articles = [];
          for (let story = 0; story < 24; story++) {
            const headline = Array.from({ length: 9 }, word).join(' ');
            const introduction = `${Array.from({ length: 24 }, word).join(' ')} common ground`;
            const first = Date.UTC(2026, 10, 1) + story * 5_400_000;
            const copies = 1 + (story % 4);
            for (let copy = 0; copy < copies; copy++) {
              const source = sources[(story + copy) % 4]!;
              const at = first + (copy === 2 ? 0 : copy * 3_600_000 * (1 + (story % 3)));
              articles.push(
                makeArticle({
                  url: `https://${source}.example/${story}/${copy}`,
                  headline,
                  introduction,
                  publishedAt: new Date(at).toISOString().replace('.000', ''),
                  source: { id: source, name: source, domain: `${source}.example`, https: true, iframeable: true },
                }),
              );
            }
          }
          for (const article of articles) await index.upsert([article]);
          const stored = await index.getByIds(articles.map((a) => a.id));
          expect(new Set(stored.map((a) => a.story!.id)).size).toBe(24);

          const cases: FeedFilters[] = [
            { ...NO_FILTERS, collapseStories: true },
            { ...NO_FILTERS, collapseStories: true, includeSources: ['s2', 's3'] },
            { ...NO_FILTERS, collapseStories: true, includeSources: ['s4'] },
            { ...NO_FILTERS, collapseStories: true, searchTerms: [{ words: ['common', 'ground'] }] },
            {
              ...NO_FILTERS,
              collapseStories: true,
              includeSources: ['s1', 's3'],
              searchTerms: [{ words: ['common'] }, { words: ['ground'] }],
            },
          ];
          for (const filters of cases) {
            // Each story's earliest matching article (ties: smallest id), newest first.
            const earliest = new Map<string, Article>();
            for (const a of stored) {
              if (filters.includeSources.length && !filters.includeSources.includes(a.source.id)) continue;
              const kept = earliest.get(a.story!.id);
              if (!kept || a.publishedAt < kept.publishedAt || (a.publishedAt === kept.publishedAt && a.id < kept.id))
                earliest.set(a.story!.id, a);
            }
            const expected = [...earliest.values()]
              .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id))
              .map((a) => a.id);
            for (const limit of [5, 7, 30]) {
              const paged: string[] = [];
              for (let offset = 0; offset < expected.length + limit; offset += limit) {
                const page = await index.query({ filters, limit, offset });
                expect(page.total, JSON.stringify(filters)).toBe(expected.length);
                expect(page.hasMore).toBe(offset + limit < expected.length);
                paged.push(...page.articles.map((a) => a.id));
              }
              expect(paged).toEqual(expected);
              const cursored: string[] = [];
              let after: CursorPosition | undefined;
              for (;;) {
                const page = await index.query({ filters, limit, ...(after ? { after } : {}) });
                expect(page.total).toBe(expected.length);
                cursored.push(...page.articles.map((a) => a.id));
                const last = page.articles.at(-1);
                if (!page.hasMore || !last) break;
                after = { key: Date.parse(last.publishedAt), id: last.id };
              }
              expect(cursored).toEqual(expected);
            }
          }
        } finally {
          await index.close();
        }
      },
    );
    it('groups copies from outlets fetched at the same moment, and creates a feed fetched twice at once once', async () => {
      const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
      await index.init();
      try {
        const copies = ['daily', 'tv', 'radio', 'wire'].map(stormCopy);
        // As a worker's concurrent jobs do: every fetch at once, one of them twice.
        const results = await Promise.all([...copies, copies[0]!].map((a) => index.ingest(fetchOf(a))));
        expect(results.reduce((n, r) => n + r.created, 0)).toBe(4);
        const stored = await index.getByIds(copies.map((a) => a.id));
        expect(new Set(stored.map((a) => a.story!.id)).size).toBe(1);
        expect(stored.map((a) => a.story!.size)).toEqual([4, 4, 4, 4]);
      } finally {
        await index.close();
      }
    });

    it('groups copies written by two worker processes at once, through the write lock they share in Redis', async () => {
      const uid = `tidings_test_${randomUUID().slice(0, 8)}`;
      const url = testEnv('REDIS_URL') ?? 'redis://127.0.0.1:6379';
      const key = `tidings-test:${randomUUID()}:index-writes:${uid}`;
      // Two processes: a connection to Redis and an adapter each, on one Meilisearch index.
      const redises = [createRedis({ url }), createRedis({ url })];
      const [one, two] = redises.map(
        (redis) => new DisposableMeilisearchIndex(uid, undefined, redisWriteLock(redis, key)),
      );
      await one!.init();
      await two!.init();
      try {
        const copies = ['daily', 'tv', 'radio', 'wire'].map(stormCopy);
        // Every fetch at once, alternating between the processes; the daily's feed fetched by both.
        const results = await Promise.all(
          [...copies, copies[0]!].map((a, i) => (i % 2 ? two! : one!).ingest(fetchOf(a))),
        );
        expect(results.reduce((n, r) => n + r.created, 0)).toBe(4);
        const stored = await one!.getByIds(copies.map((a) => a.id));
        expect(new Set(stored.map((a) => a.story!.id)).size).toBe(1);
        expect(stored.map((a) => a.story!.size)).toEqual([4, 4, 4, 4]);
      } finally {
        await one!.close();
        for (const redis of redises) redis.disconnect();
      }
    });

    it('keeps each document an older Tidings wrote without a story as a story of its own', async () => {
      const uid = `tidings_test_${randomUUID().slice(0, 8)}`;
      const index = new DisposableMeilisearchIndex(uid);
      await index.init();
      try {
        const intro = 'Floods forced 3,000 people from their homes in Dresden on Tuesday as the Elbe rose.';
        const wire = (source: string, hour: number, headline = 'Floods force 3,000 from homes in Dresden') =>
          makeArticle({
            url: `https://${source}.example/floods`,
            headline,
            introduction: intro,
            publishedAt: `2026-11-10T0${hour}:00:00Z`,
            source: { id: source, name: source, domain: `${source}.example`, https: true, iframeable: true },
          });
        const [a, b] = [wire('alpha', 1), wire('beta', 2)];
        const [old1, old2] = [
          wire('gamma', 3, 'Council approves the new bridge'),
          wire('delta', 4, 'Council approves the new bridge'),
        ];
        await index.upsert([a, b, old1, old2]);
        // The two copies of the bridge story rewritten as an older Tidings wrote them: no `storyId`.
        const client = new Meilisearch({ host: host, ...(apiKey ? { apiKey } : {}) });
        const { results } = await client.index(uid).getDocuments<Record<string, unknown>>({
          filter: `id IN ["${old1.id}", "${old2.id}"]`,
        });
        await client
          .index(uid)
          .addDocuments(results.map(({ storyId: _storyId, ...doc }) => doc))
          .waitTask();
        const collapsed = await index.query({ filters: { ...NO_FILTERS, collapseStories: true }, limit: 10 });
        expect(collapsed.articles.map((x) => [x.id, x.story])).toEqual([
          [old2.id, { id: old2.id, size: 1 }],
          [old1.id, { id: old1.id, size: 1 }],
          [a.id, { id: a.id, size: 2 }],
        ]);
        expect(collapsed).toMatchObject({ total: 3, totalExact: true, hasMore: false });
        const second = await index.query({
          filters: { ...NO_FILTERS, collapseStories: true },
          limit: 1,
          after: { key: Date.parse(old2.publishedAt), id: old2.id },
        });
        expect(second.articles.map((x) => x.id)).toEqual([old1.id]);
        expect(second.hasMore).toBe(true);
      } finally {
        await index.close();
      }
    });

    it(
      "picks each story's earliest article and counts every story when the matches are more than 10 000 and the stories fewer",
      { timeout: 240_000 },
      async () => {
        const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
        await index.init();
        try {
          // 5 100 stories of two copies an hour apart: the first from source "first", the second from
          // "second" — 10 200 articles, of which the newest 10 000 miss the first copies of the oldest.
          const word = wordMaker(11);
          const start = Date.UTC(2026, 9, 1);
          const texts = Array.from({ length: 5100 }, () => ({
            headline: Array.from({ length: 9 }, word).join(' '),
            introduction: Array.from({ length: 24 }, word).join(' '),
          }));
          const copy = (story: number, which: 'first' | 'second') =>
            makeArticle({
              ...texts[story]!,
              url: `https://${which}.example/${story}`,
              publishedAt: new Date(start + story * 600_000 + (which === 'second' ? 3_600_000 : 0))
                .toISOString()
                .replace('.000', ''),
              source: { id: which, name: which, domain: `${which}.example`, https: true, iframeable: true },
            });
          for (const which of ['first', 'second'] as const) {
            for (let from = 0; from < 5100; from += 1700) {
              await index.upsert(Array.from({ length: 1700 }, (_, j) => copy(from + j, which)));
            }
          }
          const filters = { ...NO_FILTERS, collapseStories: true };
          const first = await index.query({ filters, limit: 20 });
          expect(first.articles.map((a) => a.url)).toEqual(
            Array.from({ length: 20 }, (_, i) => `https://first.example/${5099 - i}`),
          );
          expect(first).toMatchObject({ total: 5100, totalExact: true, hasMore: true });
          const last = await index.query({ filters, limit: 100, offset: 5000 });
          expect(last.total).toBe(5100);
          expect(last.totalExact).toBe(true);
          expect(last.articles.map((a) => a.url)).toEqual(
            Array.from({ length: 100 }, (_, i) => `https://first.example/${99 - i}`),
          );
          expect(last.articles.every((a) => a.story!.size === 2)).toBe(true);
          const facets = await index.facets({ filters, facets: ['sources', 'days'], size: 100 });
          expect(facets.counted).toBeUndefined();
          expect(facets.total).toBe(5100);
          expect(facets.sources).toEqual([['first', 5100]]);
          expect(facets.days.reduce((sum, [, n]) => sum + n, 0)).toBe(5100);
        } finally {
          await index.close();
        }
      },
    );
    it(
      "counts each of more than 10 000 stories once, under its earliest article's values",
      { timeout: 240_000 },
      async () => {
        const uid = `tidings_test_${randomUUID().slice(0, 8)}`;
        const index = new DisposableMeilisearchIndex(uid);
        await index.init();
        try {
          // 10 000 articles alone and 600 stories of two copies an hour apart, the later copy (source
          // "later", type video) written first: 10 600 stories, none counted under the later copies.
          const word = wordMaker(12);
          const start = Date.UTC(2026, 9, 1);
          const text = () => ({
            headline: Array.from({ length: 9 }, word).join(' '),
            introduction: Array.from({ length: 24 }, word).join(' '),
          });
          const at = (minutes: number) => new Date(start + minutes * 60_000).toISOString().replace('.000', '');
          const source = (id: string) => ({ id, name: id, domain: `${id}.example`, https: true, iframeable: true });
          for (let from = 0; from < 10_000; from += 2_000) {
            await index.upsert(
              Array.from({ length: 2_000 }, (_, j) =>
                makeArticle({
                  ...text(),
                  url: `https://alone.example/${from + j}`,
                  publishedAt: at(from + j),
                  source: source('alone'),
                }),
              ),
            );
          }
          const texts = Array.from({ length: 600 }, text);
          const copy = (story: number, which: 'earlier' | 'later') =>
            makeArticle({
              ...texts[story]!,
              url: `https://${which}.example/${story}`,
              type: which === 'later' ? 'video' : 'article',
              publishedAt: at(story * 10 + (which === 'later' ? 60 : 0)),
              source: source(which),
            });
          await index.upsert(texts.map((_, story) => copy(story, 'later')));
          await index.upsert(texts.map((_, story) => copy(story, 'earlier')));
          const filters = { ...NO_FILTERS, collapseStories: true };
          const facets = await index.facets({ filters, facets: ['types', 'sources', 'days'], size: 100 });
          expect(facets.counted).toBeUndefined();
          expect(facets.total).toBe(10_600);
          expect(facets.sources).toEqual([
            ['alone', 10_000],
            ['earlier', 600],
          ]);
          expect(facets.types).toEqual([['article', 10_600]]);
          expect(facets.days.reduce((sum, [, n]) => sum + n, 0)).toBe(10_600);
          // Where the earlier copies do not match, the later ones stand for their stories.
          const noEarlier = await index.facets({
            filters: { ...filters, includeSources: ['alone', 'later'] },
            facets: ['types'],
          });
          expect(noEarlier.types.sort()).toEqual([
            ['article', 10_000],
            ['video', 600],
          ]);
          // Pages say the same however the stories are counted: the stories' first articles alone are
          // more than 10 000 (no filter); they are not, but the stories are (the alone and earlier copies:
          // the later copies came first), counted at once (up to 100 000 matches) or after asking whether
          // more than 10 000 match (beyond: here, past 1 000 matches); fewer than 10 000.
          const asking = indexOn(uid, { storyCountMatches: 1_000 });
          for (const reader of [index, asking]) {
            const top = await reader.query({ filters, limit: 20 });
            expect(top).toMatchObject({ total: 10_000, totalExact: false, hasMore: true });
            const last = top.articles.at(-1)!;
            const next = await reader.query({ filters, limit: 20, after: positionAfter(last) });
            expect(next.articles[0]!.publishedAt <= last.publishedAt).toBe(true);
            expect(next).toMatchObject({ total: 10_000, totalExact: false });
            const headless = { ...filters, includeSources: ['alone', 'earlier'] };
            expect(await reader.query({ filters: headless, limit: 5 })).toMatchObject({
              total: 10_000,
              totalExact: false,
            });
            const few = await reader.query({ filters: { ...filters, includeSources: ['later', 'earlier'] }, limit: 5 });
            expect(few).toMatchObject({ total: 600, totalExact: true });
            expect(few.articles.map((a) => a.source.id)).toEqual(Array(5).fill('earlier'));
          }
        } finally {
          await index.close();
        }
      },
    );
  });

  describe('MeilisearchArticleIndex.rebuild', () => {
    it('serves the old articles until the fresh index is swapped in, and keeps articles written meanwhile', async () => {
      const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
      await index.init();
      try {
        const old = makeArticle({ headline: 'old text' });
        await index.upsert([old]);
        await index.rebuild(async (write) => {
          await write([{ ...old, headline: 'new text' }]);
          // Queries still see the live index while the fresh one fills.
          expect((await index.getByIds([old.id]))[0]!.headline).toBe('old text');
          // The worker keeps writing to the live index meanwhile.
          await index.upsert([makeArticle({ headline: 'arrived during the rebuild' })]);
        });
        const all = await index.query({ filters: { ...NO_FILTERS }, limit: 10, offset: 0 });
        expect(all.articles.map((a) => a.headline).sort()).toEqual(['arrived during the rebuild', 'new text']);
      } finally {
        await index.close();
      }
    }, 60_000);

    it("keeps the updates, flags and deletions made while the fresh index fills, over the fill's older copies", async () => {
      const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
      await index.init();
      try {
        const source = { id: 's', name: 'S', domain: 'example.com', https: null, iframeable: null };
        const updated = makeArticle({ headline: 'first version', source });
        const purged = makeArticle({ headline: 'purged during the rebuild', source: { ...source, id: 'gone' } });
        await index.upsert([updated, purged]);
        await index.rebuild(async (write) => {
          const scanned = await index.getByIds([updated.id, purged.id]); // the re-index reads…
          // …a fetch updates one article, a probe sets the host's flags, an operator purges a source…
          await index.upsert([{ ...updated, headline: 'second version' }]);
          await index.setHostFlags('example.com', { https: true });
          await index.removeBySource('gone');
          // …and the re-index writes its (older) copies into the fresh index.
          await write(scanned.map((a) => ({ ...a, topics: [{ id: 4000000, name: 'economy' }] })));
        });
        const all = await index.query({ filters: { ...NO_FILTERS }, limit: 10, offset: 0 });
        expect(all.articles.map((a) => [a.headline, a.source.https])).toEqual([['second version', true]]);
      } finally {
        await index.close();
      }
    }, 60_000);

    it('carries over articles another process added while the fresh index filled', async () => {
      const uid = `tidings_test_${randomUUID().slice(0, 8)}`;
      const index = new DisposableMeilisearchIndex(uid);
      // Another process: its own adapter on the same index (its writes are not mirrored).
      const other = indexOn(uid);
      await index.init();
      try {
        const before = makeArticle({ headline: 'indexed before the rebuild' });
        await index.upsert([before]);
        await index.rebuild(async (write) => {
          await write([before]);
          const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
          await other.upsert([makeArticle({ headline: 'added by another process', indexedAt: now })]);
        });
        const all = await index.query({ filters: { ...NO_FILTERS }, limit: 10, offset: 0 });
        expect(all.articles.map((a) => a.headline).sort()).toEqual([
          'added by another process',
          'indexed before the rebuild',
        ]);
      } finally {
        await index.close();
      }
    }, 60_000);
  });
} else {
  describe('ArticleIndex contract: meilisearch', () => {
    it.skip('runs when MEILI_URL points at a Meilisearch server (none is set here)', () => {});
  });
}
