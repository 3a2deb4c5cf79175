import { readFileSync } from 'node:fs';
import wabtModule from 'wabt';
import { describe, expect, it } from 'vitest';
import { WASM_BASE64 } from '../src/engine/bit-count-wasm.js';
import { bitCounter, countBothWords, countWords } from '../src/engine/bit-count.js';
import { PostingEngine } from '../src/engine/posting-engine.js';
import {
  bothCounter,
  countBoth,
  loadingPostings,
  ownSet,
  Posting,
  releaseScratch,
  retireSet,
  type RowSet,
  scratchWords,
  sizeOf,
} from '../src/engine/row-set.js';

/** A seeded bitset of `n` words, each bit set with probability `p`. */
function randomWords(n: number, p: number, seed: number): Uint32Array {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const words = new Uint32Array(n);
  for (let i = 0; i < n; i++) for (let b = 0; b < 32; b++) if (next() < p) words[i]! |= 1 << b;
  return words;
}

function naive(a: Uint32Array, b?: Uint32Array): number {
  let n = 0;
  const len = b ? Math.min(a.length, b.length) : a.length;
  for (let i = 0; i < len; i++) {
    const w = b ? a[i]! & b[i]! : a[i]!;
    for (let bit = 0; bit < 32; bit++) n += (w >>> bit) & 1;
  }
  return n;
}

describe('bit counting in WebAssembly', () => {
  it('is built from bit-count.wat (run `npm run build:wasm` after changing it)', async () => {
    const wabt = await wabtModule();
    const text = readFileSync(new URL('../src/engine/bit-count.wat', import.meta.url), 'utf8');
    const parsed = wabt.parseWat('bit-count.wat', text);
    const { buffer } = parsed.toBinary({});
    parsed.destroy();
    expect(Buffer.from(WASM_BASE64, 'base64').equals(Buffer.from(buffer))).toBe(true);
  });

  it('counts exactly at every length, with sets of different lengths and several sets in turn', () => {
    // Lengths around the kernel's 8-word step, and sets far larger than the first memory.
    for (const n of [1, 7, 8, 9, 100, 513, 31_314, 70_001]) {
      const a = randomWords(n, 0.4, n);
      const b = randomWords(n + 5, 0.3, n + 1);
      const c = randomWords(Math.max(1, n - 3), 0.7, n + 2);
      expect(countWords(a)).toBe(naive(a));
      const inA = bitCounter(a);
      expect(inA(b)).toBe(naive(a, b));
      // Another set counted in between: `inA` copies its set again.
      expect(countBothWords(c, b)).toBe(naive(c, b));
      expect(inA(c)).toBe(naive(a, c));
      expect(countWords(c)).toBe(naive(c));
      expect(inA(b)).toBe(naive(a, b));
    }
  });

  it('answers the engine’s set counts as the plain loops do', () => {
    const a: RowSet = { kind: 'bits', words: randomWords(40_000, 0.2, 7), count: -1 };
    const b: RowSet = { kind: 'bits', words: randomWords(39_000, 0.5, 8), count: -1 };
    const list: RowSet = {
      kind: 'list',
      rids: Uint32Array.from([0, 5, 31, 32, 1_000, 1_279_999, 1_280_000, 2_000_000]),
    };
    expect(sizeOf(a)).toBe(naive(a.words));
    expect(countBoth(a, b)).toBe(naive(a.words, b.words));
    const inA = bothCounter(a);
    expect(inA(b)).toBe(naive(a.words, b.words));
    const members = [...list.rids].filter((rid) => rid < 40_000 * 32 && (a.words[rid >>> 5]! >>> (rid & 31)) & 1);
    expect(inA(list)).toBe(members.length);
  });
});

describe('the query engine’s memo', () => {
  it('keeps recently used work and drops the least recently used beyond its room for row sets', () => {
    const engine = new PostingEngine();
    const computed: string[] = [];
    const mb = 2 ** 20;
    const remember = (key: string) =>
      engine.remember(
        key,
        () => {
          computed.push(key);
          return key;
        },
        () => mb,
      );
    remember('kept');
    for (let i = 0; i < 40; i++) {
      remember(`other-${i}`);
      remember('kept'); // used again each time: never the least recently used
    }
    expect(computed.filter((k) => k === 'kept')).toHaveLength(1);
    computed.length = 0;
    remember('other-39');
    remember('other-0');
    // 8 MB of sets at most: the latest stays, the first 1 MB set was dropped long ago.
    expect(computed).toEqual(['other-0']);
  });
});

describe('sets kept past a read', () => {
  /** A bitset in a read's lent room, with `seed` in every word. */
  const lent = (seed: number): RowSet => ({ kind: 'bits', words: scratchWords(4096).fill(seed), count: -1 });

  it('are copies whose room is reused only after they are let go and the read has ended', () => {
    const first = ownSet(lent(1));
    releaseScratch();
    retireSet(first);
    // Let go during this read: the read may still use it, so the next copy gets other room.
    const second = ownSet(lent(2));
    expect(second.kind === 'bits' && second.words.buffer).not.toBe(first.kind === 'bits' && first.words.buffer);
    expect(first.kind === 'bits' && first.words.every((w) => w === 1)).toBe(true);
    releaseScratch();
    // After the read: the next copy is made in the first one's room, and holds its own content.
    const third = ownSet(lent(3));
    expect(third.kind === 'bits' && third.words.buffer).toBe(first.kind === 'bits' && first.words.buffer);
    expect(third.kind === 'bits' && third.words.length === 4096 && third.words.every((w) => w === 3)).toBe(true);
    expect(second.kind === 'bits' && second.words.every((w) => w === 2)).toBe(true);
    releaseScratch();
  });

  it('leave sets they did not copy alone (an engine posting is never reused)', () => {
    const posting: RowSet = { kind: 'bits', words: new Uint32Array(4096).fill(7), count: -1 };
    expect(ownSet(posting)).toBe(posting);
    retireSet(posting);
    releaseScratch();
    const copy = ownSet(lent(9));
    expect(copy.kind === 'bits' && copy.words.buffer).not.toBe(posting.words.buffer);
    expect(posting.kind === 'bits' && posting.words.every((w) => w === 7)).toBe(true);
    releaseScratch();
  });
});

describe('postings loaded in bulk', () => {
  /** Row ids a posting holds, from its view. */
  const members = (posting: Posting) => {
    const view = posting.view();
    return view.kind === 'list' ? Array.from(view.rids) : [];
  };

  it('grow in shared room while loading and hold arrays of their own once trimmed', () => {
    const universe = 1_000_000;
    const postings = Array.from({ length: 300 }, () => new Posting());
    loadingPostings(() => {
      // Interleaved, as a load meets words: every list outgrows its room several times, and ends full.
      for (let rid = 0; rid < 64; rid++)
        for (const [i, posting] of postings.entries()) posting.add(rid * 7 + i, universe);
      // Lists share the load's room (the point of it)…
      const buffers = new Set(postings.map((p) => (p.view() as { rids: Uint32Array }).rids.buffer));
      expect(buffers.size).toBeLessThan(10);
      for (const posting of postings) posting.trim(universe);
    });
    for (const [i, posting] of postings.entries()) {
      const view = posting.view() as { kind: 'list'; rids: Uint32Array };
      // …and none once the load has trimmed them: the room can go, and nothing writes into another's list.
      expect(view.rids.buffer.byteLength).toBe(64 * 4);
      expect(Array.from(view.rids)).toEqual(Array.from({ length: 64 }, (_, rid) => rid * 7 + i));
    }
    // Later rows, out of order too, grow each list on its own.
    for (const [i, posting] of postings.entries()) {
      posting.add(5_000 + i, universe);
      posting.add(1 + i * 7 + 3, universe);
    }
    for (const [i, posting] of postings.entries()) {
      const expected = [...Array.from({ length: 64 }, (_, rid) => rid * 7 + i), 1 + i * 7 + 3, 5_000 + i];
      expect(members(posting)).toEqual([...new Set(expected)].sort((a, b) => a - b));
    }
  });

  it('grow by an eighth once loaded, not twice their size, when new rows arrive', () => {
    const posting = new Posting();
    loadingPostings(() => {
      for (let rid = 0; rid < 4096; rid++) posting.add(rid * 100, 10_000_000);
      posting.trim(10_000_000);
    });
    posting.add(500_000, 10_000_000);
    const view = posting.view() as { kind: 'list'; rids: Uint32Array };
    expect(view.rids.buffer.byteLength).toBe((4096 + 512) * 4);
    expect(view.rids.length).toBe(4097);
    expect(view.rids.at(-1)).toBe(500_000);
    expect(view.rids[4095]).toBe(409_500);
  });

  it('stay exact when a load ends without trimming them (a small index)', () => {
    const a = new Posting();
    const b = new Posting();
    loadingPostings(() => {
      for (let rid = 0; rid < 20; rid++) {
        a.add(rid * 2, 1_000_000);
        b.add(rid * 2 + 1, 1_000_000);
      }
    });
    for (let rid = 20; rid < 40; rid++) a.add(rid * 2, 1_000_000);
    b.remove(1);
    expect(members(a)).toEqual(Array.from({ length: 40 }, (_, i) => i * 2));
    expect(members(b)).toEqual(Array.from({ length: 19 }, (_, i) => i * 2 + 3));
  });
});
