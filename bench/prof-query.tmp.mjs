import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { parseFeedQuery } from '@tidings/core/query';
import { loadCatalog } from '@tidings/catalog/catalog';
const catalog = loadCatalog();
let t = performance.now();
const index = new EmbeddedArticleIndex({ file: 'bench/.data/api-1000000/articles.sqlite', warm: true });
await index.init();
console.log('load', (performance.now() - t).toFixed(0), 'ms', Math.round(process.memoryUsage().rss / 2 ** 20), 'MB');
const shapes = [
  '',
  'articleTypes=video,podcast',
  'includeTopics=4000000',
  'includeCompanies=1045810',
  'excludeCompanies=1045810,789019,320193,1652044,1018724',
  'includePaywalled=0&includeRegistration=0&excludeNonHttpsSources=1&excludeNonIframeableSources=1',
  'searchTerms=climate,inflation%20rates',
];
for (const qs of shapes) {
  const q = parseFeedQuery(new URLSearchParams(qs));
  const filters = {
    ...q.filters,
    includeTopics: q.filters.includeTopics.length ? catalog.expandTopics(q.filters.includeTopics) : [],
  };
  const times = [];
  let page;
  for (let i = 0; i < 20; i++) {
    const t0 = performance.now();
    page = await index.query({ filters, limit: 20, offset: 0 });
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(
    qs.padEnd(60),
    'median',
    times[10].toFixed(2),
    'max',
    times[19].toFixed(2),
    'total',
    page.total,
    page.totalExact,
  );
}
