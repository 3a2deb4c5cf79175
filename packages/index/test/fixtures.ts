import { type Article, encodeArticles } from '@tidings/core/article';
import type { IngestBatch } from '../src/port.js';
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

/** One outlet's copy of a wire story that several outlets publish in the same minute, word for word. */
export function stormCopy(source: string): Article {
  return makeArticle({
    url: `https://${source}.example/storm`,
    headline: 'Storm brings floods to coastal towns',
    introduction: 'Thousands were evacuated as rivers burst their banks overnight.',
    publishedAt: '2026-11-26T05:00:00Z',
    source: { id: source, name: source, domain: `${source}.example`, https: true, iframeable: true },
  });
}

/** A fetch of the article's source that found just this article. */
export function fetchOf(article: Article): IngestBatch {
  return { sourceId: article.source.id, articles: encodeArticles([article]), hostFlags: {} };
}
