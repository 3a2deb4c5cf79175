// The parse-only ceiling of bench/ingest/run.mjs, on a fresh thread: every body through the worker's
// reading code (decode, parse, normalise, classify), one after another; posts items/s. With
// `classify: false`, the same without classification (each item keeps its source's default topics and
// no companies): the difference is what classification costs in place, among the rest of the reading.
// As in the worker's parser threads, the classifier is built before the first feed (its time is posted
// as buildSeconds, apart: a thread's one-off cost, not an item's).
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalog } from '@tidings/catalog/catalog';
import { ArticleClassifier, classifierFor } from '@tidings/catalog/classify';
import { detectLanguage } from '@tidings/catalog/language';
import { toSettings } from '@tidings/store/sources';
import { readFeed } from '../../apps/worker/dist/feed/feed-work.js';

const { bodies, classify = true, contentType = 'application/rss+xml' } = workerData;
// (`classify` reads through `classifyAll` too.)
if (!classify) {
  ArticleClassifier.prototype.classifyAll = (inputs) =>
    inputs.map((input) => ({ topics: [...input.defaultTopics], companies: [] }));
}
const catalog = loadCatalog();
const building = performance.now();
if (classify) classifierFor(catalog);
const buildSeconds = (performance.now() - building) / 1000;
// A feed of a few short items that declares no language is read by CLD3, which a thread loads the first
// time it needs it: a thread's one-off, loaded here before the timed reading, with and without classification.
await detectLanguage('A short text loads the detector of short texts once a thread.');
const source = { ...toSettings({ feedUrl: 'https://x.example/feed', id: 'x' }), state: 'active' };
const start = performance.now();
let items = 0;
for (const body of bodies) {
  const read = await readFeed(
    // As the worker reads a source's first fetch: no readings to reuse, this fetch's recorded.
    {
      body: new Uint8Array(body),
      contentType,
      source,
      feedUrl: 'https://x.example/feed',
      fetchedAt: Date.now(),
      remembered: '',
    },
    catalog,
  );
  // The synthetic feeds must all read; a real feed that does not is left out (as the worker would).
  if (!read.ok && workerData.strict !== false) throw new Error(`a synthetic feed is not readable: ${read.error}`);
  if (read.ok) items += read.articles.length;
}
parentPort.postMessage({ itemsPerSecond: items / ((performance.now() - start) / 1000), items, buildSeconds });
