import { readFileSync } from 'node:fs';
import { loadCatalog } from '@tidings/catalog/catalog';
import { wordsOf } from '@tidings/core/text';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { toArticle } from '../apps/cli/dist/import-articles.js';
import { createGenerator } from '../scripts/synthetic-articles.mjs';
const wordCounts = new Map();
for (const line of readFileSync('../shared/data/topics/ag_news/test.csv', 'utf8').split('\n'))
  for (const w of wordsOf(line)) wordCounts.set(w, (wordCounts.get(w) ?? 0) + 1);
const vocabulary = [...wordCounts].sort((a, b) => b[1] - a[1]);
const catalog = loadCatalog();
const g = createGenerator({ seed: 3, vocabulary, copies: 0.1 });
const all = Array.from({ length: 100_000 }, () => toArticle(g.next(), catalog, '2026-11-22T00:00:00Z'));
for (const groupStories of process.env.ONLY ? [true] : [false, true, false, true]) {
  const index = new EmbeddedArticleIndex({ file: ':memory:', groupStories });
  const t = performance.now();
  for (let i = 0; i < all.length; i += 500) index.upsertSync(all.slice(i, i + 500));
  console.log(
    groupStories ? 'grouping' : 'no grouping',
    (((performance.now() - t) / all.length) * 1000).toFixed(1),
    'µs/article',
  );
}
