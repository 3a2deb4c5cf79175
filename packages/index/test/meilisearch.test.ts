import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { Meilisearch } from 'meilisearch';
import { testEnv } from '@tidings/config/config';
import { MeilisearchArticleIndex } from '../src/meilisearch.js';
import { describeArticleIndexContract } from './contract-suite.js';

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
  describeArticleIndexContract(`meilisearch at ${host}`, async () => {
    return new DisposableMeilisearchIndex(`tidings_test_${randomUUID().slice(0, 8)}`);
  });
} else {
  describe('ArticleIndex contract: meilisearch', () => {
    it.skip('runs when MEILI_URL points at a Meilisearch server (none is set here)', () => {});
  });
}
