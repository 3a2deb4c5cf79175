/** Domain types shared by every package: the ARTICLE of CONTRACT §1.4 and its parts. */

export const ARTICLE_TYPES = ['article', 'video', 'gallery', 'report', 'pressrelease', 'podcast'] as const;
export type ArticleType = (typeof ARTICLE_TYPES)[number];

export function isArticleType(value: string): value is ArticleType {
  return (ARTICLE_TYPES as readonly string[]).includes(value);
}

export interface TopicRef {
  id: number;
  name: string;
}

export interface CompanyRef {
  id: number;
  name: string;
}

export interface ArticleSource {
  id: string;
  name: string;
  domain: string;
  /** `null` until the host has been probed. */
  https: boolean | null;
  iframeable: boolean | null;
}

/** The story an article belongs to (CONTRACT §1.7): its first indexed article's id, and its size now. */
export interface StoryRef {
  id: string;
  size: number;
}

export interface Article {
  id: string;
  url: string;
  headline: string;
  introduction: string;
  type: ArticleType;
  /** ISO-8601 UTC, second precision, e.g. `2026-11-22T09:15:00Z`. */
  publishedAt: string;
  updatedAt: string | null;
  indexedAt: string;
  language: string | null;
  authors: string[];
  imageUrl: string | null;
  topics: TopicRef[];
  companies: CompanyRef[];
  paywalled: boolean;
  registrationRequired: boolean;
  source: ArticleSource;
  /** Set by the index on every article it returns (ignored on the way in: the index decides it). */
  story?: StoryRef;
}

/** An article of the recommended feed: the editorial rank (1 = top) is kept when filters hide others. */
export interface RankedArticle extends Article {
  rank: number;
}

/** Formats a timestamp as the API does: UTC with second precision and a `Z`. */
export function formatInstant(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

const utf8Encoder = new TextEncoder();
const utf8Decoder = new TextDecoder();

/**
 * Articles as UTF-8 JSON bytes: how a feed's articles go from the thread that read them to the
 * index's thread — copied as one block, instead of being cloned object by object on every hop.
 */
export function encodeArticles(articles: readonly Article[]): Uint8Array {
  return utf8Encoder.encode(JSON.stringify(articles));
}

export function decodeArticles(bytes: Uint8Array): Article[] {
  return JSON.parse(utf8Decoder.decode(bytes)) as Article[];
}
