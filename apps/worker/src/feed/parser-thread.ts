/** A thread of `FeedParserPool`: loads the catalog once, then reads feeds and re-classifies articles. */
import { BroadcastChannel, workerData } from 'node:worker_threads';
import type { Article } from '@tidings/core/article';
import { loadCatalog } from '@tidings/catalog/catalog';
import { paywallFromHtml } from '@tidings/fetch/paywall';
import {
  type FeedBatch,
  type NotAFeed,
  readFeedBatch,
  type ReadFeedInput,
  reclassifyAll,
  type ReclassifyInput,
} from './feed-work.js';

const options = workerData as { catalogOverrides: string | null; topicModel: boolean; startedChannel: string };
const catalog = loadCatalog(options.catalogOverrides, { topicModel: options.topicModel });
const started = new BroadcastChannel(options.startedChannel);
started.unref();

export function read(input: ReadFeedInput & { taskId: number }): Promise<FeedBatch | NotAFeed> {
  started.postMessage(input.taskId);
  return readFeedBatch(input, catalog);
}

export function paywall(html: string): boolean | null {
  return paywallFromHtml(html);
}

export function reclassify(input: ReclassifyInput): Article[] {
  return reclassifyAll(input, catalog);
}

/** Answers once the catalog is loaded (module evaluation threw otherwise). */
export function ready(): true {
  return true;
}
