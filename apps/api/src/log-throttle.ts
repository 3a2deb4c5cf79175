/** Log lines that every request would write while something is down, written a few times instead. */

/**
 * Lets a repeated log line through at most once every `everyMs`: `write` gets how many were held back
 * since the last one (0 for the first). While Redis is away, every request with an uncached key and every
 * read of the source list or the selections would otherwise log its own line.
 */
export function logThrottle(everyMs = 10_000, now: () => number = Date.now) {
  let last = -Infinity;
  let held = 0;
  return (write: (heldBack: number) => void): void => {
    if (now() - last < everyMs) {
      held++;
      return;
    }
    last = now();
    const heldBack = held;
    held = 0;
    write(heldBack);
  };
}
