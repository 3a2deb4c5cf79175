/**
 * The thread side of {@link ThreadedArticleIndex}: an `EmbeddedArticleIndex` that answers the calls
 * posted to it in the order they arrive. Upserts waiting in line together are written in one
 * transaction (group commit): a worker finishing many small feed jobs at once pays for one commit.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Article } from '@tidings/core/article';
import { EmbeddedArticleIndex, type EmbeddedIndexOptions } from './embedded.js';

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
  port.postMessage({ id: call.id, result });
}

function fail(call: Call, error: unknown) {
  const e = error as Error;
  port.postMessage({ id: call.id, error: { name: e.name, message: e.message } });
}

function upsertGroup(group: Call[]) {
  try {
    index.upsertSync(group.flatMap((call) => call.args[0] as Article[]));
    for (const call of group) reply(call, undefined);
  } catch {
    // One bad batch must not fail the others: write them one by one to say which failed.
    for (const call of group) {
      try {
        index.upsertSync(call.args[0] as Article[]);
        reply(call, undefined);
      } catch (error) {
        fail(call, error);
      }
    }
  }
}

async function drain() {
  while (waiting.length) {
    const call = waiting.shift()!;
    if (call.method === 'upsert') {
      const group = [call];
      let size = (call.args[0] as Article[]).length;
      while (waiting[0]?.method === 'upsert' && size < GROUP_LIMIT) {
        const next = waiting.shift()!;
        size += (next.args[0] as Article[]).length;
        group.push(next);
      }
      upsertGroup(group);
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

port.on('message', (call: Call) => {
  waiting.push(call);
  if (!draining) {
    draining = true;
    setImmediate(() => void drain());
  }
});
