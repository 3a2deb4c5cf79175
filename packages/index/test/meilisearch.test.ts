import { randomUUID } from 'node:crypto';
import { describe, it } from 'vitest';
import { testEnv } from '@tidings/config/config';
import { MeilisearchArticleIndex } from '../src/meilisearch.js';
import { describeArticleIndexContract } from './contract-suite.js';

const url = testEnv('MEILI_URL');

if (url) {
  describeArticleIndexContract(`meilisearch at ${url}`, async () => {
    return new MeilisearchArticleIndex({
      host: url,
      ...(testEnv('MEILI_API_KEY') ? { apiKey: testEnv('MEILI_API_KEY')! } : {}),
      indexUid: `tidings_test_${randomUUID().slice(0, 8)}`,
    });
  });
} else {
  describe('ArticleIndex contract: meilisearch', () => {
    it.skip('runs when MEILI_URL points at a Meilisearch server (none is set here)', () => {});
  });
}
