/**
 * The CPU-heavy part of ingestion: reading a fetched feed (parse, then normalise every item into an
 * article, classification included) and re-classifying stored articles. The worker runs it on parser
 * threads (`parser-pool.ts`); `InProcessFeedWork` runs the same functions on the calling thread.
 */
import type { Catalog } from '@tidings/catalog/catalog';
import { classifierFor, SourceReadings } from '@tidings/catalog/classify';
import { type Article, encodeArticles } from '@tidings/core/article';
import { decodeFeed } from '@tidings/fetch/charset';
import { paywallFromHtml } from '@tidings/fetch/paywall';
import type { Source } from '@tidings/store/sources';
import { type FeedSite, feedLanguageOf, feedSite, normalizeFeed } from './normalize.js';
import { FeedParseError, feedLinkOfPage, parseFeed } from './parse-feed.js';

export interface ReadFeedInput {
  /** The fetched body, as bytes: decoded where it is read (BOM, HTTP charset, XML declaration). */
  body: Uint8Array;
  /** The response's Content-Type (its charset counts). */
  contentType: string | null;
  source: Source;
  /** The feed URL after redirects. */
  feedUrl: string;
  /** When it was fetched (ms epoch): `indexedAt`, and the cap for dates in the future. */
  fetchedAt: number;
  /** Items published before this instant (ms) are left out: the retention job would remove them. */
  oldestKept?: number;
  /**
   * The source's readings of its last fetch (`FeedBatch.readings`; '' or null: none): its items read then
   * are not classified again. Absent: every item is classified, and no readings are recorded.
   */
  remembered?: string | null;
}

export type ReadFeedOutcome =
  | {
      ok: true;
      articles: Article[];
      items: number;
      ttlMinutes: number | null;
      site: FeedSite;
      /** This fetch's readings (with `remembered`), for the next. */
      readings: string | null;
    }
  /** Nothing feed-like could be recovered from this body (a permanent failure of it). */
  | NotAFeed;

export interface NotAFeed {
  ok: false;
  error: string;
}

/** A read feed as the pipeline hands it on: its articles encoded once, and what the fetch job needs. */
export interface FeedBatch {
  ok: true;
  items: number;
  ttlMinutes: number | null;
  /** The articles (`encodeArticles`): they go on to the index thread without being decoded on the way. */
  articles: Uint8Array;
  count: number;
  /** Each source domain of the articles, with the URL of its first article (what a host probe needs). */
  domains: Record<string, string>;
  /** `publishedAt` (ms) of the articles the feed dated: its publishing rhythm. */
  datedTimes: number[];
  /** Items left out as older than the retention period. */
  expired: number;
  /** What the feed says about its site: home page and language. */
  site: FeedSite;
  /** The items' readings (`SourceReadings`), for the source's next fetch; null without `remembered`. */
  readings: string | null;
}

export interface ReclassifyInput {
  articles: Article[];
  /** The current settings of the articles' sources, by id (a missing one keeps what is stored). */
  sources: Record<string, Source>;
}

export interface FeedWork {
  read(input: ReadFeedInput): Promise<FeedBatch | NotAFeed>;
  /** Paywall evidence in an article page (`paywallFromHtml`), off the worker's main thread. */
  paywall(html: string): Promise<boolean | null>;
  /** The articles as the pipeline would index them today, in the same order. */
  reclassify(input: ReclassifyInput): Promise<Article[]>;
  close(): Promise<void>;
}

export async function readFeed(input: ReadFeedInput, catalog: Catalog): Promise<ReadFeedOutcome> {
  const text = decodeFeed(input.body, input.contentType).text;
  try {
    const feed = await parseFeed(text);
    const readings = input.remembered === undefined ? undefined : new SourceReadings(input.remembered);
    const ctx = {
      feed,
      source: input.source,
      catalog,
      feedUrl: input.feedUrl,
      now: new Date(input.fetchedAt),
      ...(readings ? { readings } : {}),
      feedLanguage: await feedLanguageOf(feed, input.source),
    };
    const articles = normalizeFeed(ctx);
    const site = feedSite(ctx, articles);
    return {
      ok: true,
      articles,
      items: feed.items.length,
      ttlMinutes: feed.ttlMinutes,
      site,
      readings: readings?.toString() ?? null,
    };
  } catch (error) {
    if (error instanceof FeedParseError) {
      // A web page given instead of its feed (the site's home page, say): the error names the feed.
      const feedLink = feedLinkOfPage(text, input.feedUrl);
      const hint = feedLink && feedLink !== input.feedUrl ? ` — a web page whose feed is ${feedLink}` : '';
      return { ok: false, error: `${error.message}${hint}` };
    }
    // Elements nested tens of thousands deep overflow the stack of the tree walks: the document is at
    // fault, and reading it again would fail again, so it is not a transient failure.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return { ok: false, error: 'elements are nested too deeply to read' };
    }
    throw error;
  }
}

/** `readFeed`, then the articles encoded for the hand-off (`FeedWork.read`). */
export async function readFeedBatch(input: ReadFeedInput, catalog: Catalog): Promise<FeedBatch | NotAFeed> {
  const read = await readFeed(input, catalog);
  if (!read.ok) return read;
  const oldest = input.oldestKept ?? -Infinity;
  const kept = read.articles.filter((a) => Date.parse(a.publishedAt) >= oldest);
  const domains: Record<string, string> = {};
  const datedTimes: number[] = [];
  for (const article of kept) {
    domains[article.source.domain] ??= article.url;
    // Normalising dates an undated item at the fetch.
    if (article.publishedAt !== article.indexedAt) datedTimes.push(Date.parse(article.publishedAt));
  }
  return {
    ok: true,
    items: read.items,
    ttlMinutes: read.ttlMinutes,
    articles: encodeArticles(kept),
    count: kept.length,
    domains,
    datedTimes,
    expired: read.articles.length - kept.length,
    site: read.site,
    readings: read.readings,
  };
}

/** One stored article as the pipeline would index it today. */
export function reclassify(article: Article, source: Source | undefined, catalog: Catalog): Article {
  return reclassifyArticles([article], () => source, catalog)[0]!;
}

/** Stored articles as the pipeline would index them today, read together (`ArticleClassifier.classifyAll`). */
export function reclassifyAll(input: ReclassifyInput, catalog: Catalog): Article[] {
  return reclassifyArticles(input.articles, (a) => input.sources[a.source.id], catalog);
}

function reclassifyArticles(
  articles: readonly Article[],
  sourceOf: (article: Article) => Source | undefined,
  catalog: Catalog,
): Article[] {
  const sources = articles.map(sourceOf);
  const meanings = classifierFor(catalog).classifyAll(
    articles.map((article, k) => ({
      headline: article.headline,
      introduction: article.introduction,
      url: article.url,
      language: article.language,
      podcastCategories: article.type === 'podcast' ? sources[k]?.podcastCategories : [],
      defaultTopics: sources[k]?.topics ?? [],
    })),
  );
  return articles.map((article, k) => {
    const source = sources[k];
    return {
      ...article,
      topics: meanings[k]!.topics.flatMap((id) => catalog.topicRef(id) ?? []),
      companies: meanings[k]!.companies.flatMap((id) => catalog.companyRef(id) ?? []),
      // A page check ('detect') decided per article; otherwise the source setting stands.
      paywalled: !source || source.paywalled === 'detect' ? article.paywalled : source.paywalled === 'all',
      registrationRequired: source ? source.registrationRequired : article.registrationRequired,
      source: { ...article.source, name: source?.name ?? article.source.name },
    };
  });
}

/** On the calling thread (tests, tools): parsing blocks it. */
export class InProcessFeedWork implements FeedWork {
  constructor(private readonly catalog: Catalog) {}
  read(input: ReadFeedInput): Promise<FeedBatch | NotAFeed> {
    return readFeedBatch(input, this.catalog);
  }
  async paywall(html: string): Promise<boolean | null> {
    return paywallFromHtml(html);
  }
  async reclassify(input: ReclassifyInput): Promise<Article[]> {
    return reclassifyAll(input, this.catalog);
  }
  async close(): Promise<void> {}
}
