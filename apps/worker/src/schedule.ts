/**
 * How often to poll a source: its configured interval, adapted to how often the feed publishes, never
 * sooner than its `<ttl>` or HTTP `max-age` asks, within bounds, with a stable per-source jitter so
 * that thousands of sources do not all fire at once.
 */
import { createHash } from 'node:crypto';

export const MIN_INTERVAL_MS = 2 * 60_000;
export const MAX_INTERVAL_MS = 6 * 3_600_000;

export interface RhythmEvidence {
  /** Configured interval (`every`). */
  everyMs: number;
  /** publishedAt of the feed's items, ms. */
  itemTimes: number[];
  ttlMinutes: number | null;
  cacheControl: string | null;
}

function maxAgeMs(cacheControl: string | null): number | null {
  const m = /(?:^|,)\s*(?:s-)?max-age\s*=\s*(\d+)/i.exec(cacheControl ?? '');
  return m ? Number(m[1]) * 1000 : null;
}

/** Stable factor in [0.9, 1.1) from the source id. */
export function jitterFactor(sourceId: string): number {
  const n = createHash('sha1').update(sourceId).digest().readUInt16BE(0);
  return 0.9 + (n / 65536) * 0.2;
}

export function nextInterval(sourceId: string, evidence: RhythmEvidence): number {
  const lower = Math.max(MIN_INTERVAL_MS, evidence.everyMs / 4);
  const upper = Math.min(MAX_INTERVAL_MS, Math.max(evidence.everyMs * 6, evidence.everyMs));
  let interval = evidence.everyMs;
  const times = [...new Set(evidence.itemTimes)].sort((a, b) => b - a).slice(0, 11);
  if (times.length >= 3) {
    const gaps = times
      .slice(1)
      .map((t, i) => times[i]! - t)
      .sort((a, b) => a - b);
    const median = gaps[Math.floor(gaps.length / 2)]!;
    // Poll about twice per typical gap between items.
    interval = median / 2;
  }
  const floor = Math.max(evidence.ttlMinutes ? evidence.ttlMinutes * 60_000 : 0, maxAgeMs(evidence.cacheControl) ?? 0);
  interval = Math.max(interval, Math.min(floor, upper));
  interval = Math.min(Math.max(interval, lower), upper);
  return Math.round(interval * jitterFactor(sourceId));
}
