/**
 * The learned top-level topic model (`data/topic-model.bin`, trained by `scripts/train-topic-model.mjs`;
 * licences in `data/topic-model.LICENSE.md`): a linear softmax classifier over the weighted average of
 * the words' GloVe vectors. Being linear, it ships as one row of class scores per word (the vector
 * times the weights, int8 with a scale per class), so an article costs one table look-up and 17
 * additions per word.
 *
 * Binary layout (little-endian): "TTM1", u32 classes C, u32 words V; C × i32 topic ids; C × f32 bias;
 * C × f32 scale; f32 a, f32 H (word weight a / (a + 1 / (rank · H))); V × C i8 scores; the V words,
 * newline-separated UTF-8, by GloVe frequency rank.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fnv1a } from '@tidings/core/hash';

export interface TopLevelGuess {
  /** Top-level topic ids, most likely first. */
  topics: number[];
  /** Their probabilities, in the same order. */
  probabilities: number[];
  /** Words of the text the model knows (with fewer than two it does not guess). */
  known: number;
  /** Words rarer than the few hundred commonest, known or not ("untitled", "item"; not "more", "the"). */
  content: number;
}

/** Weight of a word (by its frequency rank) above which it counts as content: rank ≥ about 750. */
const CONTENT_WEIGHT = 0.9;

const WORD = /[\p{L}\p{N}]+/gu;

export class TopicModel {
  readonly classes: Int32Array;
  private readonly bias: Float32Array;
  private readonly scale: Float32Array;
  private readonly table: Int8Array;
  private readonly weights: Float32Array;
  /**
   * Word → rank as an open-addressing table of 32-bit word hashes (2 MB, where a Map of 100 000
   * strings took ~10 MB in each parser thread). An unknown word whose hash equals a known one's is
   * read as that word: with 100 000 words among 2^32 hashes, about one unknown word in 40 000.
   */
  private readonly slots: Uint32Array;
  private readonly ranks: Int32Array;
  /** Bytes of the model file (for reports). */
  readonly size: number;

  constructor(bytes: Buffer) {
    if (bytes.toString('latin1', 0, 4) !== 'TTM1') throw new Error('not a topic model file (expected TTM1)');
    const classes = bytes.readUInt32LE(4);
    const words = bytes.readUInt32LE(8);
    let at = 12;
    const floats = (n: number) => {
      const out = new Float32Array(n);
      for (let i = 0; i < n; i++, at += 4) out[i] = bytes.readFloatLE(at);
      return out;
    };
    this.classes = new Int32Array(classes);
    for (let c = 0; c < classes; c++, at += 4) this.classes[c] = bytes.readInt32LE(at);
    this.bias = floats(classes);
    this.scale = floats(classes);
    const [a, h] = floats(2) as unknown as [number, number];
    this.table = new Int8Array(bytes.buffer, bytes.byteOffset + at, words * classes).slice();
    at += words * classes;
    const list = bytes.toString('utf8', at).split('\n');
    this.weights = new Float32Array(words);
    const size = 1 << Math.ceil(Math.log2(words * 2.5));
    this.slots = new Uint32Array(size);
    this.ranks = new Int32Array(size).fill(-1);
    for (let rank = 0; rank < words; rank++) {
      this.insert(list[rank]!, rank);
      this.weights[rank] = a / (a + 1 / ((rank + 1) * h));
    }
    this.size = bytes.length;
  }

  private insert(word: string, rank: number): void {
    const hash = fnv1a(word);
    const mask = this.slots.length - 1;
    for (let i = hash & mask; ; i = (i + 1) & mask) {
      if (this.ranks[i] === -1) {
        this.slots[i] = hash;
        this.ranks[i] = rank;
        return;
      }
      if (this.slots[i] === hash) return; // the same hash twice: the more frequent word keeps it
    }
  }

  private rankOf(word: string): number | undefined {
    const hash = fnv1a(word);
    const mask = this.slots.length - 1;
    for (let i = hash & mask; this.ranks[i] !== -1; i = (i + 1) & mask) {
      if (this.slots[i] === hash) return this.ranks[i];
    }
    return undefined;
  }

  /**
   * The top-level topics of a text, most likely first (all of them, with probabilities); the words of
   * `lead` (a headline before its introduction) count `leadWeight` times in the average.
   */
  guess(text: string, lead = '', leadWeight = 1): TopLevelGuess {
    const C = this.classes.length;
    const sums = new Float64Array(C);
    let total = 0;
    let known = 0;
    let content = 0;
    for (const [part, factor] of [
      [lead, leadWeight],
      [text, 1],
    ] as const) {
      for (const word of part.toLowerCase().match(WORD) ?? []) {
        const rank = this.rankOf(word);
        if (rank === undefined) {
          // A word rarer than the model's 100 000 ("pleuromutilin") says something, if not to the model.
          if (/\p{L}/u.test(word)) content++;
          continue;
        }
        known++;
        const a = this.weights[rank]! * factor;
        if (this.weights[rank]! >= CONTENT_WEIGHT) content++;
        total += a;
        const row = rank * C;
        for (let c = 0; c < C; c++) sums[c] = sums[c]! + a * this.table[row + c]!;
      }
    }
    if (!known) return { topics: [], probabilities: [], known, content };
    let max = -Infinity;
    for (let c = 0; c < C; c++) {
      sums[c] = (sums[c]! * this.scale[c]!) / total + this.bias[c]!;
      if (sums[c]! > max) max = sums[c]!;
    }
    let sum = 0;
    for (let c = 0; c < C; c++) sum += sums[c] = Math.exp(sums[c]! - max);
    const order = [...this.classes.keys()].sort((x, y) => sums[y]! - sums[x]!);
    return {
      topics: order.map((c) => this.classes[c]!),
      probabilities: order.map((c) => sums[c]! / sum),
      known,
      content,
    };
  }
}

const FILE = new URL('../data/topic-model.bin', import.meta.url);
let loaded: TopicModel | null | undefined;

/**
 * The shipped model, loaded once per thread; `null` when the file is absent (the lexicon then picks
 * top-level topics too, as with `TOPIC_MODEL=off`).
 */
export function topicModel(): TopicModel | null {
  if (loaded === undefined) loaded = existsSync(FILE) ? new TopicModel(readFileSync(FILE)) : null;
  return loaded;
}
