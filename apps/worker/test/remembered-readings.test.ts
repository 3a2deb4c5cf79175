/** The sources' readings the worker keeps between fetches: bounded, the longest unfetched forgotten first. */
import { describe, expect, it } from 'vitest';
import { RememberedReadings } from '../src/feed/remembered-readings.js';

describe('RememberedReadings', () => {
  it("keeps each source's last readings in place of the ones before, and forgets the sources fetched longest ago", () => {
    const kept = new RememberedReadings(30);
    expect(kept.get('a')).toBe('');
    kept.set('a', 'a'.repeat(10));
    kept.set('b', 'b'.repeat(10));
    kept.set('a', 'A'.repeat(12));
    expect(kept.get('a')).toBe('A'.repeat(12));
    expect(kept.size).toEqual({ sources: 2, chars: 22 });
    // Over the bound: 'b', fetched longest ago, goes; 'a' was fetched since.
    kept.set('c', 'c'.repeat(10));
    expect(kept.get('b')).toBe('');
    expect(kept.size).toEqual({ sources: 2, chars: 22 });
    // A fetch that kept no readings (every reader failed) leaves none for the next.
    kept.set('a', null);
    expect(kept.get('a')).toBe('');
    expect(kept.size).toEqual({ sources: 1, chars: 10 });
  });
});
