/**
 * How one fetch of a source merges into the stored articles — the same rules for every adapter:
 * - an id not stored yet is created;
 * - an id stored from another source is left alone (found in two sources, a story belongs to the one
 *   that had it first);
 * - an id stored from this source is rewritten only when a reader would notice a difference; it keeps
 *   its `indexedAt`, and its `publishedAt` when the feed gives no date (normalising dates an undated
 *   item at the fetch, so `publishedAt === indexedAt` says "undated");
 * - a new article takes the probe flags of the batch's `hostFlags` where it has the host; a stored
 *   one keeps its flags (probes reach stored articles through `setHostFlags`, and a fetch's flags may
 *   be older than a probe that finished while it ran);
 * - with `paywalled` given (detection per article), a listed id takes the value found, stored
 *   articles keep theirs otherwise.
 * An id twice in one feed is one article: the second is compared with the first.
 */
import type { Article } from '@tidings/core/article';
import type { IngestBatch } from './port.js';

/** What a reader would notice changing; `indexedAt` and the probe flags are not content. */
function sameContent(a: Article, b: Article): boolean {
  const pick = (x: Article) =>
    JSON.stringify([
      x.url,
      x.headline,
      x.introduction,
      x.type,
      x.publishedAt,
      x.updatedAt,
      x.language,
      x.authors,
      x.imageUrl,
      x.topics,
      x.companies,
      x.paywalled,
      x.registrationRequired,
      x.source.name,
      x.source.domain,
    ]);
  return pick(a) === pick(b);
}

export interface Merged {
  /** The articles to write, as they should be stored. */
  changed: Article[];
  created: number;
}

/** `stored`: the stored articles of the batch's ids (missing ones are new). */
export function mergeIngest(
  batch: Omit<IngestBatch, 'articles'>,
  incoming: readonly Article[],
  stored: ReadonlyMap<string, Article>,
): Merged {
  const seen = new Map(stored);
  const changed = new Map<string, Article>();
  let created = 0;
  for (const article of incoming) {
    const found = batch.paywalled?.[article.id];
    const old = seen.get(article.id);
    if (!old) {
      const flags = batch.hostFlags[article.source.domain];
      const fresh: Article = {
        ...article,
        paywalled: found ?? article.paywalled,
        source: flags ? { ...article.source, https: flags.https, iframeable: flags.iframeable } : article.source,
      };
      created += 1;
      changed.set(fresh.id, fresh);
      seen.set(fresh.id, fresh);
      continue;
    }
    if (old.source.id !== batch.sourceId) continue;
    const undated = article.publishedAt === article.indexedAt;
    const next: Article = {
      ...article,
      indexedAt: old.indexedAt,
      publishedAt: undated ? old.publishedAt : article.publishedAt,
      paywalled: batch.paywalled ? (found ?? old.paywalled) : article.paywalled,
      source: { ...article.source, https: old.source.https, iframeable: old.source.iframeable },
    };
    if (sameContent(old, next)) continue;
    changed.set(next.id, next);
    seen.set(next.id, next);
  }
  return { changed: [...changed.values()], created };
}

/** A stored article with the meaning (topics, companies, flags, source name) of a re-classified copy. */
export function withMeaning(stored: Article, meaning: Article): Article {
  return {
    ...stored,
    topics: meaning.topics,
    companies: meaning.companies,
    paywalled: meaning.paywalled,
    registrationRequired: meaning.registrationRequired,
    source: { ...stored.source, name: meaning.source.name },
  };
}
