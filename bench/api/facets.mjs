#!/usr/bin/env node
// Facets in-process: the facet queries of bench:api's varied mix (written by `npm run bench:api` beside
// its seeded index) against the embedded engine on this thread, each query's plan and facets dropped
// from the engine's memo first, so every one is counted afresh. Prints mean, p50 and p99 per query
// and the slowest queries: what one query thread spends, without HTTP or queueing.
// Usage: npm run bench:facets -- [--articles 1000000] [--passes 3]
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCatalog, topicParents } from '@tidings/catalog/catalog';
import { parseFeedQuery } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';

const root = fileURLToPath(new URL('../../', import.meta.url));
const { values: args } = parseArgs({
  options: { articles: { type: 'string', default: '1000000' }, passes: { type: 'string', default: '3' } },
});
const dir = join(root, 'bench', '.data', `api-v4-${Number(args.articles)}`);
const listFile = join(dir, 'varied-queries.txt');
if (!existsSync(listFile)) {
  throw new Error(`${listFile} is missing: run npm run bench:api -- --articles ${args.articles} first`);
}
const catalog = loadCatalog();
const index = new EmbeddedArticleIndex({ file: join(dir, 'articles.sqlite'), topicParents: topicParents() });
const queries = readFileSync(listFile, 'utf8')
  .split('\n')
  .filter((line) => line.includes('/facets/'))
  .map((line) => {
    const query = parseFeedQuery(new URL(line, 'http://bench').searchParams, 'facets');
    const f = query.filters;
    // As the API resolves them: topics with their descendants.
    const filters = { ...f, includeTopics: f.includeTopics.length ? catalog.expandTopics(f.includeTopics) : [] };
    return {
      line: line.replace(/.*apiKey=[^&]*&?/, ''),
      query: { filters, facets: query.facets, size: query.facetSize },
    };
  });
const loading = performance.now();
await index.facets(queries[0].query);
const loadMs = performance.now() - loading;
// The engine's memo of plans and counts (kept per data version) would answer a repeated query.
const forget = () => index.engine().forget((key) => /^(facets|plan|phrase):/.test(key));
const times = [];
for (let pass = 0; pass <= Number(args.passes); pass++) {
  for (const { line, query } of queries) {
    forget();
    const started = performance.now();
    await index.facets(query);
    if (pass > 0) times.push([performance.now() - started, line]); // pass 0 warms the code
  }
}
const ms = times.map(([t]) => t).sort((a, b) => a - b);
const at = (q) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))];
console.log(
  `facets in-process: ${queries.length} queries × ${args.passes} passes over ${Number(args.articles).toLocaleString('en')} articles ` +
    `(engine loaded in ${(loadMs / 1000).toFixed(1)} s)`,
);
console.log(
  `per query: mean ${(ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2)} ms, p50 ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(2)} ms`,
);
console.log('slowest:');
for (const [t, line] of times.sort((a, b) => b[0] - a[0]).slice(0, 5)) console.log(`  ${t.toFixed(1)} ms  ${line}`);
await index.close();
