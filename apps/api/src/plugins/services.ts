/** App services as Fastify decorators: the index, the catalog, selections, the clock. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Catalog } from '@tidings/catalog/catalog';
import { primaryLanguage } from '@tidings/catalog/language';
import type { FeedFilters } from '@tidings/core/query';
import type { ArticleIndex } from '@tidings/index/port';
import type { ProbeCache } from '@tidings/store/probe-cache';
import { isRedisUnavailable, type RedisBreaker } from '@tidings/store/redis';
import type { SelectionStore } from '@tidings/store/selections';
import type { Source, SourceStore } from '@tidings/store/sources';

/** The sources API consumers may see (not removed), by id, with their domain's probe results. */
export interface SourceDirectory {
  list(): Promise<PublicSource[]>;
}

export interface PublicSource {
  source: Source;
  domain: string;
  homepage: string;
  /** The source's setting, else what its feed declares or is written in. */
  language: string | null;
  https: boolean | null;
  iframeable: boolean | null;
}

/** The source list changes when operators change it: read from Redis at most every few seconds. */
const SOURCE_LIST_MS = 5_000;

/**
 * The site a source belongs to, as its feed last read says: `domain` the host most of its articles
 * live on (the one whose probes they carry), `homepage` the home page the feed names (its channel
 * link), else that host's root. Before the first read: the feed's own host.
 */
function publicSource(source: Source): Omit<PublicSource, 'https' | 'iframeable'> {
  const feed = new URL(source.feedUrl);
  const site = source.siteUrl ? new URL(source.siteUrl) : null;
  return {
    source,
    domain: source.siteDomain ?? (site ?? feed).hostname.replace(/^www\./, ''),
    homepage: site ? site.toString() : `${feed.protocol}//${feed.host}/`,
    language: primaryLanguage(source.language) ?? source.siteLanguage ?? null,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    index: ArticleIndex;
    catalog: Catalog;
    selections: SelectionStore;
    /** Reads of Redis on a request's path go through it: skipped for a moment after Redis failed one. */
    redisBreaker: RedisBreaker;
    now: () => Date;
    editorialTimeZone: string;
    sourceDirectory: SourceDirectory;
    /** What cursors are signed with (shared by every instance; CONTRACT §4). */
    cursorSecret: string;
    /** Expands topics to their descendants and lists unknown topic, company and source ids as warnings. */
    resolveFilters(filters: FeedFilters): Promise<{ filters: FeedFilters; warnings: string[] }>;
  }
}

export interface ServicesOptions {
  /** What reads Redis on a request's path goes through it (see {@link RedisBreaker}). */
  breaker: RedisBreaker;
  index: ArticleIndex;
  catalog: Catalog;
  selections: SelectionStore;
  now: () => Date;
  editorialTimeZone: string;
  sources: SourceStore;
  probes: ProbeCache;
  cursorSecret: string;
}

export default fp(
  async function services(app: FastifyInstance, options: ServicesOptions) {
    app.decorate('index', options.index);
    app.decorate('catalog', options.catalog);
    app.decorate('selections', options.selections);
    app.decorate('redisBreaker', options.breaker);
    app.decorate('now', options.now);
    app.decorate('editorialTimeZone', options.editorialTimeZone);
    app.decorate('cursorSecret', options.cursorSecret);
    let cached: { at: number; list: Promise<PublicSource[]> } | null = null;
    /** The last list Redis gave: served while Redis is away (sources change when operators change them). */
    let lastRead: PublicSource[] | null = null;
    const sourceDirectory: SourceDirectory = {
      list() {
        if (!cached || Date.now() - cached.at > SOURCE_LIST_MS) {
          const list = (async () => {
            try {
              const { breaker } = options;
              const sources = (await breaker.run(() => options.sources.list()))
                .filter((s) => s.state !== 'removed')
                .map(publicSource);
              const probes = await breaker.run(() =>
                options.probes.getMany([...new Set(sources.map((s) => s.domain))]),
              );
              return (lastRead = sources.map((s) => ({
                ...s,
                https: probes.get(s.domain)?.https ?? null,
                iframeable: probes.get(s.domain)?.iframeable ?? null,
              })));
            } catch (error) {
              // Asked again after SOURCE_LIST_MS, as when it was read; never read yet: the request fails.
              if (lastRead && isRedisUnavailable(error)) return lastRead;
              throw error;
            }
          })();
          cached = { at: Date.now(), list };
          list.catch(() => (cached = null));
        }
        return cached.list;
      },
    };
    app.decorate('sourceDirectory', sourceDirectory);
    app.decorate('resolveFilters', async (filters: FeedFilters) => {
      const { catalog } = options;
      const warnings: string[] = [];
      const unknownTopics = filters.includeTopics.filter((id) => !catalog.topics.has(id));
      if (unknownTopics.length) {
        warnings.push(`includeTopics: unknown topic id(s) ${unknownTopics.join(', ')} match nothing`);
      }
      for (const name of ['includeCompanies', 'excludeCompanies'] as const) {
        const unknown = filters[name].filter((id) => !catalog.companies.has(id));
        if (unknown.length) warnings.push(`${name}: unknown company id(s) ${unknown.join(', ')} match nothing`);
      }
      if (filters.includeSources.length) {
        const known = new Set((await sourceDirectory.list()).map((s) => s.source.id));
        let unknown = filters.includeSources.filter((id) => !known.has(id));
        // A source removed from the registry keeps its articles (unless purged), and an import may name a
        // source id the registry never had: theirs match, and were said to match nothing.
        if (unknown.length) {
          const indexed = await options.index.sourceCounts();
          unknown = unknown.filter((id) => !indexed.get(id));
        }
        if (unknown.length) warnings.push(`includeSources: unknown source id(s) ${unknown.join(', ')} match nothing`);
      }
      const expanded = filters.includeTopics.length ? catalog.expandTopics(filters.includeTopics) : [];
      return { filters: { ...filters, includeTopics: expanded }, warnings };
    });
  },
  { name: 'tidings-services' },
);
