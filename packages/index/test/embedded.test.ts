import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '../src/embedded.js';
import { EXACT_TOTAL_LIMIT } from '../src/port.js';
import { describeArticleIndexContract } from './contract-suite.js';
import { makeArticle } from './fixtures.js';

describeArticleIndexContract('embedded (SQLite)', async () => new EmbeddedArticleIndex({ file: ':memory:' }));

describe('EmbeddedArticleIndex', () => {
  it('counts exactly up to 10 000 and reports a lower bound beyond', async () => {
    const index = new EmbeddedArticleIndex({ file: ':memory:' });
    index.upsertSync(
      Array.from({ length: EXACT_TOTAL_LIMIT + 5 }, (_, i) => makeArticle({ url: `https://x.org/${i}` })),
    );
    const page = await index.query({ filters: NO_FILTERS, limit: 5 });
    expect(page).toMatchObject({ total: EXACT_TOTAL_LIMIT, totalExact: false, hasMore: true });
    await index.close();
  });
});
