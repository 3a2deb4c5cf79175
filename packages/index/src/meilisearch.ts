/**
 * `MeilisearchArticleIndex`: the production index on the official `meilisearch` client.
 *
 * Each article is stored with derived, filterable fields beside its JSON: `publishedTs` and `idKey`
 * (numeric sort keys: `idKey` is the first 52 bits of the hex id, which orders like the id itself),
 * `topicIds`, `companyIds`, `sourcePrefixes` (every host suffix × path prefix of the URL, so that
 * `additionalSources` is an exact-value `NOT IN`), and the flags. `searchTerms` are phrase searches
 * without typo tolerance, one per term, united here (Meilisearch ANDs phrases within one query; up
 * to four terms it counts their union by inclusion–exclusion).
 * `day` and `topicTree` (the topics with every ancestor) let Meilisearch count facets itself, over
 * every match.
 */
import { createHash } from 'node:crypto';
import { Meilisearch, type Index, type MultiSearchQuery, type SearchParams, type Settings } from 'meilisearch';
import { type Article, decodeArticles, formatInstant, type StoryRef } from '@tidings/core/article';
import type { CursorPosition } from '@tidings/core/cursor';
import type { FacetName, FeedFilters, SearchTerm } from '@tidings/core/query';
import { formatSourcePrefix, sourcePrefixesOf } from '@tidings/core/source-prefix';
import { ASCII, wordsOf } from '@tidings/core/text';
import { sameStory, STORY_WINDOW_MS, storyBands, storyText, type StoryWords } from './stories.js';
import { countFacetValues, cutFacets, type FacetValues, topicsWithAncestors } from './facet-count.js';
import {
  type ArticleIndex,
  EXACT_TOTAL_LIMIT,
  type FacetCounts,
  type FacetQuery,
  IndexUnavailableError,
  type HostFlags,
  type IndexPage,
  type IndexQuery,
  type IndexStats,
  type IngestBatch,
  type IngestResult,
  type ScanBatch,
  type ScanOptions,
} from './port.js';
import { withMeaning, mergeIngest } from './ingest.js';

interface MeiliDocument {
  id: string;
  idKey: number;
  publishedTs: number;
  type: string;
  topicIds: number[];
  /**
   * The topics and every ancestor of them, for the topics facet; absent (or null after a re-classification)
   * when the writer did not know the topic tree: such documents make topic facets fall back to counting
   * articles here.
   */
  topicTree?: number[] | null;
  /** UTC day of `publishedAt` (`YYYY-MM-DD`), for the days facet. */
  day: string;
  companyIds: number[];
  paywalled: boolean;
  registrationRequired: boolean;
  https: boolean | null;
  iframeable: boolean | null;
  sourceId: string;
  /** `null` when unknown (matches no `languages` filter). */
  language: string | null;
  domain: string;
  sourcePrefixes: string[];
  headline: string;
  introduction: string;
  /**
   * The headline's and the introduction's words as the contract splits them (`wordsOf`, space-joined):
   * what search terms match. Meilisearch's own tokenizer keeps `$1.5`, `-5°C` or `ＡＢＣ` whole,
   * where a search for "1.5 billion" must find "$1.5 billion".
   */
  headlineWords: string;
  introductionWords: string;
  doc: string;
  /** The story the article belongs to (its first indexed article's id; never changes). */
  storyId: string;
  /**
   * Whether the article is its story's first (`storyId` is its own id): one document a story at most,
   * so the matches that have it are never more than the stories matched (`storyCount`). Absent from
   * documents an older Tidings wrote (counted as not the first).
   */
  storyHead?: boolean;
  /** MinHash band keys of its words: articles sharing two are story candidates. */
  storyBands: number[];
}

export interface MeilisearchIndexOptions {
  host: string;
  apiKey?: string;
  indexUid: string;
  /** Longest wait for an indexing task, in ms (default 60 000). */
  taskTimeoutMs?: number;
  /**
   * Longest wait for one HTTP request to Meilisearch, in ms (default 10 000): a server that stops
   * answering makes reads and writes fail as unavailable (the API's 503) instead of hanging.
   */
  requestTimeoutMs?: number;
  /** Parent of each topic id (child → parent), so that facets count articles under every ancestor. */
  topicParents?: Record<number, number>;
  /**
   * Matches up to which `collapseStories` counts the stories exactly at once (default
   * {@link STORY_COUNT_MATCHES}); beyond, it first asks whether there are more than 10 000 stories.
   * Tests set it low to take the second way on a small index.
   */
  storyCountMatches?: number;
  /**
   * Held around every write that reads what is stored first (`upsert`, each group of `ingest`) when
   * several processes write to one index: a lock they share (the worker and the CLI pass one kept in
   * Redis, `redisWriteLock`), so that their writes, like one process's, take turns. Without it only
   * this process's writes take turns.
   */
  writeLock?: <T>(work: () => Promise<T>) => Promise<T>;
}

/** Numeric stand-in for the id in sorts and cursor filters (Meilisearch compares numbers only). */
export function idKeyOf(id: string): number {
  const key = parseInt(id.slice(0, 13).padEnd(13, '0'), 16);
  return Number.isFinite(key) ? key : 0;
}

const quote = (value: string) => `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
const list = (values: (string | number)[]) =>
  `[${values.map((v) => (typeof v === 'number' ? String(v) : quote(v))).join(', ')}]`;

/**
 * Values in one `IN` list that the adapter asks for at most (more are asked in turn, this many at a
 * time). Meilisearch's time for such a list grows with the square of its length: 1 000 ids took 0.03 s on
 * 1.50, 5 000 took 0.8 s and 20 000 over 10 s, the client's time-out, which failed a whole group of
 * fetches (bench/RESULTS.md, session 68).
 */
const IN_VALUES = 1_000;
/** Searches in one multi-search request at most (a group of fetches asks one per new article). */
const SEARCHES_A_REQUEST = 500;

/** `values` in runs of at most `size`, in order. */
function runsOf<T>(values: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let at = 0; at < values.length; at += size) runs.push(values.slice(at, at + size));
  return runs;
}

export function meiliFilter(filters: FeedFilters, after?: CursorPosition | null, ids?: readonly string[]): string[] {
  const out: string[] = [];
  if (filters.articleTypes.length) out.push(`type IN ${list(filters.articleTypes)}`);
  if (filters.includeTopics.length) out.push(`topicIds IN ${list(filters.includeTopics)}`);
  if (filters.includeCompanies.length) out.push(`companyIds IN ${list(filters.includeCompanies)}`);
  if (filters.excludeCompanies.length) out.push(`companyIds NOT IN ${list(filters.excludeCompanies)}`);
  if (filters.additionalSources.length) {
    out.push(`sourcePrefixes NOT IN ${list(filters.additionalSources.map(formatSourcePrefix))}`);
  }
  if (!filters.includePaywalled) out.push('paywalled = false');
  if (!filters.includeRegistration) out.push('registrationRequired = false');
  if (filters.excludeNonIframeableSources) out.push('iframeable = true');
  if (filters.excludeNonHttpsSources) out.push('https = true');
  if (filters.languages.length) out.push(`language IN ${list(filters.languages)}`);
  if (filters.includeSources.length) out.push(`sourceId IN ${list(filters.includeSources)}`);
  if (filters.from !== null) out.push(`publishedTs >= ${filters.from}`);
  if (filters.to !== null) out.push(`publishedTs <= ${filters.to}`);
  if (after) {
    out.push(`(publishedTs < ${after.key} OR (publishedTs = ${after.key} AND idKey < ${idKeyOf(after.id)}))`);
  }
  if (ids) out.push(`id IN ${list([...ids])}`);
  return out;
}

/** An article's words as story grouping compares them (folded, space-separated). */
function storyWordsOf(article: Pick<Article, 'headline' | 'introduction'>): StoryWords {
  return { headline: wordsOf(article.headline).join(' '), introduction: wordsOf(article.introduction).join(' ') };
}

/**
 * The language Meilisearch reads the words in, documents (`localizedAttributes`) and queries (each
 * search's `locales`) alike. Left to itself, its tokenizer applies the rules of the language it detects
 * in each text, and an introduction and a two-word query taken from it may be told apart: an Urdu one
 * and "الگ اعداد" were read by different rules (the Arabic one splits a leading "ال"), so the article
 * was not found. Read as English, a text of Latin letters is split at spaces and signs only (its
 * German rule would split compounds).
 */
const WORDS_LOCALES = ['eng'];

/** Longest word Meilisearch is given; a longer one is given as its digest (Meilisearch drops words over 250 bytes). */
const WORD_MAX = 200;

/**
 * A word (folded, as `wordsOf` gives it) as Meilisearch stores and searches it: a word of ASCII letters
 * and digits as it is, any other as `0x` and its UTF-8 in hex (so are words that start with `0x`
 * themselves, and a longer word's SHA-1 follows `0xx`). Meilisearch then sees only words of ASCII letters and
 * digits, which no rule of its own for a script or a language splits or folds further: the words
 * found are exactly the contract's (its Chinese rules found "国家" by "國家"; its Korean one splits
 * words into morphemes whatever the language, its Japanese one folds katakana into hiragana).
 */
export function meiliWord(word: string): string {
  const plain = ASCII.test(word) && !word.startsWith('0x');
  const stored = plain ? word : `0x${Buffer.from(word).toString('hex')}`;
  return stored.length <= WORD_MAX ? stored : `0xx${createHash('sha1').update(word).digest('hex')}`;
}

/** A word longer than {@link WORD_MAX}, in space-separated words. */
const LONG_WORD = new RegExp(`[^ ]{${WORD_MAX + 1}}`);

/** Words (space-separated) as Meilisearch stores them ({@link meiliWord}; most texts as they are). */
function meiliText(words: string): string {
  return ASCII.test(words) && !words.includes('0x') && !LONG_WORD.test(words)
    ? words
    : words.split(' ').map(meiliWord).join(' ');
}

/** The topics with every ancestor, each once. */
function topicTreeOf(topicIds: readonly number[], parents: ReadonlyMap<number, number>): number[] {
  return [...topicsWithAncestors(topicIds, parents)];
}

/** Whether an article is its story's first (its story's id is its own: `MeiliDocument.storyHead`). */
const isStoryHead = (article: Article) => (article.story?.id ?? article.id) === article.id;

function toDocument(article: Article, parents: ReadonlyMap<number, number> | null): MeiliDocument {
  const topicIds = article.topics.map((t) => t.id);
  const words = storyWordsOf(article);
  return {
    storyId: article.story?.id ?? article.id,
    storyHead: isStoryHead(article),
    storyBands: storyBands(words),
    id: article.id,
    idKey: idKeyOf(article.id),
    publishedTs: Date.parse(article.publishedAt),
    type: article.type,
    topicIds,
    ...(parents ? { topicTree: topicTreeOf(topicIds, parents) } : {}),
    day: article.publishedAt.slice(0, 10),
    companyIds: article.companies.map((c) => c.id),
    paywalled: article.paywalled,
    registrationRequired: article.registrationRequired,
    https: article.source.https,
    iframeable: article.source.iframeable,
    sourceId: article.source.id,
    language: article.language,
    domain: article.source.domain,
    sourcePrefixes: sourcePrefixesOf(article.url),
    headline: article.headline,
    introduction: article.introduction,
    headlineWords: meiliText(words.headline),
    introductionWords: meiliText(words.introduction),
    doc: JSON.stringify(article),
  };
}

function fromDocument(doc: Pick<MeiliDocument, 'doc' | 'https' | 'iframeable' | 'storyId'>): Article {
  const article = JSON.parse(doc.doc) as Article;
  article.source.https = doc.https;
  article.source.iframeable = doc.iframeable;
  // The size is filled in by the reads that return articles (`withStorySizes`).
  article.story = { id: doc.storyId ?? article.id, size: 1 };
  return article;
}

/** Fields a document is read with. */
const READ_FIELDS = ['id', 'doc', 'https', 'iframeable', 'storyId'] as (keyof MeiliDocument)[];

/** An article as a match: what ordering, cursors and story collapsing need. */
interface MatchKey {
  id: string;
  publishedTs: number;
  idKey: number;
  storyId?: string;
}

/** A match with what facets count of it (`topicTree` absent on documents an older Tidings wrote). */
type FacetMatch = MatchKey &
  Pick<MeiliDocument, 'type' | 'language' | 'sourceId' | 'companyIds' | 'topicIds' | 'topicTree'>;

/**
 * How far Meilisearch pages (its `maxTotalHits`): twice the exact-total limit, so that the stories of
 * the deepest collapsed page can be found among the candidates (`newestStories`).
 */
const MAX_HITS = 2 * EXACT_TOTAL_LIMIT + 1;

/** Newest first: `publishedTs` descending, then the id descending (`SORT`). */
const newestFirst = (a: MatchKey, b: MatchKey) => b.publishedTs - a.publishedTs || b.idKey - a.idKey;

/**
 * From this offset on, a page of collapsed stories is read from the end of the oldest-first order
 * (when there are at most 10 000 stories) rather than found from the newest (`collapsedPage`).
 */
const DEEP_STORY_OFFSET = 500;

/**
 * Matches up to which `collapseStories` counts the stories exactly at once, rather than first asking
 * whether there are more than 10 000 (`storyCount`): where the two cost about the same.
 */
const STORY_COUNT_MATCHES = 100_000;

/** A search term as Meilisearch's phrase query. */
const phrase = (term: SearchTerm) => `"${term.words.map(meiliWord).join(' ')}"`;

/**
 * Every non-empty set of the search terms (one set, empty, for no term): the articles that match any
 * term are counted as the sets' counts added for odd sizes and taken away for even ones.
 */
function termSets(terms: readonly SearchTerm[]): SearchTerm[][] {
  if (!terms.length) return [[]];
  return Array.from({ length: (1 << terms.length) - 1 }, (_, i) => terms.filter((_t, j) => (i + 1) & (1 << j)));
}

/** Up to this many search terms, the total of their union is counted by Meilisearch (`unionTotal`). */
const UNION_COUNT_TERMS = 4;

/** Each story's earliest-published article (ties: smallest id), newest first (CONTRACT §1.7). */
function collapseKeys<K extends MatchKey>(keys: readonly K[]): K[] {
  const first = new Map<string, K>();
  for (const key of keys) {
    const story = key.storyId ?? key.id;
    const kept = first.get(story);
    if (!kept || key.publishedTs < kept.publishedTs || (key.publishedTs === kept.publishedTs && key.id < kept.id))
      first.set(story, key);
  }
  return [...first.values()].sort(newestFirst);
}

/** A write, as it can be applied to the live index and again to one being rebuilt. */
type WriteOp = (index: Index<MeiliDocument>) => Promise<unknown>;

const SORT = ['publishedTs:desc', 'idKey:desc'];
/** The reverse of `SORT`: a story's first match in it is its earliest article. */
const OLDEST_FIRST = ['publishedTs:asc', 'idKey:asc'];
/** The fields of a match (`MatchKey`). */
const KEY_FIELDS: (keyof MeiliDocument)[] = ['id', 'publishedTs', 'idKey', 'storyId'];
/** The fields of a match with its facet values (`FacetMatch`). */
const FACET_MATCH_FIELDS: (keyof MeiliDocument)[] = [
  ...KEY_FIELDS,
  'type',
  'language',
  'sourceId',
  'companyIds',
  'topicIds',
  'topicTree',
];

/**
 * Facet counts from Meilisearch's facet distributions summed by field (its values as strings): the
 * values counted at least once, cut to `size` where asked.
 */
function countsOfSums(
  sums: ReadonlyMap<string, ReadonlyMap<string, number>>,
  total: number,
  size?: number,
): FacetCounts {
  const of = (field: string) => [...(sums.get(field) ?? [])].filter(([, n]) => n > 0);
  const numbers = (field: string) => of(field).map(([v, n]): [number, number] => [Number(v), n]);
  const counts: FacetCounts = {
    total,
    types: of('type'),
    languages: of('language'),
    sources: of('sourceId'),
    companies: numbers('companyIds'),
    topics: numbers('topicTree'),
    days: of('day'),
  };
  return size ? cutFacets(counts, size) : counts;
}

/** What the facets count of a match. */
const facetValuesOf = (m: FacetMatch): FacetValues => ({
  type: m.type,
  language: m.language,
  sourceId: m.sourceId,
  companyIds: m.companyIds,
  topicIds: m.topicTree ?? m.topicIds,
  day: new Date(m.publishedTs).toISOString().slice(0, 10),
});

/** The index's settings (what is searched, filtered, sorted and counted). */
const SETTINGS = {
  // The words first; the raw text too, so that documents an older Tidings wrote (without the words)
  // are still found until `tidings reindex --all` rewrites them. (Meilisearch's tokens of the raw text
  // are never finer than the words, so it adds no match of its own to documents that have them.)
  searchableAttributes: ['headlineWords', 'introductionWords', 'headline', 'introduction'],
  localizedAttributes: [
    { attributePatterns: ['headlineWords', 'introductionWords', 'headline', 'introduction'], locales: WORDS_LOCALES },
  ],
  filterableAttributes: [
    'id',
    'idKey',
    'publishedTs',
    'type',
    'topicIds',
    'topicTree',
    'day',
    'companyIds',
    'paywalled',
    'registrationRequired',
    'https',
    'iframeable',
    'sourceId',
    'language',
    'domain',
    'sourcePrefixes',
    'storyId',
    'storyHead',
    'storyBands',
  ],
  sortableAttributes: ['publishedTs', 'idKey'],
  rankingRules: ['sort', 'words', 'proximity', 'attribute', 'exactness'],
  typoTolerance: { enabled: false },
  stopWords: [],
  pagination: { maxTotalHits: MAX_HITS },
  faceting: { maxValuesPerFacet: 100_000 },
} satisfies Settings;

/** The document field each facet counts. */
const FACET_FIELDS: Record<FacetName, keyof MeiliDocument> = {
  types: 'type',
  languages: 'language',
  sources: 'sourceId',
  companies: 'companyIds',
  topics: 'topicTree',
  days: 'day',
};

/** The `code` of an error Meilisearch answered with (`invalid_search_filter`…), if it is one. */
function apiErrorCode(error: unknown): string | undefined {
  return (error as { cause?: { code?: unknown } }).cause?.code as string | undefined;
}

/** Connection failures and time-outs become `IndexUnavailableError`; query errors stay as they are. */
function unavailable(error: unknown): unknown {
  const name = (error as { name?: string }).name ?? '';
  if (name !== 'MeilisearchRequestError' && name !== 'MeilisearchRequestTimeOutError') return error;
  // What went wrong underneath ("request timed out after 10000ms", "connect ECONNREFUSED …").
  const cause = (error as { cause?: { message?: string; cause?: { message?: string } } }).cause;
  const why = cause?.cause?.message ?? cause?.message;
  const message = `Meilisearch unreachable: ${(error as Error).message}${why ? ` (${why})` : ''}`;
  return new IndexUnavailableError(message, { cause: error });
}

export class MeilisearchArticleIndex implements ArticleIndex {
  readonly kind = 'meilisearch';
  private readonly client: Meilisearch;
  private readonly index: Index<MeiliDocument>;
  private readonly wait: { timeout: number; interval: number };
  /** Child → parent of the topic tree; null when not given (documents are then written without `topicTree`). */
  private readonly parents: ReadonlyMap<number, number> | null;

  constructor(private readonly options: MeilisearchIndexOptions) {
    this.client = new Meilisearch({
      host: options.host,
      ...(options.apiKey ? { apiKey: options.apiKey } : {}),
      // A connection per request: on a kept-alive connection Meilisearch (1.16) answers anything over a
      // few KB about 40 ms late (its last segment waits for our delayed acknowledgement); a fresh
      // connection is acknowledged at once. A page of the feed took 92 ms, now 9 (bench/RESULTS.md, session 22).
      requestInit: { headers: { Connection: 'close' } },
      timeout: options.requestTimeoutMs ?? 10_000,
    });
    this.index = this.client.index<MeiliDocument>(options.indexUid);
    this.wait = { timeout: options.taskTimeoutMs ?? 60_000, interval: 50 };
    this.parents = options.topicParents
      ? new Map(Object.entries(options.topicParents).map(([child, parent]) => [Number(child), parent]))
      : null;
  }

  private toDocument(article: Article): MeiliDocument {
    return toDocument(article, this.parents);
  }

  async init(): Promise<void> {
    try {
      await this.createIndex(this.options.indexUid);
    } catch (error) {
      throw unavailable(error);
    }
  }

  /**
   * Creates the index with its settings, or brings an existing index's settings up to date: a newer
   * Tidings may filter or count by fields an older one did not declare. On a large index Meilisearch
   * then re-indexes for minutes, so that update is not awaited here (the process starts; writes queue
   * behind it in Meilisearch, and facets count the articles they read until it is done).
   */
  private async createIndex(uid: string): Promise<void> {
    const created = await this.client.createIndex(uid, { primaryKey: 'id' }).waitTask(this.wait);
    const index = this.client.index<MeiliDocument>(uid);
    if (created.status === 'succeeded') {
      await index.updateSettings(SETTINGS).waitTask(this.wait);
      return;
    }
    const current = await index.getSettings();
    const names = (list: unknown[] | null | undefined) =>
      [...new Set((list ?? []).map((entry) => (typeof entry === 'string' ? entry : JSON.stringify(entry))))].sort();
    const same =
      JSON.stringify(current.searchableAttributes) === JSON.stringify(SETTINGS.searchableAttributes) &&
      JSON.stringify(current.localizedAttributes ?? null) === JSON.stringify(SETTINGS.localizedAttributes) &&
      JSON.stringify(names(current.filterableAttributes)) === JSON.stringify(names(SETTINGS.filterableAttributes)) &&
      JSON.stringify(names(current.sortableAttributes)) === JSON.stringify(names(SETTINGS.sortableAttributes)) &&
      current.pagination?.maxTotalHits === SETTINGS.pagination.maxTotalHits &&
      current.faceting?.maxValuesPerFacet === SETTINGS.faceting.maxValuesPerFacet;
    if (!same) await index.updateSettings(SETTINGS);
    // The words of documents written before Tidings gave Meilisearch its own form of them (meiliWord).
    if (!current.localizedAttributes?.length && ((await index.getStats()).numberOfDocuments ?? 0) > 0) {
      process.emitWarning(
        `Meilisearch index ${uid} was written by an older Tidings: run \`tidings reindex --all\` once, so that ` +
          'search terms with words in other scripts than Latin (or starting with 0x) find its articles',
        'TidingsIndexWarning',
      );
    }
  }

  /** During a whole-index rebuild: the index being filled, and the writes made meanwhile. */
  private rebuilding: { fresh: Index<MeiliDocument>; log: WriteOp[]; direct: boolean } | null = null;

  /**
   * A write to the live index and, during a rebuild, to the index being filled: logged while the fill
   * runs and replayed on it once the fill is done (so that the fill's older copies never win), then
   * applied directly until the swap.
   */
  private async write<T>(op: (index: Index<MeiliDocument>) => Promise<T>): Promise<T> {
    const result = await op(this.index);
    const rebuild = this.rebuilding;
    if (rebuild) {
      if (rebuild.direct) await op(rebuild.fresh);
      else rebuild.log.push(op);
    }
    return result;
  }

  /** A search of the live index, its words read as the documents' ({@link WORDS_LOCALES}). */
  private search<S extends SearchParams>(q: string, params: S) {
    return this.index.search<MeiliDocument, S>(q, { ...params, locales: WORDS_LOCALES });
  }

  /** Several searches in one request, their words read as the documents' ({@link WORDS_LOCALES}). */
  private multiSearch(queries: MultiSearchQuery[]) {
    return this.client.multiSearch({ queries: queries.map((query) => ({ ...query, locales: WORDS_LOCALES })) });
  }

  /** Deletes this index and everything in it (throw-away indexes of tests and benchmarks). */
  async drop(): Promise<void> {
    await this.client.deleteIndexIfExists(this.options.indexUid);
  }

  /**
   * Story grouping of articles not stored yet (CONTRACT §1.7, the rules of `stories.ts`): candidates
   * are stored articles of the 72-hour window sharing at least two band keys (one multi-search for
   * the batch) and earlier articles of the batch; the first that `sameStory` accepts gives its story.
   */
  private async assignStories(fresh: Article[]): Promise<Article[]> {
    if (!fresh.length) return fresh;
    const words = fresh.map(storyWordsOf);
    const keys = words.map((w) => storyBands(w));
    const published = fresh.map((a) => Date.parse(a.publishedAt));
    const asked = fresh.map((_, i) => i).filter((i) => keys[i]!.length);
    // One search a new article, in requests of at most SEARCHES_A_REQUEST (a group of fetches may bring thousands).
    const results: { hits: unknown[] }[] = [];
    for (const run of runsOf(asked, SEARCHES_A_REQUEST)) {
      const answer = await this.multiSearch(
        run.map((i) => ({
          indexUid: this.options.indexUid,
          q: '',
          filter: [
            `storyBands IN ${list(keys[i]!)}`,
            `publishedTs >= ${published[i]! - STORY_WINDOW_MS}`,
            `publishedTs <= ${published[i]! + STORY_WINDOW_MS}`,
          ],
          limit: 64,
          attributesToRetrieve: ['id', 'storyId', 'storyBands', 'headline', 'introduction'],
        })),
      );
      results.push(...answer.results);
    }
    const stored = new Map(asked.map((i, n) => [i, results[n]!.hits as unknown as Partial<MeiliDocument>[]]));
    const out: Article[] = [];
    fresh.forEach((article, i) => {
      const mine = new Set(keys[i]);
      const shared = (bands: readonly number[]) => bands.filter((b) => mine.has(b)).length;
      const candidates = [
        ...(stored.get(i) ?? []).map((hit) => ({
          id: hit.id!,
          story: hit.storyId ?? hit.id!,
          shared: shared(hit.storyBands ?? []),
          words: storyWordsOf({ headline: hit.headline ?? '', introduction: hit.introduction ?? '' }),
        })),
        ...out.flatMap((earlier, j) =>
          Math.abs(published[j]! - published[i]!) <= STORY_WINDOW_MS
            ? [{ id: earlier.id, story: earlier.story!.id, shared: shared(keys[j]!), words: words[j]! }]
            : [],
        ),
      ]
        .filter((c) => c.id !== article.id && c.shared >= 2)
        .sort((a, b) => b.shared - a.shared)
        .slice(0, 8);
      const text = candidates.length ? storyText(words[i]!) : null;
      const match = candidates.find((c) => sameStory(text!, storyText(c.words)));
      out.push({ ...article, story: { id: match?.story ?? article.id, size: 1 } });
    });
    return out;
  }

  /**
   * Runs writes that read what is stored first (what is new, which story it joins) one at a time: a
   * worker ingests many feeds at once, and Meilisearch shows a write to reads only once its task is
   * done — two outlets' copies of one story fetched together would each start a story of their own,
   * and one feed fetched twice at once would create its articles twice. (Fetches that arrive while
   * one is written are written together next: `ingestQueued`.) Other processes' writes take turns
   * with them through the `writeLock` option.
   */
  private serially<T>(work: () => Promise<T>): Promise<T> {
    const lock = this.options.writeLock;
    const locked = lock ? () => lock(work) : work;
    const run = this.writing.then(locked, locked);
    this.writing = run.catch(() => undefined);
    return run;
  }

  private writing: Promise<unknown> = Promise.resolve();

  async upsert(articles: readonly Article[]): Promise<void> {
    return this.serially(() => this.upsertNow(articles));
  }

  private async upsertNow(articles: readonly Article[]): Promise<void> {
    if (!articles.length) return;
    // Stored articles keep their story; new ones are grouped.
    const stored = new Map((await this.documents(articles.map((a) => a.id))).map((a) => [a.id, a.story!]));
    const grouped = new Map(
      (await this.assignStories(articles.filter((a) => !stored.has(a.id)))).map((a) => [a.id, a.story!]),
    );
    const docs = articles.map((a) => this.toDocument({ ...a, story: stored.get(a.id) ?? grouped.get(a.id)! }));
    await this.write((index) => index.addDocuments(docs).waitTask(this.wait));
  }

  async ingest(batch: IngestBatch): Promise<IngestResult> {
    return new Promise((resolve, reject) => {
      this.ingests.push({ batch, resolve, reject });
      void this.ingestQueued();
    });
  }

  /** Fetches waiting to be written (`ingest`), and whether a group of them is being written. */
  private readonly ingests: {
    batch: IngestBatch;
    resolve: (result: IngestResult) => void;
    reject: (error: unknown) => void;
  }[] = [];
  private ingesting = false;

  /**
   * Writes the waiting fetches, those that arrived together as one group (a group commit), one group
   * at a time (`serially`, with `upsert`).
   */
  private async ingestQueued(): Promise<void> {
    if (this.ingesting) return;
    this.ingesting = true;
    try {
      while (this.ingests.length) {
        const group = this.ingests.splice(0);
        try {
          const results = await this.serially(() => this.ingestGroup(group.map((g) => g.batch)));
          group.forEach((g, i) => g.resolve(results[i]!));
        } catch (error) {
          for (const g of group) g.reject(error);
        }
      }
    } finally {
      this.ingesting = false;
    }
  }

  /**
   * Fetches written together, in order, each merged by the rules of `ingest.ts` against what is stored
   * — including what the fetches before it in the group brought — then the new articles grouped into
   * stories together and written at once, and the stored ones updated.
   */
  private async ingestGroup(batches: readonly IngestBatch[]): Promise<IngestResult[]> {
    const incoming = batches.map((batch) => decodeArticles(batch.articles));
    const ids = [...new Set(incoming.flat().map((a) => a.id))];
    const stored = new Map((await this.getByIds(ids)).map((a) => [a.id, a]));
    const storedBefore = new Set(stored.keys());
    // The latest version of each article the group changed: new ones, and ones stored before it.
    const fresh = new Map<string, Article>();
    const known = new Map<string, Article>();
    const results = batches.map((batch, i) => {
      const { changed, created } = mergeIngest(batch, incoming[i]!, stored);
      for (const article of changed) {
        (storedBefore.has(article.id) ? known : fresh).set(article.id, article);
        stored.set(article.id, article);
      }
      return { created, updated: changed.length - created };
    });
    // New articles in whole; stored ones as partial updates without the host flags, so that a probe's
    // `setHostFlags` landing between this read and this write is not overwritten with the flags read.
    const added = await this.assignStories([...fresh.values()]);
    if (added.length) {
      const docs = added.map((a) => this.toDocument(a));
      await this.write((index) => index.addDocuments(docs).waitTask(this.wait));
    }
    if (known.size) {
      const partial = [...known.values()].map((a) => {
        // Nor the story: it never changes once given.
        const {
          https: _https,
          iframeable: _iframeable,
          storyId: _storyId,
          storyHead: _storyHead,
          ...rest
        } = this.toDocument(a);
        return rest;
      });
      await this.write((index) => index.updateDocuments(partial).waitTask(this.wait));
    }
    return results;
  }

  private async deleted(task: Promise<{ details?: unknown }>): Promise<number> {
    const details = (await task).details as { deletedDocuments?: number } | undefined;
    return details?.deletedDocuments ?? 0;
  }

  async remove(ids: readonly string[]): Promise<number> {
    if (!ids.length) return 0;
    return this.deleted(this.write((index) => index.deleteDocuments([...ids]).waitTask(this.wait)));
  }

  async removeBySource(sourceId: string): Promise<number> {
    const filter = `sourceId = ${quote(sourceId)}`;
    return this.deleted(this.write((index) => index.deleteDocuments({ filter }).waitTask(this.wait)));
  }

  async removePublishedBefore(ms: number): Promise<number> {
    const filter = `publishedTs < ${ms}`;
    return this.deleted(this.write((index) => index.deleteDocuments({ filter }).waitTask(this.wait)));
  }

  /** Ids and sort keys of every match (up to the exact-total limit), newest first; phrases OR-ed. */
  private async matchingKeys(
    filters: FeedFilters,
    after: CursorPosition | null | undefined,
    ids: readonly string[] | undefined,
    limit: number,
    storyId: string | null = null,
    /** Which page of `limit` matches (1: the first). */
    page = 1,
    fields = KEY_FIELDS,
  ): Promise<{ keys: MatchKey[]; total: number; complete: boolean }> {
    const filter = [...meiliFilter(filters, after, ids), ...(storyId ? [`storyId = ${quote(storyId)}`] : [])];
    const terms = filters.searchTerms.length ? filters.searchTerms : [null];
    const { results } = await this.multiSearch(
      terms.map((term) => ({
        indexUid: this.options.indexUid,
        q: term ? phrase(term) : '',
        filter,
        sort: SORT,
        page,
        hitsPerPage: limit,
        attributesToRetrieve: fields,
      })),
    );
    const byId = new Map<string, MatchKey>();
    let total = 0;
    // Every match was returned when no search had more than `limit`.
    let complete = true;
    for (const result of results) {
      const hits = (result as { totalHits?: number }).totalHits ?? 0;
      total = Math.max(total, hits);
      if (hits > result.hits.length) complete = false;
      for (const hit of result.hits as unknown as MatchKey[]) byId.set(hit.id, hit);
    }
    const keys = [...byId.values()].sort((a, b) => b.publishedTs - a.publishedTs || b.idKey - a.idKey);
    return { keys, total: terms.length === 1 ? total : keys.length, complete };
  }

  /** The stored articles of these ids, in their order (those not stored left out). */
  private async documents(ids: string[]): Promise<Article[]> {
    const byId = new Map<string, Article>();
    for (const run of runsOf([...new Set(ids)], IN_VALUES)) {
      const { results } = await this.index.getDocuments({
        filter: `id IN ${list(run)}`,
        fields: READ_FIELDS,
        limit: run.length,
      });
      results.forEach((doc) => byId.set(doc.id as string, fromDocument(doc)));
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** How many articles each of these stories has now (a facet count for up to {@link IN_VALUES} of them). */
  private async storySizes(stories: readonly string[]): Promise<Record<string, number>> {
    const sizes: Record<string, number> = {};
    for (const run of runsOf([...new Set(stories)], IN_VALUES)) {
      const result = await this.search('', { filter: `storyId IN ${list(run)}`, limit: 0, facets: ['storyId'] });
      Object.assign(sizes, result.facetDistribution?.storyId);
    }
    return sizes;
  }

  private static sized(articles: Article[], sizes: Record<string, number>): Article[] {
    for (const article of articles) article.story = { id: article.story!.id, size: sizes[article.story!.id] ?? 1 };
    return articles;
  }

  /** The current size of each article's story. */
  private async withStorySizes(articles: Article[]): Promise<Article[]> {
    return MeilisearchArticleIndex.sized(articles, await this.storySizes(articles.map((a) => a.story!.id)));
  }

  /**
   * The articles of a page's matches with their story sizes: the documents and the sizes are asked for
   * at once (the matches carry their story ids), one round trip instead of two after the matching.
   */
  private async pageOf(keys: readonly MatchKey[]): Promise<Article[]> {
    const [articles, sizes] = await Promise.all([
      this.documents(keys.map((k) => k.id)),
      this.storySizes(keys.map((k) => k.storyId ?? k.id)),
    ]);
    return MeilisearchArticleIndex.sized(articles, sizes);
  }

  async getByIds(ids: readonly string[], filters?: FeedFilters): Promise<Article[]> {
    if (!ids.length) return [];
    try {
      if (!filters) return await this.withStorySizes(await this.documents([...ids]));
      const { keys } = await this.matchingKeys(filters, null, ids, ids.length);
      const matching = new Set(keys.map((k) => k.id));
      return await this.withStorySizes(await this.documents(ids.filter((id) => matching.has(id))));
    } catch (error) {
      throw unavailable(error);
    }
  }

  async query(query: IndexQuery): Promise<IndexPage> {
    try {
      return await this.queryOnce(query);
    } catch (error) {
      throw unavailable(error);
    }
  }

  private async queryOnce(query: IndexQuery): Promise<IndexPage> {
    const offset = query.offset ?? 0;
    // Several search terms are one phrase search each, united here; one term is a single search.
    const union = query.filters.searchTerms.length > 1;
    const storyId = query.storyId ?? null;
    if (query.filters.collapseStories) {
      const collapsed = await this.collapsedPage(query, offset, storyId);
      if (collapsed) return collapsed;
      // Every match (up to the exact-total limit), reduced to each story's earliest article here.
      const all = await this.matchingKeys(query.filters, null, undefined, EXACT_TOTAL_LIMIT + 1, storyId);
      const stories = collapseKeys(all.keys);
      const after = query.after;
      const rest = after
        ? stories.filter(
            (k) => k.publishedTs < after.key || (k.publishedTs === after.key && k.idKey < idKeyOf(after.id)),
          )
        : stories;
      const slice = rest.slice(offset, offset + query.limit);
      return {
        articles: await this.pageOf(slice),
        total: Math.min(stories.length, EXACT_TOTAL_LIMIT),
        totalExact: all.total <= EXACT_TOTAL_LIMIT,
        hasMore: rest.length > offset + query.limit,
      };
    }
    // With one search term or none, one query gives the page and the exact total — a page that starts
    // at a multiple of its size (every `page` of the API) is asked for as that page, others with the
    // matches before them. With several terms the page is the newest of every term's newest matches
    // united; up to four terms Meilisearch counts their union (`unionTotal`), beyond that it is built
    // here from every term's matches (bounded by the exact-total limit).
    const counted = union && query.filters.searchTerms.length <= UNION_COUNT_TERMS;
    const aligned = !union && offset > 0 && offset % query.limit === 0;
    const skipped = aligned ? offset : 0;
    const want = union && !counted ? EXACT_TOTAL_LIMIT + 1 : aligned ? query.limit : offset + query.limit + 1;
    if (counted) {
      const [page, total] = await Promise.all([
        this.matchingKeys(query.filters, query.after, undefined, Math.min(want, EXACT_TOTAL_LIMIT + 1), storyId),
        this.unionTotal(query.filters, storyId),
      ]);
      return {
        articles: await this.pageOf(page.keys.slice(offset, offset + query.limit)),
        total: Math.min(total, EXACT_TOTAL_LIMIT),
        totalExact: total <= EXACT_TOTAL_LIMIT,
        hasMore: page.keys.length > offset + query.limit,
      };
    }
    const [page, whole] = await Promise.all([
      this.matchingKeys(
        query.filters,
        query.after,
        undefined,
        Math.min(want, EXACT_TOTAL_LIMIT + 1),
        storyId,
        aligned ? offset / query.limit + 1 : 1,
      ),
      query.after
        ? this.matchingKeys(query.filters, null, undefined, union ? EXACT_TOTAL_LIMIT + 1 : 1, storyId)
        : null,
    ]);
    const slice = page.keys.slice(offset - skipped, offset - skipped + query.limit);
    const totalMatches = (whole ?? page).total;
    return {
      articles: await this.pageOf(slice),
      total: Math.min(totalMatches, EXACT_TOTAL_LIMIT),
      totalExact: totalMatches <= EXACT_TOTAL_LIMIT,
      hasMore: page.keys.length > offset - skipped + query.limit || page.total > offset + query.limit,
    };
  }

  /** A search that counts the articles matching the filter and every one of these search terms. */
  private countOf(terms: readonly SearchTerm[], filter: string[]) {
    return {
      indexUid: this.options.indexUid,
      q: terms.map(phrase).join(' '),
      matchingStrategy: 'all' as const,
      filter,
      page: 1,
      hitsPerPage: 0,
    };
  }

  /**
   * How many articles match any of several search terms (two to `UNION_COUNT_TERMS`), counted by
   * Meilisearch in one multi-search: by inclusion–exclusion over every set of the terms, whose phrases
   * searched together (`matchingStrategy: 'all'`) match the articles that have each of them. When one
   * term alone matches more than the exact-total limit, so does the union: that count is returned.
   */
  private async unionTotal(filters: FeedFilters, storyId: string | null): Promise<number> {
    const filter = [...meiliFilter(filters), ...(storyId ? [`storyId = ${quote(storyId)}`] : [])];
    const sets = termSets(filters.searchTerms);
    const { results } = await this.multiSearch(sets.map((set) => this.countOf(set, filter)));
    let total = 0;
    for (const [i, set] of sets.entries()) {
      const count = (results[i] as { totalHits?: number }).totalHits ?? 0;
      if (set.length === 1 && count > EXACT_TOTAL_LIMIT) return count;
      total += set.length % 2 ? count : -count;
    }
    return total;
  }

  /**
   * A page of `collapseStories`, collapsed by Meilisearch (`distinct` on the story), or null (collapsed
   * here instead) with several search terms, whose union Meilisearch cannot collapse, or where it
   * cannot page (see `newestStories`). The total is Meilisearch's exact count of distinct stories.
   * A story's place is its earliest match, so pages are read one of two ways:
   * - near the top (and every cursor page: the cursor's filter puts its position at the top),
   *   `newestStories`;
   * - deep `page`s of at most 10 000 stories, from the end of the oldest-first order, where each
   *   story's first match is its earliest: the page is the slice that ends `offset` stories before
   *   the end.
   */
  private async collapsedPage(query: IndexQuery, offset: number, storyId: string | null): Promise<IndexPage | null> {
    const { filters, after } = query;
    if (filters.searchTerms.length > 1) return null;
    const search = this.storiesSearch(filters, storyId);
    const counted = this.storyCount(search, null);
    const page = (keys: MatchKey[], hasMore: boolean, total: number) =>
      this.pageOf(keys).then((articles) => ({
        articles,
        total: Math.min(total, EXACT_TOTAL_LIMIT),
        totalExact: total <= EXACT_TOTAL_LIMIT,
        hasMore,
      }));
    // The page's stories and whether more follow, or null.
    const newestPage = async (): Promise<[MatchKey[], boolean] | null> => {
      const newest = await this.newestStories(search, after, offset + query.limit + 1);
      return newest && [newest.slice(offset, offset + query.limit), newest.length > offset + query.limit];
    };
    if (offset < DEEP_STORY_OFFSET) {
      const [total, newest] = await Promise.all([counted, newestPage()]);
      return newest && page(...newest, total);
    }
    const [total, before] = await Promise.all([counted, after ? this.storyCount(search, after) : counted]);
    if (before > EXACT_TOTAL_LIMIT) {
      const newest = await newestPage();
      return newest && page(...newest, total);
    }
    const end = before - offset;
    const start = Math.max(0, end - query.limit);
    let keys: MatchKey[] = [];
    if (end > 0) {
      const { hits } = await this.search(search.q, {
        filter: search.filterAt(after),
        distinct: 'storyId',
        sort: OLDEST_FIRST,
        offset: start,
        limit: end - start,
        attributesToRetrieve: KEY_FIELDS,
      });
      keys = (hits as unknown as MatchKey[]).reverse();
    }
    return page(keys, start > 0, total);
  }

  /**
   * How many stories match (at a position: below a cursor's), or the exact-total limit and one when
   * more do. Counts come first, a millisecond each: the matches and, where they are more than 10 000,
   * those that are their story's first article (`storyHead`: never more than the stories; more than
   * 10 000 of them, more than 10 000 stories). Otherwise Meilisearch counts the distinct stories
   * exactly, in time in proportion to the matches (about 3 µs a match on 1.50): up to
   * {@link STORY_COUNT_MATCHES} matches at once; beyond, only after a `distinct` search that skips
   * 10 000 stories (about 30 µs a story) finds no more (bench/RESULTS.md, session 68).
   */
  private async storyCount(
    search: ReturnType<MeilisearchArticleIndex['storiesSearch']>,
    position: CursorPosition | null | undefined,
  ): Promise<number> {
    const filter = search.filterAt(position);
    const count = (extra: string[]) =>
      this.search(search.q, { filter: [...filter, ...extra], page: 1, hitsPerPage: 0 }).then(
        (result) => result.totalHits ?? 0,
      );
    const matches = await count([]);
    if (matches <= 1) return matches;
    if (matches > EXACT_TOTAL_LIMIT) {
      // 0 while the index's settings do not declare `storyHead` yet (their update still running).
      const heads = await count(['storyHead = true']).catch((error: unknown) => {
        if (apiErrorCode(error) === 'invalid_search_filter') return 0;
        throw error;
      });
      if (heads > EXACT_TOTAL_LIMIT) return EXACT_TOTAL_LIMIT + 1;
    }
    if (matches > (this.options.storyCountMatches ?? STORY_COUNT_MATCHES)) {
      const beyond = await this.search(search.q, {
        filter,
        distinct: 'storyId',
        offset: EXACT_TOTAL_LIMIT,
        limit: 1,
        attributesToRetrieve: ['id'],
      });
      if (beyond.hits.length) return EXACT_TOTAL_LIMIT + 1;
    }
    const all = await this.search(search.q, { filter, distinct: 'storyId', page: 1, hitsPerPage: 0 });
    return all.totalHits ?? 0;
  }

  /**
   * The `n` stories whose earliest matches are the newest, those matches newest first; null when that
   * takes more than `MAX_HITS` candidates (Meilisearch pages no further).
   * Candidates come from `distinct` newest first — each story once, at its newest match — and each
   * candidate's earliest match is then asked for (`distinct` oldest first among the candidates'
   * stories). A story's earliest match is never newer than its newest, so once a candidate's newest
   * match is no newer than the `n`-th earliest match found, no later candidate can enter.
   */
  private async newestStories(
    search: ReturnType<MeilisearchArticleIndex['storiesSearch']>,
    after: CursorPosition | null | undefined,
    n: number,
  ): Promise<MatchKey[] | null> {
    const found: MatchKey[] = [];
    for (let from = 0; ;) {
      // Twice what is left to find (most stories have one article), within what Meilisearch pages.
      const chunk = Math.min(Math.max(2 * (n - found.length), 100), MAX_HITS - from);
      if (chunk <= 0) return null;
      const { hits } = await this.search(search.q, {
        filter: search.filterAt(after),
        distinct: 'storyId',
        sort: SORT,
        offset: from,
        limit: chunk,
        attributesToRetrieve: KEY_FIELDS,
      });
      const candidates = hits as unknown as MatchKey[];
      // Documents an older Tidings wrote have no story: each is one on its own.
      const stories = candidates.flatMap((k) => (k.storyId === undefined ? [] : [k.storyId]));
      const earliest = new Map<string, MatchKey>();
      if (stories.length) {
        const firsts = await this.search(search.q, {
          filter: [...search.filterAt(after), `storyId IN ${list(stories)}`],
          distinct: 'storyId',
          sort: OLDEST_FIRST,
          limit: stories.length,
          attributesToRetrieve: KEY_FIELDS,
        });
        for (const hit of firsts.hits as unknown as MatchKey[]) earliest.set(hit.storyId!, hit);
      }
      for (const candidate of candidates) {
        found.push(candidate.storyId === undefined ? candidate : (earliest.get(candidate.storyId) ?? candidate));
      }
      found.sort(newestFirst);
      from += chunk;
      const last = candidates.at(-1);
      if (candidates.length < chunk || !last) return found.slice(0, n);
      if (found.length >= n && newestFirst(last, found[n - 1]!) >= 0) return found.slice(0, n);
    }
  }

  /**
   * What a search for one article per story (`distinct` on the story) asks for: the query of the
   * search term (at most one) and the filter at a position (a cursor's, or none).
   */
  private storiesSearch(filters: FeedFilters, storyId: string | null = null) {
    const term = filters.searchTerms[0];
    return {
      q: term ? phrase(term) : '',
      filterAt: (position?: CursorPosition | null) => [
        ...meiliFilter(filters, position),
        ...(storyId ? [`storyId = ${quote(storyId)}`] : []),
      ],
    };
  }

  /**
   * Counted by Meilisearch over every match (its facet distribution) when it can: no story collapsing,
   * at most `UNION_COUNT_TERMS` search terms (several: united by inclusion–exclusion), and every
   * matching document carrying the fields the asked facets count (`day`, `topicTree`: documents
   * written before them, or without the topic tree, lack them until `tidings reindex --all`).
   * Otherwise counted here from the matches' fields (`facetsOfMatches`).
   */
  async facets(query: FacetQuery): Promise<FacetCounts> {
    try {
      const counted = await this.facetsCounted(query).catch((error: unknown) => {
        // The index's settings do not declare `day` or `topicTree` yet (their update still running).
        if (['invalid_search_filter', 'invalid_search_facets'].includes(apiErrorCode(error) ?? '')) return null;
        throw error;
      });
      return counted ?? (await this.facetsOfMatches(query));
    } catch (error) {
      throw unavailable(error);
    }
  }

  /** The facets as Meilisearch counts them, or null when it cannot count these (see `facets`). */
  private async facetsCounted(query: FacetQuery): Promise<FacetCounts | null> {
    const { filters } = query;
    if (filters.collapseStories || filters.searchTerms.length > UNION_COUNT_TERMS) return null;
    const fields = query.facets.map((name) => FACET_FIELDS[name]);
    const needed = fields.filter((f) => f === 'day' || f === 'topicTree');
    const filter = meiliFilter(filters);
    // Several terms: each set of them searched together, the counts united by inclusion–exclusion.
    const sets = termSets(filters.searchTerms);
    const search = (set: SearchTerm[]) => this.countOf(set, filter);
    const singles = sets.filter((set) => set.length <= 1);
    const { results } = await this.multiSearch([
      ...sets.map((set) => ({ ...search(set), facets: fields })),
      ...(needed.length
        ? singles.map((set) => ({
            ...search(set),
            filter: [...filter, needed.map((f) => `${f} NOT EXISTS OR ${f} IS NULL`).join(' OR ')],
          }))
        : []),
    ]);
    const answers = results as { totalHits?: number; facetDistribution?: Record<string, Record<string, number>> }[];
    if (answers.slice(sets.length).some((missing) => (missing.totalHits ?? 0) > 0)) return null;
    const sums = new Map<string, Map<string, number>>(fields.map((f) => [f, new Map()]));
    let total = 0;
    for (const [i, set] of sets.entries()) {
      const sign = set.length % 2 || !set.length ? 1 : -1;
      const answer = answers[i]!;
      if (set.length <= 1 && (answer.totalHits ?? 0) > EXACT_TOTAL_LIMIT) total = Infinity;
      total += sign * (answer.totalHits ?? 0);
      for (const [field, counts] of Object.entries(answer.facetDistribution ?? {})) {
        const sum = sums.get(field)!;
        for (const [value, n] of Object.entries(counts)) sum.set(value, (sum.get(value) ?? 0) + sign * n);
      }
    }
    return countsOfSums(sums, Number.isFinite(total) ? total : EXACT_TOTAL_LIMIT + 1, query.size);
  }

  /**
   * The facets counted here from the matches' facet fields: with stories collapsed, from Meilisearch's
   * counts of every match where it can (`collapsedFacetsCounted`), else of each story's earliest match
   * as Meilisearch picks them (`distinct`, oldest first: every story when there are at most 10 000);
   * otherwise the matches, newest first, up to the exact-total limit (10 000), each term's united and
   * then collapsed where asked — beyond it the counts say so (`counted`).
   */
  private async facetsOfMatches(query: FacetQuery): Promise<FacetCounts> {
    const { filters } = query;
    const count = (matches: readonly FacetMatch[], extra: Partial<FacetCounts> = {}): FacetCounts => {
      const values = matches.map(facetValuesOf);
      const counts = { ...countFacetValues(values, query.facets, this.parents ?? new Map()), ...extra };
      return query.size ? cutFacets(counts, query.size) : counts;
    };
    if (filters.collapseStories && filters.searchTerms.length <= 1) {
      const exact = await this.collapsedFacetsCounted(query);
      if (exact) return exact;
      const { q, filterAt } = this.storiesSearch(filters);
      const stories = await this.search(q, {
        filter: filterAt(),
        distinct: 'storyId',
        sort: OLDEST_FIRST,
        // Not a page: Meilisearch would count every match's story, which takes time in proportion to them.
        limit: EXACT_TOTAL_LIMIT + 1,
        attributesToRetrieve: FACET_MATCH_FIELDS,
      });
      if (stories.hits.length <= EXACT_TOTAL_LIMIT) return count(stories.hits);
    }
    const matched = await this.matchingKeys(filters, null, undefined, EXACT_TOTAL_LIMIT, null, 1, FACET_MATCH_FIELDS);
    const matches = matched.keys as FacetMatch[];
    const counted = filters.collapseStories ? collapseKeys(matches) : matches;
    return count(counted, {
      total: filters.collapseStories ? counted.length : matched.total,
      ...(matched.complete ? {} : { counted: matched.keys.length }),
    });
  }

  /**
   * The facets of collapsed stories, however many, counted exactly: Meilisearch counts every match
   * (its facet distribution, with how many matches each story has), and the matches of the stories
   * that have several are read to take away all but each story's earliest (ties: smallest id). At
   * 17 000 stories this took 0.43 s where a `distinct` search of 10 001 stories took 0.6 s. Null with
   * several search terms, more stories than Meilisearch lists values of a facet, more than `MAX_HITS`
   * matches in stories of several matches, or documents without the counted fields; found at once, by
   * a count, when the matches alone are too many for it.
   */
  private async collapsedFacetsCounted(query: FacetQuery): Promise<FacetCounts | null> {
    const { filters } = query;
    if (filters.searchTerms.length > 1) return null;
    const fields = query.facets.map((name) => FACET_FIELDS[name]);
    const needed = fields.filter((f) => f === 'day' || f === 'topicTree');
    const filter = meiliFilter(filters);
    const search = this.countOf(filters.searchTerms, filter);
    // Past this many matches it cannot succeed: the stories would be too many to list, or the matches
    // of stories of several too many to read. A count alone costs little; the lists below do not.
    const counted = (await this.multiSearch([search])).results[0] as { totalHits?: number };
    if ((counted.totalHits ?? 0) >= SETTINGS.faceting.maxValuesPerFacet + MAX_HITS) return null;
    const { results } = await this.multiSearch([
      { ...search, facets: [...fields, 'storyId'] },
      ...(needed.length
        ? [{ ...search, filter: [...filter, needed.map((f) => `${f} NOT EXISTS OR ${f} IS NULL`).join(' OR ')] }]
        : []),
    ]).catch((error: unknown) => {
      if (['invalid_search_filter', 'invalid_search_facets'].includes(apiErrorCode(error) ?? ''))
        return { results: [] };
      throw error;
    });
    const [all, missing] = results as {
      totalHits?: number;
      facetDistribution?: Record<string, Record<string, number>>;
    }[];
    if (!all || (missing?.totalHits ?? 0) > 0) return null;
    const perStory = Object.entries(all.facetDistribution?.storyId ?? {});
    if (perStory.length >= SETTINGS.faceting.maxValuesPerFacet) return null;
    const shared = perStory.filter(([, n]) => n > 1);
    const sharedMatches = shared.reduce((sum, [, n]) => sum + n, 0);
    if (sharedMatches > MAX_HITS) return null;
    // Documents an older Tidings wrote without a story are stories of their own.
    const withStory = perStory.reduce((sum, [, n]) => sum + n, 0);
    const total = perStory.length + (all.totalHits ?? 0) - withStory;
    const sums = new Map<string, Map<string, number>>(
      fields.map((f) => [f, new Map(Object.entries(all.facetDistribution?.[f] ?? {}))]),
    );
    // The stories' later matches, a thousand stories to a search, taken away.
    const STORIES_A_SEARCH = 1_000;
    const searches = [];
    for (let from = 0; from < shared.length; from += STORIES_A_SEARCH) {
      const chunk = shared.slice(from, from + STORIES_A_SEARCH);
      searches.push({
        ...search,
        filter: [...filter, `storyId IN ${list(chunk.map(([id]) => id))}`],
        hitsPerPage: chunk.reduce((sum, [, n]) => sum + n, 0),
        attributesToRetrieve: FACET_MATCH_FIELDS,
      });
    }
    const read = searches.length ? (await this.multiSearch(searches)).results : [];
    const matches = read.flatMap((answer) => answer.hits as unknown as FacetMatch[]);
    const earliest = new Set(collapseKeys(matches));
    const later = matches.filter((m) => !earliest.has(m));
    const takenAway = countFacetValues(later.map(facetValuesOf), query.facets, this.parents ?? new Map());
    for (const name of query.facets) {
      const sum = sums.get(FACET_FIELDS[name])!;
      for (const [value, n] of takenAway[name]) sum.set(String(value), (sum.get(String(value)) ?? 0) - n);
    }
    return countsOfSums(sums, total, query.size);
  }

  async story(storyId: string): Promise<StoryRef | null> {
    const result = await this.search('', { filter: `storyId = ${quote(storyId)}`, hitsPerPage: 1, page: 1 });
    const size = (result as { totalHits?: number }).totalHits ?? 0;
    return size ? { id: storyId, size } : null;
  }

  /**
   * Partial updates of the meaning fields only, for the articles still stored when read: a fetch's or
   * a probe's later writes to other fields stay. (An article deleted between this read and the update
   * would come back as a partial document: the window is one round trip, not a whole re-index.)
   */
  async reclassified(articles: readonly Article[]): Promise<number> {
    if (!articles.length) return 0;
    const stored = new Map((await this.getByIds(articles.map((a) => a.id))).map((a) => [a.id, a]));
    const changes: Partial<MeiliDocument>[] = [];
    for (const meaning of articles) {
      const current = stored.get(meaning.id);
      if (!current) continue;
      const merged = withMeaning(current, meaning);
      const topicIds = merged.topics.map((t) => t.id);
      changes.push({
        id: merged.id,
        topicIds,
        topicTree: this.parents ? topicTreeOf(topicIds, this.parents) : null,
        day: merged.publishedAt.slice(0, 10),
        companyIds: merged.companies.map((c) => c.id),
        paywalled: merged.paywalled,
        registrationRequired: merged.registrationRequired,
        doc: JSON.stringify(merged),
        // (Documents an older Tidings wrote get it here too.)
        storyHead: isStoryHead(merged),
      });
    }
    if (changes.length) await this.write((index) => index.updateDocuments(changes).waitTask(this.wait));
    return changes.length;
  }

  async setHostFlags(domain: string, flags: HostFlags): Promise<number> {
    const changes: Partial<MeiliDocument>[] = [];
    for (let offset = 0; ; offset += 1000) {
      const { results } = await this.index.getDocuments({
        filter: `domain = ${quote(domain)}`,
        fields: ['id', 'https', 'iframeable'],
        limit: 1000,
        offset,
      });
      for (const doc of results as Pick<MeiliDocument, 'id' | 'https' | 'iframeable'>[]) {
        const change: Partial<MeiliDocument> = { id: doc.id };
        if (flags.https !== undefined && doc.https !== flags.https) change.https = flags.https;
        if (flags.iframeable !== undefined && doc.iframeable !== flags.iframeable) change.iframeable = flags.iframeable;
        if (Object.keys(change).length > 1) changes.push(change);
      }
      if (results.length < 1000) break;
    }
    if (changes.length) await this.write((index) => index.updateDocuments(changes).waitTask(this.wait));
    return changes.length;
  }

  async scan({ sourceId = null, from = null, limit }: ScanOptions): Promise<ScanBatch> {
    const offset = from ? Number(from) : 0;
    const { results } = await this.index.getDocuments({
      ...(sourceId ? { filter: `sourceId = ${quote(sourceId)}` } : {}),
      fields: READ_FIELDS,
      limit: limit + 1,
      offset,
    });
    const page = results.slice(0, limit);
    return { articles: page.map(fromDocument), next: results.length > limit ? String(offset + limit) : null };
  }

  /**
   * Fills a fresh index and swaps it in atomically; queries use the old one until the swap. Articles
   * added to the old index meanwhile (by the worker) are carried over after the swap; changes made to
   * articles it already had, and removals, during the fill are not.
   */
  async rebuild(fill: (write: (articles: readonly Article[]) => Promise<void>) => Promise<void>): Promise<void> {
    // Whole seconds: `indexedAt` is written to the second.
    const began = Math.floor(Date.now() / 1000) * 1000;
    const uid = `${this.options.indexUid}_rebuild_${Date.now().toString(36)}`;
    await this.createIndex(uid);
    const fresh = this.client.index<MeiliDocument>(uid);
    const rebuild = { fresh, log: [] as WriteOp[], direct: false };
    this.rebuilding = rebuild;
    try {
      await fill(async (articles) => {
        if (articles.length) await fresh.addDocuments(articles.map((a) => this.toDocument(a))).waitTask(this.wait);
      });
      // What was written meanwhile, in order, over the fill's copies (the log may grow while this runs).
      for (let i = 0; i < rebuild.log.length; i++) await rebuild.log[i]!(fresh);
      rebuild.direct = true;
      // No `rename` field: Meilisearch before 1.18 (the compose file pins 1.16) refuses it, and false is its default.
      const swap = { indexes: [this.options.indexUid, uid] } as Parameters<Meilisearch['swapIndexes']>[0][number];
      await this.client.swapIndexes([swap]).waitTask(this.wait);
    } catch (error) {
      await this.client
        .deleteIndex(uid)
        .waitTask(this.wait)
        .catch(() => {});
      throw error;
    } finally {
      this.rebuilding = null;
    }
    // `uid` now names the old index. Every write of this process reached the new one; articles that
    // another process (a second worker, an import) added during the fill are carried over: those
    // indexed since the rebuild began and missing from the new index. (Their changes to articles
    // that existed before are not: run imports before or after a whole-index re-index.)
    const old = this.client.index<MeiliDocument>(uid);
    for (let offset = 0; ; offset += 1000) {
      const { results } = await old.getDocuments({ fields: READ_FIELDS, limit: 1000, offset });
      const added = results.map(fromDocument).filter((a) => Date.parse(a.indexedAt) >= began);
      if (added.length) {
        const present = new Set((await this.documents(added.map((a) => a.id))).map((a) => a.id));
        const missing = added.filter((a) => !present.has(a.id));
        if (missing.length) {
          const docs = missing.map((a) => this.toDocument(a));
          await this.write((index) => index.addDocuments(docs).waitTask(this.wait));
        }
      }
      if (results.length < 1000) break;
    }
    await this.client.deleteIndex(uid).waitTask(this.wait);
  }

  async stats(): Promise<IndexStats> {
    const [stats, facets, newest, oldest] = await Promise.all([
      this.index.getStats(),
      this.search('', { limit: 0, facets: ['sourceId'] }),
      this.search('', { limit: 1, sort: ['publishedTs:desc'], attributesToRetrieve: ['publishedTs'] }),
      this.search('', { limit: 1, sort: ['publishedTs:asc'], attributesToRetrieve: ['publishedTs'] }),
    ]);
    const first = (r: typeof newest) => (r.hits[0] ? formatInstant(r.hits[0].publishedTs) : null);
    return {
      articles: stats.numberOfDocuments,
      sources: Object.keys(facets.facetDistribution?.sourceId ?? {}).length,
      newestPublishedAt: first(newest),
      oldestPublishedAt: first(oldest),
    };
  }

  async sourceCounts(): Promise<Map<string, number>> {
    const result = await this.search('', { limit: 0, facets: ['sourceId'] });
    return new Map(Object.entries(result.facetDistribution?.sourceId ?? {}));
  }

  async ping(): Promise<void> {
    await this.client.health();
  }

  async close(): Promise<void> {
    // The HTTP client holds no connections to close.
  }
}
