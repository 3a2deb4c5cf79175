/** App services as Fastify decorators: the index, the catalog, selections, the clock. */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Catalog } from '@tidings/catalog/catalog';
import type { FeedFilters } from '@tidings/core/query';
import type { ArticleIndex } from '@tidings/index/port';
import type { SelectionStore } from '@tidings/store/selections';

declare module 'fastify' {
  interface FastifyInstance {
    index: ArticleIndex;
    catalog: Catalog;
    selections: SelectionStore;
    now: () => Date;
    editorialTimeZone: string;
    /** Expands topics to their descendants and lists unknown topic/company ids as warnings. */
    resolveFilters(filters: FeedFilters): { filters: FeedFilters; warnings: string[] };
  }
}

export interface ServicesOptions {
  index: ArticleIndex;
  catalog: Catalog;
  selections: SelectionStore;
  now: () => Date;
  editorialTimeZone: string;
}

export default fp(
  async function services(app: FastifyInstance, options: ServicesOptions) {
    app.decorate('index', options.index);
    app.decorate('catalog', options.catalog);
    app.decorate('selections', options.selections);
    app.decorate('now', options.now);
    app.decorate('editorialTimeZone', options.editorialTimeZone);
    app.decorate('resolveFilters', (filters: FeedFilters) => {
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
      const expanded = filters.includeTopics.length ? catalog.expandTopics(filters.includeTopics) : [];
      return { filters: { ...filters, includeTopics: expanded }, warnings };
    });
  },
  { name: 'tidings-services' },
);
