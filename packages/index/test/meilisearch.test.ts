import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Meilisearch } from 'meilisearch';
import { testEnv } from '@tidings/config/config';
import { NO_FILTERS } from '@tidings/core/query';
import { MeilisearchArticleIndex } from '../src/meilisearch.js';
import { describeArticleIndexContract } from './contract-suite.js';
import { makeArticle } from './fixtures.js';

const host = testEnv('MEILI_URL');
const apiKey = testEnv('MEILI_API_KEY');

/** A Meilisearch index of its own per test, deleted when the test closes it. */
class DisposableMeilisearchIndex extends MeilisearchArticleIndex {
  constructor(private readonly uid: string) {
    super({ host: host!, ...(apiKey ? { apiKey } : {}), indexUid: uid });
  }

  override async close(): Promise<void> {
    await new Meilisearch({ host: host!, ...(apiKey ? { apiKey } : {}) }).deleteIndexIfExists(this.uid);
  }
}

if (host) {
  describeArticleIndexContract(
    `meilisearch at ${host}`,
    async () => {
      return new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
    },
    { groupsStories: true },
  );

  describe('MeilisearchArticleIndex.facets', () => {
    it('says when its counts cover only the newest 10 000 matches', { timeout: 120_000 }, async () => {
      const index = new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
      await index.init();
      try {
        const start = Date.UTC(2026, 0, 1);
        const at = (i: number) => new Date(start + i * 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
        for (let batch = 0; batch < 11; batch++) {
          await index.upsert(
            Array.from({ length: 1000 }, (_, i) => makeArticle({ publishedAt: at(batch * 1000 + i) })),
          );
        }
        const all = await index.facets({ filters: { ...NO_FILTERS }, facets: ['types'], size: 10 });
        expect(all.counted).toBe(10_000);
        expect(all.types).toEqual([['article', 10_000]]);
        const some = await index.facets({
          filters: { ...NO_FILTERS, from: start + 10_500 * 60_000 },
          facets: ['types'],
          size: 10,
        });
        expect(some.counted).toBeUndefined();
        expect(some.types).toEqual([['article', 500]]);
      } finally {
        await index.close();
      }
    });
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
    });

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
    });

    it('carries over articles another process added while the fresh index filled', async () => {
      const uid = `tidings_test_${randomUUID().slice(0, 8)}`;
      const index = new DisposableMeilisearchIndex(uid);
      // Another process: its own adapter on the same index (its writes are not mirrored).
      const other = new MeilisearchArticleIndex({ host: host, ...(apiKey ? { apiKey } : {}), indexUid: uid });
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
    });
  });
} else {
  describe('ArticleIndex contract: meilisearch', () => {
    it.skip('runs when MEILI_URL points at a Meilisearch server (none is set here)', () => {});
  });
}
