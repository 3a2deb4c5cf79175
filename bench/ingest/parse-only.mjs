// The parse-only ceiling of bench/ingest/run.mjs, on a fresh thread: every body through the worker's
// reading code (decode, parse, normalise, classify), one after another; posts items/s.
import { parentPort, workerData } from 'node:worker_threads';
import { loadCatalog } from '@tidings/catalog/catalog';
import { toSettings } from '@tidings/store/sources';
import { readFeed } from '../../apps/worker/dist/feed/feed-work.js';

const catalog = loadCatalog();
const source = { ...toSettings({ feedUrl: 'https://x.example/feed', id: 'x' }), state: 'active' };
const start = performance.now();
let items = 0;
for (const body of workerData.bodies) {
  const read = await readFeed(
    {
      body: new Uint8Array(body),
      contentType: 'application/rss+xml',
      source,
      feedUrl: 'https://x.example/feed',
      fetchedAt: Date.now(),
    },
    catalog,
  );
  if (!read.ok) throw new Error(`a synthetic feed is not readable: ${read.error}`);
  items += read.articles.length;
}
parentPort.postMessage({ itemsPerSecond: items / ((performance.now() - start) / 1000) });
