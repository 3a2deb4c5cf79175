// Times each query of a list against one in-process engine (no HTTP): which shapes are slow.
import { readFileSync } from 'node:fs';
import { loadCatalog } from '@tidings/catalog/catalog';
import { parseFeedQuery } from '@tidings/core/query';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
const [file, pathsFile] = process.argv.slice(2);
const catalog = loadCatalog();
const t0 = performance.now();
const topicParents = {};
for (const t of catalog.topics.values()) if (t.parent !== null) topicParents[t.id] = t.parent;
const index = new EmbeddedArticleIndex({ file, warm: true, cacheMiB: 16, topicParents });
await index.init();
console.log(
  'load',
  ((performance.now() - t0) / 1000).toFixed(1),
  's; rss',
  (process.memoryUsage().rss / 2 ** 20).toFixed(0),
  'MB; engine',
  (index['hot'].memoryBytes() / 2 ** 20).toFixed(0),
  'MB',
);
const once = readFileSync(pathsFile, 'utf8').trim().split('\n');
const paths = process.env.REPEAT ? Array.from({ length: Number(process.env.REPEAT) }, () => once).flat() : once;
const times = [];
for (const path of paths) {
  const params = [...new URLSearchParams(path.split('?')[1])].filter(([k]) => k !== 'apiKey');
  const facets = path.includes('/facets/');
  const q = parseFeedQuery(params, facets ? 'facets' : 'feed', '', 'x'.repeat(20));
  const filters = {
    ...q.filters,
    includeTopics: q.filters.includeTopics.length ? catalog.expandTopics(q.filters.includeTopics) : [],
  };
  const s = performance.now();
  if (facets) await index.facets({ filters, facets: q.facets });
  else await index.query({ filters, limit: q.pageSize, offset: ((q.page ?? 1) - 1) * q.pageSize });
  times.push([performance.now() - s, params.map(([k, v]) => `${k}=${v.slice(0, 40)}`).join('&')]);
}
times.sort((a, b) => b[0] - a[0]);
const ms = times.map((t) => t[0]).sort((a, b) => a - b);
console.log(
  'n',
  ms.length,
  'mean',
  (ms.reduce((a, b) => a + b, 0) / ms.length).toFixed(2),
  'p50',
  ms[Math.floor(ms.length / 2)].toFixed(2),
  'p99',
  ms[Math.floor(ms.length * 0.99)].toFixed(2),
);
for (const [t, q] of times.slice(0, 25)) console.log(t.toFixed(1), q);
const byKey = new Map();
for (const [t, q] of times)
  for (const k of new Set(q.split('&').map((p) => p.split('=')[0]))) {
    const r = byKey.get(k) ?? [0, 0];
    r[0] += t;
    r[1]++;
    byKey.set(k, r);
  }
console.log([...byKey].map(([k, [t, n]]) => `${k}: ${(t / n).toFixed(2)}ms×${n}`).join('\n'));
