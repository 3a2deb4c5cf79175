/**
 * The thread side of {@link ThreadedArticleIndex}: an `EmbeddedArticleIndex` that answers the calls
 * posted to it in the order they arrive. Writes (upserts, fetches to merge) waiting in line together
 * go in one transaction (group commit): a worker finishing many small feed jobs at once pays for one
 * commit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Article } from '@tidings/core/article';
import { EmbeddedArticleIndex, type EmbeddedIndexOptions, type IndexWrite } from './embedded.js';
import type { IndexPage, IngestBatch } from './port.js';

const index = new EmbeddedArticleIndex(workerData as EmbeddedIndexOptions);
/** Most articles one group commit takes. */
const GROUP_LIMIT = 5_000;

interface Call {
  id: number;
  method: keyof EmbeddedArticleIndex;
  args: unknown[];
}

const port = parentPort!;
const waiting: Call[] = [];
let draining = false;

function reply(call: Call, result: unknown) {
  // A printed page's bytes are handed over, not copied.
  const printed = (result as IndexPage | undefined)?.json?.bytes;
  port.postMessage({ id: call.id, result }, printed ? [printed.buffer as ArrayBuffer] : []);
}

function fail(call: Call, error: unknown) {
  const e = error as Error;
  port.postMessage({ id: call.id, error: { name: e.name, message: e.message } });
}

/** The write of a call that can join a group commit, or null. */
function writeOf(call: Call): IndexWrite | null {
  if (call.method === 'upsert') return { upsert: call.args[0] as Article[] };
  if (call.method === 'ingest') return { ingest: call.args[0] as IngestBatch };
  return null;
}

/** Articles a write brings (group size), estimated for fetches from their encoded size. */
function weight(write: IndexWrite): number {
  return 'upsert' in write ? write.upsert.length : Math.ceil(write.ingest.articles.byteLength / 1_000);
}

function writeGroup(group: { call: Call; write: IndexWrite }[]) {
  try {
    const results = index.writeSync(group.map((g) => g.write));
    group.forEach((g, i) => reply(g.call, results[i] ?? undefined));
  } catch {
    // One bad batch must not fail the others: write them one by one to say which failed.
    for (const { call, write } of group) {
      try {
        reply(call, index.writeSync([write])[0] ?? undefined);
      } catch (error) {
        fail(call, error);
      }
    }
  }
}

async function drain() {
  while (waiting.length) {
    const call = waiting.shift()!;
    const write = writeOf(call);
    if (write) {
      const group = [{ call, write }];
      let size = weight(write);
      for (
        let next = waiting[0] && writeOf(waiting[0]);
        next && size < GROUP_LIMIT;
        next = waiting[0] && writeOf(waiting[0])
      ) {
        group.push({ call: waiting.shift()!, write: next });
        size += weight(next);
      }
      writeGroup(group);
    } else {
      try {
        const fn = (index[call.method] as (...a: unknown[]) => Promise<unknown>).bind(index);
        reply(call, await fn(...call.args));
      } catch (error) {
        fail(call, error);
      }
    }
    // Let calls posted meanwhile arrive, so that they can join the next group.
    await new Promise((resolve) => setImmediate(resolve));
  }
  draining = false;
}

/**
 * How often an idle thread brings its query engine up to date with the writes of other processes (the
 * worker's): a read then finds the engine current instead of applying, say, the 800 rows of a burst of
 * feeds first — a pause that every read waiting on the thread would feel.
 */
const CATCH_UP_MS = 100;
setInterval(() => {
  if (!draining) index.catchUp();
}, CATCH_UP_MS).unref();

port.on('message', (call: Call) => {
  waiting.push(call);
  if (!draining) {
    draining = true;
    setImmediate(() => void drain());
  }
});
