/**
 * Story grouping (CONTRACT §1.7): two articles are one story when they report the same event in
 * near-identical words and were published within 72 hours of each other.
 *
 * Candidates come from locality-sensitive hashing: a MinHash signature over the word pairs
 * (shingles) of headline and introduction, cut into bands; articles sharing a band are candidates.
 * Each candidate is then verified on the words themselves, so that a shared topic or a few common
 * words never join two stories: most of the shorter headline's words and of the shorter
 * introduction's word pairs must appear in the other, and numbers must agree (a follow-up with new
 * facts — "death toll rises to 41" — is a new story).
 */

import { fnv1a } from '@tidings/core/hash';
import { ASCII, UNSPACED } from '@tidings/core/text';

export const STORY_WINDOW_MS = 72 * 3_600_000;
const HASHES = 24;
const ROWS_PER_BAND = 2;

/** An article's words as the index stores them (folded, space-separated). */
export interface StoryWords {
  headline: string;
  introduction: string;
}

function pairs(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < words.length; i++) out.push(`${words[i]} ${words[i + 1]}`);
  if (words.length === 1) out.push(words[0]!);
  return out;
}

/** One character of a script written without spaces: a word of its own for search (`wordsOf`). */
const UNSPACED_CHARACTER = new RegExp(`^[[${UNSPACED}]--\\p{M}]\\p{M}*$`, 'v');

/**
 * A text's words for comparing stories. The characters of the scripts written without spaces (each a
 * word for search) are joined again into the runs they stand in: characters say too little on their
 * own — two headlines built on one template ("北京今日迎来初雪", "北京今日迎来大风") share most of
 * theirs, and would be one story.
 */
function split(text: string): string[] {
  if (!text) return [];
  const words = text.split(' ');
  if (ASCII.test(text)) return words;
  const out: string[] = [];
  let run = '';
  for (const word of words) {
    if (UNSPACED_CHARACTER.test(word)) run += word;
    else {
      if (run) out.push(run);
      run = '';
      out.push(word);
    }
  }
  if (run) out.push(run);
  return out;
}

// Fixed multipliers and offsets for the MinHash functions (odd, so that each is a bijection).
const MULTIPLIERS = Array.from({ length: HASHES }, (_, i) => (Math.imul(i + 1, 0x9e3779b1) | 1) >>> 0);
const OFFSETS = Array.from({ length: HASHES }, (_, i) => Math.imul(i + 7, 0x85ebca6b) >>> 0);

/** Hashes of the word pairs (shingles) of a text: each word hashed once, pairs combined as numbers. */
function shingleHashes(words: string[], out: number[]): void {
  if (words.length === 1) {
    out.push(fnv1a(words[0]!));
    return;
  }
  let previous = words.length ? fnv1a(words[0]!) : 0;
  for (let i = 1; i < words.length; i++) {
    const current = fnv1a(words[i]!);
    // Order matters ("a b" is not "b a"); the multiplier spreads the first word's bits.
    out.push((Math.imul(previous ^ 0x85ebca6b, 0x01000193) + current) >>> 0);
    previous = current;
  }
}

/**
 * Band keys of an article: articles that share one are candidates of the same story. (MinHash is
 * blind to repeats, so the shingles need no de-duplication.)
 */
export function storyBands(words: StoryWords): number[] {
  const shingles: number[] = [];
  shingleHashes(split(words.headline), shingles);
  shingleHashes(split(words.introduction), shingles);
  if (!shingles.length) return [];
  const minima = new Uint32Array(HASHES).fill(0xffffffff);
  for (const h of shingles) {
    const mixed = h >>> 15;
    for (let i = 0; i < HASHES; i++) {
      const v = (Math.imul(h ^ OFFSETS[i]!, MULTIPLIERS[i]!) ^ mixed) >>> 0;
      if (v < minima[i]!) minima[i] = v;
    }
  }
  const keys: number[] = [];
  for (let band = 0; band < HASHES / ROWS_PER_BAND; band++) {
    let key = band + 1;
    for (let r = 0; r < ROWS_PER_BAND; r++)
      key = (Math.imul(key ^ minima[band * ROWS_PER_BAND + r]!, 0x01000193) ^ (key >>> 13)) >>> 0;
    // A band number in the low bits keeps bands apart; the key stays a safe integer.
    keys.push(key * 16 + (band % 16));
  }
  return keys;
}

/** Share of the smaller set found in the larger. */
function containment(a: Set<string>, b: Set<string>): number {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (!small.size) return 0;
  let shared = 0;
  for (const x of small) if (large.has(x)) shared++;
  return shared / small.size;
}

const isNumber = (word: string) => /^\d+$/.test(word);

/** An article's words as the verification compares them, computed once per article. */
export interface StoryText {
  headWords: Set<string>;
  headNumbers: string[];
  allWords: Set<string>;
  headPairs: Set<string>;
  introPairs: Set<string>;
  introLength: number;
}

export function storyText(words: StoryWords): StoryText {
  const head = split(words.headline);
  const intro = split(words.introduction);
  return {
    headWords: new Set(head),
    headNumbers: head.filter(isNumber),
    allWords: new Set([...head, ...intro]),
    headPairs: new Set(pairs(head)),
    introPairs: new Set(pairs(intro)),
    introLength: intro.length,
  };
}

/** Whether two articles (published within the window) tell the same story in near-identical words. */
export function sameStory(a: StoryWords | StoryText, b: StoryWords | StoryText): boolean {
  const x = 'headWords' in a ? a : storyText(a);
  const y = 'headWords' in b ? b : storyText(b);
  if (containment(x.headWords, y.headWords) < 0.6) return false;
  // Numbers in a headline must appear somewhere in the other article.
  if (x.headNumbers.some((w) => !y.allWords.has(w)) || y.headNumbers.some((w) => !x.allWords.has(w))) return false;
  // Headlines alone (no introductions to compare): they must be nearly the same.
  if (x.introLength < 4 || y.introLength < 4) return containment(x.headPairs, y.headPairs) >= 0.8;
  return containment(x.introPairs, y.introPairs) >= 0.5;
}

/**
 * Bands an earlier article must share to be verified: copies of one story share most of the twelve
 * (rewrites of the introduction still keep several); one shared band is mostly chance.
 */
const MIN_SHARED_BANDS = 2;

/** Articles a band key keeps (its latest). */
const MAX_PER_KEY = 12;

/** Numbers of an article's headline, and of its whole text: the numbers rule is checked before any read. */
interface StoryNumbers {
  headNumbers: readonly string[];
  numbers: ReadonlySet<string>;
}

const NO_NUMBERS: StoryNumbers = { headNumbers: [], numbers: new Set() };

/** The numbers of an article's words (what `sameStory`'s numbers rule compares). */
export function storyNumbers(words: StoryWords): StoryNumbers {
  const headNumbers = numbersIn(words.headline);
  const all = [...headNumbers, ...numbersIn(words.introduction)];
  // Most articles have no numbers: they share one empty list and set.
  return all.length ? { headNumbers, numbers: new Set(all) } : NO_NUMBERS;
}

/**
 * The words of a text that are numbers: what `split(text).filter(isNumber)` gives (a digit is never
 * joined into a run of unspaced characters), without splitting every word out.
 */
function numbersIn(text: string): string[] {
  return text.match(NUMBER_WORD) ?? [];
}
const NUMBER_WORD = /(?<![^ ])\d+(?![^ ])/g;

/** Numbers as the band index keeps them: one string ("headline numbers|the others"), null for none. */
function packNumbers({ headNumbers, numbers }: StoryNumbers): string | null {
  return numbers.size ? `${headNumbers.join(' ')}|${[...numbers].join(' ')}` : null;
}

/**
 * Whether an article's numbers and an indexed one's (packed) pass the numbers rule — read in place:
 * on templated text every article is a band neighbour of many, and building their sets cost more
 * than the rest of the look-up.
 */
function numbersAgreePacked(mine: StoryNumbers, packed: string | null): boolean {
  if (packed === null) return mine.headNumbers.length === 0;
  const bar = packed.indexOf('|');
  for (const n of mine.headNumbers) if (!hasWord(packed, bar + 1, n)) return false;
  for (let at = 0; at < bar;) {
    const space = packed.indexOf(' ', at);
    const end = space < 0 || space > bar ? bar : space;
    if (!mine.numbers.has(packed.slice(at, end))) return false;
    at = end + 1;
  }
  return true;
}

/** Whether `word` is one of the space-separated words of `text` from `from` on. */
function hasWord(text: string, from: number, word: string): boolean {
  for (let at = text.indexOf(word, from); at >= 0; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === from || text[at - 1] === ' ') && (end === text.length || text[end] === ' ')) return true;
  }
  return false;
}

/** Band keys an article has (`storyBands`: one per band, the band in its low four bits; none for no words). */
const BANDS = HASHES / ROWS_PER_BAND;
/** No node: an empty table entry, the end of a chain. */
const EMPTY = -1;

/**
 * The band keys of the most recently indexed articles, in memory (`limit` articles; row ids only
 * grow, so the oldest are the smallest): where a new article finds its candidates. A lookup costs a
 * few table reads, where a table of bands in SQLite cost a dozen random B-tree inserts per article.
 *
 * Held in typed arrays rather than a map of lists: at its fullest (62 500 articles) a map of one small
 * array per key was 34 MB of the index thread's heap, in some 700 000 objects for the collector to
 * walk; these arrays are ~16 MB in a handful (the worker's peak memory 20–30 MB lower,
 * bench/RESULTS.md). Articles are slots, in the order added; each slot has a node per band
 * (`slot × BANDS + band`) holding that band's key. The articles with one key are a chain of nodes,
 * newest first (`previous`), whose head an open-addressing table finds.
 */
export class StoryBandIndex {
  private count = 0;
  private oldestRid = 0;
  private newestRid = 0;
  /** Slots in use; per slot, the article's row id, publication time and numbers (null: none). */
  private slots = 0;
  private rids = new Float64Array(0);
  private published = new Float64Array(0);
  private numbers: (string | null)[] = [];
  /** Per node: its key (the band's hash, without the band bits) and the node before it with that key. */
  private keys = new Uint32Array(0);
  private previous = new Int32Array(0);
  /** Per slot, the last look-up that counted it and how many of its bands that one shares. */
  private seen = new Uint32Array(0);
  private hits = new Uint8Array(0);
  private stamp = 0;
  /** Per key, its newest node (EMPTY: free); linear probing. */
  private table = new Int32Array(0);
  private mask = 0;

  constructor(private readonly limit = 200_000) {}

  /** The newest article added (its rid), 0 when none. */
  get newest(): number {
    return this.newestRid;
  }

  /** Adds an article with its `storyBands` keys. */
  add(rid: number, published: number, keys: readonly number[], words: StoryWords): void {
    if (keys.length && keys.length !== BANDS)
      throw new RangeError(`an article has ${BANDS} band keys or none, not ${keys.length}`);
    if (keys.length) {
      this.reserve(this.slots + 1);
      const slot = this.slots++;
      this.rids[slot] = rid;
      this.published[slot] = published;
      this.numbers[slot] = packNumbers(storyNumbers(words));
      for (let band = 0; band < BANDS; band++) {
        const node = slot * BANDS + band;
        this.keys[node] = Math.floor(keys[band]! / 16);
        this.previous[node] = EMPTY;
        this.link(node);
      }
    }
    this.newestRid = Math.max(this.newestRid, rid);
    if (++this.count > this.limit * 1.25) this.prune();
  }

  /**
   * Articles sharing band keys with `keys`, published within the window of `published`, those that
   * share most bands first (the likeliest copies), at most `max`.
   */
  candidates(keys: readonly number[], published: number, max: number, words: StoryWords): number[] {
    // First count the bands each recent article shares (cheap: in place, a stamp per look-up saying
    // which counts are its own), then check the numbers rule only for those sharing enough of them:
    // most band neighbours share a single band and are dropped unread.
    const stamp = this.nextStamp();
    const touched: number[] = [];
    for (let band = 0; band < keys.length && band < BANDS; band++) {
      // A key that many articles share (templated text, very common phrases) tells little: only its
      // latest articles are read, so that a look-up stays a few dozen entries.
      let node = this.head(Math.floor(keys[band]! / 16), band);
      for (let read = 0; node !== EMPTY && read < MAX_PER_KEY; read++, node = this.previous[node]!) {
        const slot = (node / BANDS) | 0;
        if (this.seen[slot] === stamp) {
          this.hits[slot]!++;
          continue;
        }
        const rid = this.rids[slot]!;
        if (rid < this.oldestRid || Math.abs(this.published[slot]! - published) > STORY_WINDOW_MS) continue;
        this.seen[slot] = stamp;
        this.hits[slot] = 1;
        touched.push(slot);
      }
    }
    const shared = new Map<number, number>();
    let mine: StoryNumbers | null = null;
    for (const slot of touched) {
      const n = this.hits[slot]!;
      if (n < MIN_SHARED_BANDS) continue;
      // Different numbers (a follow-up, another item of a template): not the story, no need to read it.
      if (!numbersAgreePacked((mine ??= storyNumbers(words)), this.numbers[slot]!)) continue;
      shared.set(this.rids[slot]!, n);
    }
    if (shared.size <= max) return [...shared.keys()].sort((a, b) => shared.get(b)! - shared.get(a)! || a - b);
    // The `max` that share most bands (ties: the earlier article), without sorting all of them.
    const best: [number, number][] = [];
    for (const [rid, n] of shared) {
      if (best.length === max && (n < best[max - 1]![1] || (n === best[max - 1]![1] && rid > best[max - 1]![0])))
        continue;
      let at = best.length;
      while (at > 0 && (best[at - 1]![1] < n || (best[at - 1]![1] === n && best[at - 1]![0] > rid))) at--;
      best.splice(at, 0, [rid, n]);
      if (best.length > max) best.pop();
    }
    return best.map(([rid]) => rid);
  }

  /** A stamp no slot carries yet (after 2³² look-ups the stamps start again from clean slots). */
  private nextStamp(): number {
    this.stamp = (this.stamp + 1) >>> 0;
    if (this.stamp === 0) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Forgets the oldest articles beyond the limit: the slots left move down and the table is rebuilt. */
  private prune(): void {
    this.oldestRid = Math.max(this.oldestRid, this.newestRid - this.limit);
    let kept = 0;
    for (let slot = 0; slot < this.slots; slot++) {
      if (this.rids[slot]! < this.oldestRid) continue;
      if (kept !== slot) {
        this.rids[kept] = this.rids[slot]!;
        this.published[kept] = this.published[slot]!;
        this.numbers[kept] = this.numbers[slot]!;
        this.keys.copyWithin(kept * BANDS, slot * BANDS, (slot + 1) * BANDS);
      }
      kept++;
    }
    this.numbers.length = kept;
    this.slots = kept;
    this.count = kept;
    this.rebuild(this.table.length);
  }

  /** Room for `slots` articles (doubling), with the table at most half full. */
  private reserve(slots: number): void {
    if (slots > this.rids.length) {
      const capacity = Math.max(256, this.rids.length * 2, slots);
      this.rids = grown(this.rids, new Float64Array(capacity));
      this.published = grown(this.published, new Float64Array(capacity));
      this.keys = grown(this.keys, new Uint32Array(capacity * BANDS));
      this.previous = grown(this.previous, new Int32Array(capacity * BANDS));
      this.seen = new Uint32Array(capacity);
      this.hits = new Uint8Array(capacity);
    }
    if (slots * BANDS * 2 > this.table.length) this.rebuild(2 ** Math.ceil(Math.log2(slots * BANDS * 2)));
  }

  /** A table of `size` entries (a power of two) over the slots in use, chains rebuilt in the order added. */
  private rebuild(size: number): void {
    this.table = new Int32Array(size).fill(EMPTY);
    this.mask = size - 1;
    for (let node = 0; node < this.slots * BANDS; node++) {
      this.previous[node] = EMPTY;
      this.link(node);
    }
  }

  /** Makes `node` the newest with its key. */
  private link(node: number): void {
    const band = node % BANDS;
    const key = this.keys[node]!;
    for (let at = this.bucket(key, band); ; at = (at + 1) & this.mask) {
      const held = this.table[at]!;
      if (held === EMPTY) {
        this.table[at] = node;
        return;
      }
      if (held % BANDS === band && this.keys[held] === key) {
        this.previous[node] = held;
        this.table[at] = node;
        return;
      }
    }
  }

  /** The newest node with this key of `band`, or EMPTY. */
  private head(key: number, band: number): number {
    if (!this.table.length) return EMPTY;
    for (let at = this.bucket(key, band); ; at = (at + 1) & this.mask) {
      const held = this.table[at]!;
      if (held === EMPTY || (held % BANDS === band && this.keys[held] === key)) return held;
    }
  }

  private bucket(key: number, band: number): number {
    return (Math.imul(key ^ Math.imul(band + 1, 0x9e3779b1), 0x85ebca6b) >>> 0) & this.mask;
  }
}

/** `to` with `from` copied into its start. */
function grown<T extends Float64Array | Uint32Array | Int32Array>(from: T, to: T): T {
  to.set(from);
  return to;
}
