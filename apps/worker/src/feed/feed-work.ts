/**
 * The CPU-heavy part of ingestion: reading a fetched feed (parse, then normalise every item into an
 * article, classification included) and re-classifying stored articles. The worker runs it on parser
 * threads (`parser-pool.ts`); `InProcessFeedWork` runs the same functions on the calling thread.
 */
import type { Catalog } from '@tidings/catalog/catalog';
import { classifierFor } from '@tidings/catalog/classify';
import type { Article } from '@tidings/core/article';
import type { Source } from '@tidings/store/sources';
import { normalizeFeed } from './normalize.js';
import { FeedParseError, parseFeed } from './parse-feed.js';

export interface ReadFeedInput {
  /** The decoded feed text. */
  text: string;
  source: Source;
  /** The feed URL after redirects. */
  feedUrl: string;
  /** When it was fetched (ms epoch): `indexedAt`, and the cap for dates in the future. */
  fetchedAt: number;
}

export type ReadFeedOutcome =
  | { ok: true; articles: Article[]; items: number; ttlMinutes: number | null }
  /** Nothing feed-like could be recovered from this body (a permanent failure of it). */
  | { ok: false; error: string };

export interface ReclassifyInput {
  articles: Article[];
  /** The current settings of the articles' sources, by id (a missing one keeps what is stored). */
  sources: Record<string, Source>;
}

export interface FeedWork {
  read(input: ReadFeedInput): Promise<ReadFeedOutcome>;
  /** The articles as the pipeline would index them today, in the same order. */
  reclassify(input: ReclassifyInput): Promise<Article[]>;
  close(): Promise<void>;
}

export async function readFeed(input: ReadFeedInput, catalog: Catalog): Promise<ReadFeedOutcome> {
  let feed;
  try {
    feed = await parseFeed(input.text);
  } catch (error) {
    if (error instanceof FeedParseError) return { ok: false, error: error.message };
    throw error;
  }
  const articles = normalizeFeed({
    feed,
    source: input.source,
    catalog,
    feedUrl: input.feedUrl,
    now: new Date(input.fetchedAt),
  });
  return { ok: true, articles, items: feed.items.length, ttlMinutes: feed.ttlMinutes };
}

/** One stored article as the pipeline would index it today. */
export function reclassify(article: Article, source: Source | undefined, catalog: Catalog): Article {
  const meaning = classifierFor(catalog).classify({
    headline: article.headline,
    introduction: article.introduction,
    defaultTopics: source?.topics ?? [],
  });
  return {
    ...article,
    topics: meaning.topics.flatMap((id) => catalog.topicRef(id) ?? []),
    companies: meaning.companies.flatMap((id) => catalog.companyRef(id) ?? []),
    // A page check ('detect') decided per article; otherwise the source setting stands.
    paywalled: !source || source.paywalled === 'detect' ? article.paywalled : source.paywalled === 'all',
    registrationRequired: source ? source.registrationRequired : article.registrationRequired,
    source: { ...article.source, name: source?.name ?? article.source.name },
  };
}

export function reclassifyAll(input: ReclassifyInput, catalog: Catalog): Article[] {
  return input.articles.map((a) => reclassify(a, input.sources[a.source.id], catalog));
}

/** On the calling thread (tests, tools): parsing blocks it. */
export class InProcessFeedWork implements FeedWork {
  constructor(private readonly catalog: Catalog) {}
  read(input: ReadFeedInput): Promise<ReadFeedOutcome> {
    return readFeed(input, this.catalog);
  }
  async reclassify(input: ReclassifyInput): Promise<Article[]> {
    return reclassifyAll(input, this.catalog);
  }
  async close(): Promise<void> {}
}
