/** The queues' and workers' errors in the log: each message once, then at most once every 10 s. */
import { describe, expect, it } from 'vitest';
import { errorReporter, type WorkerLog } from '../src/worker.js';

describe('worker error lines', () => {
  it('logs a Redis outage in a few lines and says when Redis is back', () => {
    const lines: [string, Record<string, unknown>, string | undefined][] = [];
    const log: WorkerLog = (event, details = {}, level) => lines.push([event, details, level]);
    let now = 0;
    const errors = errorReporter(log, () => now);
    errors.ready(); // the first connection: nothing to say
    // Seven queues and workers, each failing to reconnect ten times a second for 12 s.
    for (; now < 12_000; now += 100) {
      for (let emitter = 0; emitter < 7; emitter++) errors.report(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    }
    errors.report(new Error('could not renew lock for job 42'));
    errors.ready();
    errors.ready();
    expect(lines).toEqual([
      ['worker error', { error: 'connect ECONNREFUSED 127.0.0.1:6379' }, 'error'],
      ['worker error', { error: 'connect ECONNREFUSED 127.0.0.1:6379', repeated: 699 }, 'error'],
      ['worker error', { error: 'could not renew lock for job 42' }, 'error'],
      ['redis reachable again', { errors: 841 }, 'warn'],
    ]);
    // The next outage starts afresh.
    errors.report(new Error('connect ECONNREFUSED 127.0.0.1:6379'));
    expect(lines.at(-1)).toEqual(['worker error', { error: 'connect ECONNREFUSED 127.0.0.1:6379' }, 'error']);
  });
});
