/**
 * A thread of `FeedParserPool`: loads the catalog and builds its classifier once, when it starts, then
 * reads feeds and re-classifies articles.
 */
import { BroadcastChannel, workerData } from 'node:worker_threads';
import type { Article } from '@tidings/core/article';
import { loadCatalog } from '@tidings/catalog/catalog';
import { classifierFor } from '@tidings/catalog/classify';
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
// Built now (~0.2 s), not by the first feed, whose time limit has started by then.
classifierFor(catalog);
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

/** Answers once the catalog is loaded and its classifier built (module evaluation threw otherwise). */
export function ready(): true {
  return true;
}
