import { readFileSync } from 'node:fs';
import { loadCatalog } from '@tidings/catalog/catalog';
import { parseFeedQuery } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
const [file, pathsFile] = process.argv.slice(2);
const catalog = loadCatalog();
const index = new EmbeddedArticleIndex({ file, warm: true, cacheMiB: 16 });
await index.init();
const engine = index['engine']();
const paths = readFileSync(pathsFile, 'utf8').trim().split('\n');
let tPlan = 0,
  tPage = 0,
  tDocs = 0,
  docs = 0;
for (let round = 0; round < 2; round++)
  for (const path of paths) {
    const params = [...new URLSearchParams(path.split('?')[1])];
    const q = parseFeedQuery(params, 'feed', '', 'x'.repeat(20));
    const filters = {
      ...q.filters,
      includeTopics: q.filters.includeTopics.length ? catalog.expandTopics(q.filters.includeTopics) : [],
    };
    engine['memo'].clear();
    let s = performance.now();
    const plan = engine.plan(filters, index['phraseMatches'], index['pathsOf']);
    tPlan += performance.now() - s;
    s = performance.now();
    const page = engine.page(plan, q.pageSize, ((q.page ?? 1) - 1) * q.pageSize, null, 10000);
    tPage += performance.now() - s;
    s = performance.now();
    engine['memo'].clear();
    index['hydrate'](page.rids);
    docs += page.rids.length;
    tDocs += performance.now() - s;
  }
const n = paths.length * 2;
console.log(
  `per query: plan ${(tPlan / n).toFixed(3)} ms, page ${(tPage / n).toFixed(3)} ms, documents ${(tDocs / n).toFixed(3)} ms (${(docs / n).toFixed(1)} docs, ${((1000 * tDocs) / docs).toFixed(1)} µs each)`,
);
