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

/** An article as the story index knows it. */
export interface StoryEntry {
  rid: number;
  published: number;
  /** Numbers of the headline, and of the whole text: the numbers rule is checked before any read. */
  headNumbers: readonly string[];
  numbers: ReadonlySet<string>;
}

const NO_NUMBERS: ReadonlySet<string> = new Set();
const NO_HEAD_NUMBERS: readonly string[] = [];

/** The numbers of an article's words (what `sameStory`'s numbers rule compares). */
export function storyNumbers(words: StoryWords): { headNumbers: readonly string[]; numbers: ReadonlySet<string> } {
  const headNumbers = split(words.headline).filter(isNumber);
  const all = [...headNumbers, ...split(words.introduction).filter(isNumber)];
  // Most articles have no numbers: they share one empty list and set.
  return {
    headNumbers: headNumbers.length ? headNumbers : NO_HEAD_NUMBERS,
    numbers: all.length ? new Set(all) : NO_NUMBERS,
  };
}

/** Whether two articles pass the numbers rule: every number in either headline is in the other. */
function numbersAgree(
  a: Pick<StoryEntry, 'headNumbers' | 'numbers'>,
  b: Pick<StoryEntry, 'headNumbers' | 'numbers'>,
): boolean {
  return a.headNumbers.every((n) => b.numbers.has(n)) && b.headNumbers.every((n) => a.numbers.has(n));
}

/**
 * The band keys of the most recently indexed articles, in memory (`limit` articles; row ids only
 * grow, so the oldest are the smallest): where a new article finds its candidates. A lookup costs a
 * few map reads, where a table of bands in SQLite cost a dozen random B-tree inserts per article.
 */
export class StoryBandIndex {
  private readonly byKey = new Map<number, StoryEntry[]>();
  private count = 0;
  private oldestRid = 0;
  private newestRid = 0;

  constructor(private readonly limit = 200_000) {}

  /** The newest article added (its rid), 0 when none. */
  get newest(): number {
    return this.newestRid;
  }

  add(rid: number, published: number, keys: readonly number[], words: StoryWords): void {
    const entry: StoryEntry = { rid, published, ...storyNumbers(words) };
    for (const key of keys) {
      const list = this.byKey.get(key);
      if (!list) this.byKey.set(key, [entry]);
      else {
        list.push(entry);
        // A key that many articles share (templated text, very common phrases) tells little: it keeps
        // its latest articles only, so that a look-up stays a few dozen entries.
        if (list.length > MAX_PER_KEY) list.splice(0, list.length - MAX_PER_KEY);
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
    // First count the bands each recent article shares (cheap), then check the numbers rule only for
    // those sharing enough of them: most band neighbours share a single band and are dropped unread.
    const counts = new Map<number, { entry: StoryEntry; n: number }>();
    for (const key of keys) {
      for (const e of this.byKey.get(key) ?? []) {
        if (e.rid < this.oldestRid || Math.abs(e.published - published) > STORY_WINDOW_MS) continue;
        const seen = counts.get(e.rid);
        if (seen) seen.n++;
        else counts.set(e.rid, { entry: e, n: 1 });
      }
    }
    const shared = new Map<number, number>();
    let mine: ReturnType<typeof storyNumbers> | null = null;
    for (const [rid, { entry, n }] of counts) {
      if (n < MIN_SHARED_BANDS) continue;
      // Different numbers (a follow-up, another item of a template): not the story, no need to read it.
      if (!numbersAgree((mine ??= storyNumbers(words)), entry)) continue;
      shared.set(rid, n);
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

  /** Forgets the oldest articles beyond the limit. */
  private prune(): void {
    this.oldestRid = Math.max(this.oldestRid, this.newestRid - this.limit);
    let kept = 0;
    for (const [key, list] of this.byKey) {
      const live = list.filter((e) => e.rid >= this.oldestRid);
      if (live.length) this.byKey.set(key, live);
      else this.byKey.delete(key);
      kept += live.length;
    }
    this.count = Math.ceil(kept / (HASHES / ROWS_PER_BAND));
  }
}
