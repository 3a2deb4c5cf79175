/**
 * The worker's CPU priority. Where the worker shares a machine with the API, a fetch's burst of parsing
 * and classifying takes a core from the queries for tens of milliseconds: the API's slowest answers
 * wait on it. At a lower priority (a higher nice value) the worker uses whatever the API leaves, which
 * is almost always enough: feeds are polled minutes apart, and an article indexed a few milliseconds
 * later is not noticed. Measured in bench/RESULTS.md.
 */
import { readdirSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';

/**
 * Gives every thread of this process at least `nice` (0 leaves them as they are; a process started at a
 * higher value keeps it: lowering it again would need privileges). On Linux each thread has its own
 * value, and threads started later take the value of the thread that starts them. Returns the value
 * the main thread runs at.
 */
export function lowerPriority(nice: number): number {
  const current = getPriority(0);
  if (nice <= current) return current;
  let threads: number[];
  try {
    threads = readdirSync('/proc/self/task').map(Number);
  } catch {
    threads = [0]; // no /proc: the process as a whole
  }
  for (const thread of threads) {
    try {
      setPriority(thread, nice);
    } catch {
      // a thread that ended meanwhile
    }
  }
  return getPriority(0);
}
