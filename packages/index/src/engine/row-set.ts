/**
 * Sets of row ids for the query engine, in one of two shapes chosen by density: a sorted list
 * (`Uint32Array`, 4 bytes a member) while a set is sparse, a bitset (one bit per row id) once it holds
 * more than one row id in 32. AND, OR and AND-NOT work on any mix of the two, and a set's size is
 * always known, so a query's exact total is a cardinality, never a walk over rows.
 *
 * Measured against the `roaring` package (bench/RESULTS.md, a million row ids): roaring is 3–4× faster
 * on AND / AND-NOT of dense sets and holds them in about half the memory; sparse work is even. These
 * shapes were kept because they need no native add-on (roaring's install builds one against the
 * running Node, which this project's installs do not allow and CI cannot rely on).
 */

import { bitCounter, countBothWords, countWords } from './bit-count.js';

export type RowSet =
  | { readonly kind: 'list'; readonly rids: Uint32Array }
  /** `count` is -1 until asked for (`sizeOf`): most intermediate results never need it. */
  | { readonly kind: 'bits'; readonly words: Uint32Array; count: number };

export const EMPTY_SET: RowSet = { kind: 'list', rids: new Uint32Array(0) };

/**
 * Room for a query's intermediate sets, reused from query to query. A million-row bitset is 125 KB of
 * memory outside the JavaScript heap, and a query makes several: allocated afresh, they made V8 run a
 * full collection of the query thread's heap every few hundred milliseconds (its helper threads then
 * took a fifth of the machine's CPU under load). Sets made by AND / OR / AND-NOT / `toList` are lent
 * from here; {@link releaseScratch} takes every one of them back once the read that made them has
 * answered (nothing may keep them: {@link ownSet} copies a set that must outlive the read).
 */
const scratch = {
  /** Free arrays by capacity (powers of two). */
  free: new Map<number, Uint32Array[]>(),
  lent: [] as Uint32Array[],
  buffers: new Set<ArrayBufferLike>(),
  /** Bytes of the free arrays. */
  freeBytes: 0,
};
/** Smaller arrays are simply allocated (they live on the heap or cost little). */
const SCRATCH_MIN = 64;
/** Bytes of free arrays kept, and arrays lent at once, at most (beyond, they are left to the GC). */
const SCRATCH_KEEP_BYTES = 16 * 2 ** 20;
const SCRATCH_LENT = 256;

/** An array of `n` words for a temporary set, zero-filled when `zero` (otherwise its content is arbitrary). */
export function scratchWords(n: number, zero = false): Uint32Array {
  if (n < SCRATCH_MIN) return new Uint32Array(n);
  const capacity = 2 ** Math.ceil(Math.log2(n));
  let base = scratch.free.get(capacity)?.pop();
  if (base) {
    scratch.freeBytes -= base.byteLength;
    if (zero) base.fill(0, 0, n);
  } else base = new Uint32Array(capacity);
  if (scratch.lent.length >= SCRATCH_LENT) scratch.buffers.delete(scratch.lent.shift()!.buffer);
  scratch.lent.push(base);
  scratch.buffers.add(base.buffer);
  return base.subarray(0, n);
}

/**
 * Arrays that {@link ownSet} copies sets into, reused once the set is let go ({@link retireSet}): a
 * plan's 125 KB bitset allocated afresh for every new query cost three times its copying (the API's
 * allocator maps blocks that large from the system and back; bench/RESULTS.md).
 */
const owned = {
  /** Free arrays by capacity (powers of two). */
  free: new Map<number, Uint32Array[]>(),
  freeBytes: 0,
  /** Let go during the current read: free once it ends (the read may still be using them). */
  retired: [] as Uint32Array[],
  /** The whole array behind each set that ownSet made. */
  bases: new WeakMap<ArrayBufferLike, Uint32Array>(),
};
const OWNED_KEEP_BYTES = 2 * 2 ** 20;

function ownedCopy(source: Uint32Array): Uint32Array {
  if (source.length < SCRATCH_MIN) return source.slice();
  const capacity = 2 ** Math.ceil(Math.log2(source.length));
  let base = owned.free.get(capacity)?.pop();
  if (base) owned.freeBytes -= base.byteLength;
  else base = new Uint32Array(capacity);
  owned.bases.set(base.buffer, base);
  const copy = base.subarray(0, source.length);
  copy.set(source);
  return copy;
}

/**
 * Lets go of a set that {@link ownSet} made (any other set is left alone): its array is reused by a
 * later copy once the current read has ended. Nothing may use the set after that read.
 */
export function retireSet(set: RowSet): void {
  const array = set.kind === 'list' ? set.rids : set.words;
  const base = owned.bases.get(array.buffer);
  if (!base) return;
  owned.bases.delete(array.buffer);
  if (owned.retired.length < SCRATCH_LENT) owned.retired.push(base);
}

/** Takes back every array lent since the last call: none may be in use any more. */
export function releaseScratch(): void {
  for (const base of owned.retired) {
    if (owned.freeBytes + base.byteLength > OWNED_KEEP_BYTES) continue;
    let free = owned.free.get(base.length);
    if (!free) owned.free.set(base.length, (free = []));
    free.push(base);
    owned.freeBytes += base.byteLength;
  }
  owned.retired.length = 0;
  for (const base of scratch.lent) {
    let free = scratch.free.get(base.length);
    if (!free) scratch.free.set(base.length, (free = []));
    if (scratch.freeBytes + base.byteLength > SCRATCH_KEEP_BYTES) continue;
    free.push(base);
    scratch.freeBytes += base.byteLength;
  }
  scratch.lent.length = 0;
  scratch.buffers.clear();
}

/** The set itself, or a copy of it where it lives in lent room (for a set kept past the read). */
export function ownSet(set: RowSet): RowSet {
  if (set.kind === 'list') {
    return scratch.buffers.has(set.rids.buffer) ? { kind: 'list', rids: ownedCopy(set.rids) } : set;
  }
  return scratch.buffers.has(set.words.buffer) ? { kind: 'bits', words: ownedCopy(set.words), count: set.count } : set;
}

/** Bytes a set's members take. */
export function setBytes(set: RowSet): number {
  return set.kind === 'list' ? set.rids.byteLength : set.words.byteLength;
}

export function sizeOf(set: RowSet): number {
  if (set.kind === 'list') return set.rids.length;
  if (set.count < 0) set.count = countBits(set.words);
  return set.count;
}

export function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** Bitsets of at least this many words are counted in WebAssembly (copying them costs less than counting here). */
const KERNEL_WORDS = 512;

function countBits(words: Uint32Array): number {
  if (words.length >= KERNEL_WORDS) return countWords(words);
  let count = 0;
  for (let i = 0; i < words.length; i++) if (words[i]) count += popcount(words[i]!);
  return count;
}

export function hasRow(set: RowSet, rid: number): boolean {
  if (set.kind === 'bits') return ((set.words[rid >>> 5] ?? 0) & (1 << (rid & 31))) !== 0;
  const at = lowerBound(set.rids, 0, set.rids.length, rid);
  return at < set.rids.length && set.rids[at] === rid;
}

/** First index in `list[from, to)` whose value is ≥ `value`. */
export function lowerBound(list: Uint32Array, from: number, to: number, value: number): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Members of a list that are (`keep` true) or are not (false) in `bits`. */
function filterByBits(list: Uint32Array, words: Uint32Array, keep: boolean): Uint32Array {
  const out = scratchWords(list.length);
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const rid = list[i]!;
    const inside = ((words[rid >>> 5] ?? 0) & (1 << (rid & 31))) !== 0;
    if (inside === keep) out[n++] = rid;
  }
  return out.subarray(0, n);
}

function intersectLists(a: Uint32Array, b: Uint32Array): Uint32Array {
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const out = scratchWords(small.length);
  let n = 0;
  if (small.length * 16 < large.length) {
    // Very different sizes: look each member of the small list up in the large one.
    let from = 0;
    for (let i = 0; i < small.length; i++) {
      const value = small[i]!;
      from = lowerBound(large, from, large.length, value);
      if (from === large.length) break;
      if (large[from] === value) out[n++] = value;
    }
  } else {
    let i = 0;
    let j = 0;
    while (i < small.length && j < large.length) {
      const x = small[i]!;
      const y = large[j]!;
      if (x === y) {
        out[n++] = x;
        i++;
        j++;
      } else if (x < y) i++;
      else j++;
    }
  }
  return out.subarray(0, n);
}

function subtractLists(a: Uint32Array, b: Uint32Array): Uint32Array {
  const out = scratchWords(a.length);
  let n = 0;
  let j = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    j = lowerBound(b, j, b.length, x);
    if (j >= b.length || b[j] !== x) out[n++] = x;
  }
  return out.subarray(0, n);
}

function bits(words: Uint32Array): RowSet {
  return { kind: 'bits', words, count: -1 };
}

/** Both sets' members. */
export function and(a: RowSet, b: RowSet): RowSet {
  if (a.kind === 'list' && b.kind === 'list') return { kind: 'list', rids: intersectLists(a.rids, b.rids) };
  if (a.kind === 'list') return { kind: 'list', rids: filterByBits(a.rids, (b as { words: Uint32Array }).words, true) };
  if (b.kind === 'list') return { kind: 'list', rids: filterByBits(b.rids, a.words, true) };
  const n = Math.min(a.words.length, b.words.length);
  const out = scratchWords(n);
  for (let i = 0; i < n; i++) out[i] = a.words[i]! & b.words[i]!;
  return bits(out);
}

/** Members of `a` that are not in `b`. */
export function andNot(a: RowSet, b: RowSet): RowSet {
  if ((b.kind === 'list' && b.rids.length === 0) || (a.kind === 'list' && a.rids.length === 0)) return a;
  if (a.kind === 'list') {
    return {
      kind: 'list',
      rids: b.kind === 'list' ? subtractLists(a.rids, b.rids) : filterByBits(a.rids, b.words, false),
    };
  }
  const out = scratchWords(a.words.length);
  out.set(a.words);
  if (b.kind === 'list') {
    for (let i = 0; i < b.rids.length; i++) {
      const rid = b.rids[i]!;
      if (rid >>> 5 < out.length) out[rid >>> 5]! &= ~(1 << (rid & 31));
    }
  } else {
    const n = Math.min(out.length, b.words.length);
    for (let i = 0; i < n; i++) out[i]! &= ~b.words[i]!;
  }
  return bits(out);
}

/** Members of any of the sets; `universe` is one more than the largest row id. */
export function or(sets: readonly RowSet[], universe: number): RowSet {
  const nonEmpty = sets.filter((s) => sizeOf(s) > 0);
  if (nonEmpty.length === 0) return EMPTY_SET;
  if (nonEmpty.length === 1) return nonEmpty[0]!;
  // Two short lists merge; anything more is written into a bitset (no sorting).
  const [first, second] = nonEmpty as [RowSet, RowSet];
  if (nonEmpty.length === 2 && first.kind === 'list' && second.kind === 'list') {
    const a = first.rids;
    const b = second.rids;
    if ((a.length + b.length) * 32 < universe) {
      const out = scratchWords(a.length + b.length);
      let i = 0;
      let j = 0;
      let n = 0;
      while (i < a.length && j < b.length) {
        const x = a[i]!;
        const y = b[j]!;
        out[n++] = x <= y ? x : y;
        if (x <= y) i++;
        if (y <= x) j++;
      }
      while (i < a.length) out[n++] = a[i++]!;
      while (j < b.length) out[n++] = b[j++]!;
      return { kind: 'list', rids: out.subarray(0, n) };
    }
  }
  const out = scratchWords((universe + 31) >>> 5, true);
  for (const s of nonEmpty) {
    if (s.kind === 'bits') {
      const n = Math.min(out.length, s.words.length);
      for (let i = 0; i < n; i++) out[i]! |= s.words[i]!;
    } else {
      for (let i = 0; i < s.rids.length; i++) out[s.rids[i]! >>> 5]! |= 1 << (s.rids[i]! & 31);
    }
  }
  return bits(out);
}

/** A set as a list when it is sparse (the shape that pages and counts read fastest). */
export function compactSet(set: RowSet, universe: number): RowSet {
  if (set.kind === 'bits' && sizeOf(set) * 32 < universe) return { kind: 'list', rids: toList(set) };
  return set;
}

/** |a ∩ b|, without building the intersection. */
export function countBoth(a: RowSet, b: RowSet): number {
  if (a.kind === 'list') return countIn(a.rids, b);
  if (b.kind === 'list') return countIn(b.rids, a);
  const len = Math.min(a.words.length, b.words.length);
  if (len >= KERNEL_WORDS) return countBothWords(a.words, b.words);
  let n = 0;
  for (let i = 0; i < len; i++) {
    const w = a.words[i]! & b.words[i]!;
    if (w) n += popcount(w);
  }
  return n;
}

/**
 * `countBoth(set, other)` for many `other`s: a large bitset is prepared once for all of them. Valid
 * while `set` does not change (for the counts of one read).
 */
export function bothCounter(set: RowSet): (other: RowSet) => number {
  if (set.kind === 'list' || set.words.length < KERNEL_WORDS) return (other) => countBoth(set, other);
  const count = bitCounter(set.words);
  return (other) => (other.kind === 'list' ? countIn(other.rids, set) : count(other.words));
}

/** How many members of `list` are in `set`, without building the intersection. */
export function countIn(list: Uint32Array, set: RowSet): number {
  if (set.kind === 'bits') {
    const words = set.words;
    // Members beyond the bitset's words are not in it; the rest are counted without a branch.
    let end = list.length;
    while (end > 0 && list[end - 1]! >>> 5 >= words.length) end--;
    let n = 0;
    for (let i = 0; i < end; i++) {
      const rid = list[i]!;
      n += (words[rid >>> 5]! >>> (rid & 31)) & 1;
    }
    return n;
  }
  return intersectLists(list, set.rids).length;
}

/** The members, ascending. */
export function toList(set: RowSet): Uint32Array {
  if (set.kind === 'list') return set.rids;
  const out = scratchWords(sizeOf(set));
  let n = 0;
  for (let w = 0; w < set.words.length; w++) {
    let word = set.words[w]!;
    while (word) {
      const bit = 31 - Math.clz32(word & -word);
      out[n++] = (w << 5) | bit;
      word &= word - 1;
    }
  }
  return out;
}

/** Words for a bitset of `words` words with room to grow: an eighth more (at least 64 words). */
/**
 * Room that postings' lists grow in while an engine loads (see {@link loadingPostings}): a million rows
 * make tens of thousands of small postings (a word, a section, a source), each doubling from four ids.
 * Allocated one by one, every outgrown list was a small block the allocator kept: at a million rows
 * ~90 MB a query thread stayed resident after the load (glibc's `malloc_trim` gave it back). In 1 MB
 * chunks instead — blocks the allocator maps on their own and gives back once dropped — an outgrown list
 * is left in its chunk, and the load's {@link Posting.trim} copies each list out to its own exact array.
 */
const load = { chunk: new Uint32Array(0), used: 0, active: false };
const LOAD_CHUNK_WORDS = 2 ** 18;
/** Larger lists are arrays of their own (blocks that large are mapped on their own anyway). */
const LOAD_LIST_MAX = 2 ** 12;

/** A new list of `n` words for a posting: from the load's room while an engine loads. */
function newList(n: number): Uint32Array {
  if (!load.active || n > LOAD_LIST_MAX) return new Uint32Array(n);
  if (load.used + n > load.chunk.length) {
    load.chunk = new Uint32Array(LOAD_CHUNK_WORDS);
    load.used = 0;
  }
  const list = load.chunk.subarray(load.used, load.used + n);
  load.used += n;
  return list;
}

/**
 * Runs a bulk load of postings: their lists grow in the load's room. Trimming a posting within `run`
 * copies its list out; a list left untrimmed stays valid and keeps its chunk alive.
 */
export function loadingPostings<T>(run: () => T): T {
  load.active = true;
  try {
    return run();
  } finally {
    load.active = false;
    load.chunk = new Uint32Array(0);
    load.used = 0;
  }
}

/**
 * The length a full list grows to: twice while loading or while small, an eighth more once an index
 * is loaded — a load trims every list to its size, and the first new article then grows each posting
 * of its words: doubling made that ~100 MB per query thread at a million rows, within seconds.
 */
function grownList(length: number): number {
  return load.active || length < 512 ? length * 2 : length + (length >>> 3);
}

function slackWords(words: number): number {
  return words + Math.max(64, words >>> 3);
}

/**
 * One value's row ids (a topic, a word, a day…), kept up to date as rows come and go: a growing sorted
 * list that turns into a bitset when it holds more than one row id in 32 of `universe`.
 */
export class Posting {
  private list: Uint32Array | null = newList(4);
  private words: Uint32Array | null = null;
  size = 0;

  /** Adds a row id (appending is the common case: new rows get the largest ids). */
  add(rid: number, universe: number): void {
    if (this.words) {
      this.ensureWords(rid);
      const mask = 1 << (rid & 31);
      if (!(this.words[rid >>> 5]! & mask)) {
        this.words[rid >>> 5]! |= mask;
        this.size++;
      }
      return;
    }
    let list = this.list!;
    const last = this.size ? list[this.size - 1]! : -1;
    let at = this.size;
    if (rid <= last) {
      at = lowerBound(list, 0, this.size, rid);
      if (list[at] === rid) return;
    }
    if (this.size === list.length) {
      const grown = newList(grownList(list.length));
      grown.set(list);
      this.list = list = grown;
    }
    if (at < this.size) list.copyWithin(at + 1, at, this.size);
    list[at] = rid;
    this.size++;
    if (this.size > 64 && this.size * 32 > universe) this.toBits(universe);
  }

  remove(rid: number): void {
    if (this.words) {
      const mask = 1 << (rid & 31);
      const w = rid >>> 5;
      if (w < this.words.length && this.words[w]! & mask) {
        this.words[w]! &= ~mask;
        this.size--;
      }
      return;
    }
    const list = this.list!;
    const at = lowerBound(list, 0, this.size, rid);
    if (at >= this.size || list[at] !== rid) return;
    list.copyWithin(at, at + 1, this.size);
    this.size--;
  }

  has(rid: number): boolean {
    if (this.words) return ((this.words[rid >>> 5] ?? 0) & (1 << (rid & 31))) !== 0;
    const at = lowerBound(this.list!, 0, this.size, rid);
    return at < this.size && this.list![at] === rid;
  }

  /** The current members as a set (a view: valid until the posting changes). */
  view(): RowSet {
    if (this.words) return { kind: 'bits', words: this.words, count: this.size };
    return { kind: 'list', rids: this.list!.subarray(0, this.size) };
  }

  private ensureWords(rid: number): void {
    const need = (rid >>> 5) + 1;
    if (need <= this.words!.length) return;
    // An eighth more, not twice: at a million rows every bitset that grows doubling would add 125 KB
    // per query thread at once, soon after the first thousands of new articles.
    const grown = new Uint32Array(Math.max(need, slackWords(this.words!.length)));
    grown.set(this.words!);
    this.words = grown;
  }

  private toBits(universe: number): void {
    const words = new Uint32Array(slackWords(Math.max((universe + 31) >>> 5, 1)));
    const list = this.list!;
    for (let i = 0; i < this.size; i++) words[list[i]! >>> 5]! |= 1 << (list[i]! & 31);
    this.words = words;
    this.list = null;
  }

  /**
   * Gives back the room kept for growth (after a bulk load; later additions grow it again). During a
   * load ({@link loadingPostings}) a list is always copied out to an array of its own.
   */
  trim(universe: number): void {
    if (this.list && (load.active || this.list.length > Math.max(4, this.size))) {
      this.list = this.list.slice(0, Math.max(4, this.size));
    }
    const words = ((universe + 31) >>> 5) + 64;
    if (this.words && this.words.length > words) this.words = this.words.slice(0, words);
  }

  /** Bytes held (for the memory figures). */
  get bytes(): number {
    return (this.words ?? this.list!).byteLength;
  }
}
