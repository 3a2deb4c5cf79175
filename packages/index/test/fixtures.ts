import type { Article } from '@tidings/core/article';
import { articleIdFor, canonicalizeUrl } from '@tidings/core/url';

let counter = 0;

/** A complete article with sensible defaults; `url` decides `id`. */
export function makeArticle(overrides: Partial<Article> & { url?: string } = {}): Article {
  counter += 1;
  const url = canonicalizeUrl(overrides.url ?? `https://www.example.com/news/story-${counter}`)!;
  const { id, ...rest } = overrides;
  return {
    headline: `Headline ${counter}`,
    introduction: `Introduction ${counter}`,
    type: 'article',
    publishedAt: '2026-11-01T12:00:00Z',
    updatedAt: null,
    indexedAt: '2026-11-01T12:05:00Z',
    language: 'en',
    authors: [],
    imageUrl: null,
    topics: [],
    companies: [],
    paywalled: false,
    registrationRequired: false,
    source: { id: 'example', name: 'Example', domain: 'example.com', https: true, iframeable: true },
    ...rest,
    url,
    id: id ?? articleIdFor(url),
  };
}
