import { describe, expect, it } from 'vitest';
import { HostGate } from '../src/host-gate.js';
import { jitterFactor, MAX_INTERVAL_MS, MIN_INTERVAL_MS, nextInterval } from '../src/schedule.js';

const minutes = (n: number) => n * 60_000;
const every = (gapMinutes: number, count = 10) =>
  Array.from({ length: count }, (_, i) => Date.UTC(2026, 10, 22) - i * minutes(gapMinutes));

describe('nextInterval', () => {
  const unjittered = (id: string, ms: number) => ms / jitterFactor(id);

  it('polls a busy feed more often and a quiet one less, within bounds', () => {
    const busy = unjittered(
      'a',
      nextInterval('a', { everyMs: minutes(10), itemTimes: every(6), ttlMinutes: null, cacheControl: null }),
    );
    expect(busy).toBeCloseTo(minutes(3), -3);
    const quiet = unjittered(
      'a',
      nextInterval('a', { everyMs: minutes(10), itemTimes: every(600), ttlMinutes: null, cacheControl: null }),
    );
    expect(quiet).toBeCloseTo(minutes(60), -3);
    const frantic = nextInterval('a', {
      everyMs: minutes(10),
      itemTimes: every(0.1),
      ttlMinutes: null,
      cacheControl: null,
    });
    expect(frantic).toBeGreaterThanOrEqual(MIN_INTERVAL_MS * 0.9);
    const dead = nextInterval('a', {
      everyMs: minutes(10),
      itemTimes: every(100_000),
      ttlMinutes: null,
      cacheControl: null,
    });
    expect(dead).toBeLessThanOrEqual(MAX_INTERVAL_MS * 1.1);
  });

  it('honours <ttl> and Cache-Control max-age', () => {
    const ttl = unjittered(
      'a',
      nextInterval('a', { everyMs: minutes(10), itemTimes: every(6), ttlMinutes: 30, cacheControl: null }),
    );
    expect(ttl).toBeCloseTo(minutes(30), -3);
    const maxAge = unjittered(
      'a',
      nextInterval('a', {
        everyMs: minutes(10),
        itemTimes: [],
        ttlMinutes: null,
        cacheControl: 'public, max-age=1200',
      }),
    );
    expect(maxAge).toBeCloseTo(minutes(20), -3);
  });

  it('spreads sources with a stable jitter of ±10 %', () => {
    const factors = ['a', 'b', 'c', 'd', 'e'].map(jitterFactor);
    for (const f of factors) {
      expect(f).toBeGreaterThanOrEqual(0.9);
      expect(f).toBeLessThan(1.1);
    }
    expect(new Set(factors).size).toBeGreaterThan(1);
    expect(jitterFactor('a')).toBe(jitterFactor('a'));
  });
});

describe('HostGate', () => {
  it('runs at most two fetches of a host at once', async () => {
    const gate = new HostGate(2);
    let running = 0;
    let peak = 0;
    const task = () =>
      gate.run('example.com', async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
      });
    await Promise.all(Array.from({ length: 6 }, task));
    expect(peak).toBe(2);
  });

  it('remembers a Retry-After per host', () => {
    let now = 1_000;
    const gate = new HostGate(2, () => now);
    gate.backOff('example.com', 60_000);
    expect(gate.backOffUntil('example.com')).toBe(61_000);
    expect(gate.backOffUntil('other.com')).toBeNull();
    now = 61_001;
    expect(gate.backOffUntil('example.com')).toBeNull();
  });
});
