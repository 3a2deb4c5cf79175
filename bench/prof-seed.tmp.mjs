import { loadCatalog } from '@tidings/catalog/catalog';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { toArticle } from '/work/main/apps/cli/dist/import-articles.js';
import { createGenerator } from '/work/main/scripts/synthetic-articles.mjs';
import { rmSync } from 'node:fs';
rmSync('/tmp/seedprof', { recursive: true, force: true });
const g = createGenerator({ seed: 1 });
const catalog = loadCatalog();
const batches = [];
let t = performance.now();
for (let b = 0; b < 20; b++)
  batches.push(Array.from({ length: 5000 }, () => toArticle(g.next(), catalog, '2026-11-22T00:00:00Z')));
console.log('generate', (performance.now() - t).toFixed(0), 'ms for 100k');
const index = new EmbeddedArticleIndex({ file: '/tmp/seedprof/a.sqlite' });
t = performance.now();
for (const b of batches) index.upsertSync(b);
console.log('upsert', (100000 / ((performance.now() - t) / 1000)).toFixed(0), '/s');
