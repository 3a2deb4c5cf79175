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
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { FNV_OFFSET, FNV_PRIME, fnv1a } from '@tidings/core/hash';
import { ASCII_WORDS } from '@tidings/core/text';

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
/** What {@link TopicModel.guess} has read of a text so far. */
interface Read {
  total: number;
  known: number;
  content: number;
}

export class TopicModel {
  readonly classes: Int32Array;
  private readonly bias: Float32Array;
  private readonly scale: Float32Array;
  private readonly table: Int8Array;
  /** The word weight's parameters: a / (a + 1 / (rank · H)). */
  private readonly a: number;
  private readonly h: number;
  /**
   * Word → rank as an open-addressing table of 32-bit word hashes, each slot a hash and its rank side by
   * side (one memory read a look-up; 2 MB, where a Map of 100 000 strings took ~10 MB in each parser
   * thread). An unknown word whose hash equals a known one's is read as that word: with 100 000 words
   * among 2^32 hashes, about one unknown word in 40 000.
   */
  private readonly slots: Int32Array;
  private readonly mask: number;
  /** The word list's digest (models with the same words share their {@link slots}). */
  private readonly vocabulary: string;
  /** Scratch space of {@link guess} (it runs for every article, several times). */
  private readonly sums: Float64Array;
  private readonly order: Int32Array;
  /** Bytes of the model file (for reports). */
  readonly size: number;

  /**
   * `sameWords`: a model loaded before, whose word → rank table this one shares when its words are the
   * same (the shipped models are: 2 MB less in each thread).
   */
  constructor(bytes: Buffer, sameWords?: TopicModel | null) {
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
    this.a = a;
    this.h = h;
    this.table = new Int8Array(bytes.buffer, bytes.byteOffset + at, words * classes).slice();
    at += words * classes;
    this.vocabulary = createHash('sha1').update(bytes.subarray(at)).digest('base64');
    if (sameWords?.vocabulary === this.vocabulary) {
      this.mask = sameWords.mask;
      this.slots = sameWords.slots;
    } else {
      const list = bytes.toString('utf8', at).split('\n');
      const size = 1 << Math.ceil(Math.log2(words * 2.5));
      this.mask = size - 1;
      this.slots = new Int32Array(2 * size);
      for (let i = 1; i < this.slots.length; i += 2) this.slots[i] = -1;
      for (let rank = 0; rank < words; rank++) this.insert(list[rank]!, rank);
    }
    this.sums = new Float64Array(classes);
    this.order = new Int32Array(classes);
    this.size = bytes.length;
  }

  private insert(word: string, rank: number): void {
    const hash = fnv1a(word) | 0;
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      if (this.slots[2 * i + 1] === -1) {
        this.slots[2 * i] = hash;
        this.slots[2 * i + 1] = rank;
        return;
      }
      if (this.slots[2 * i] === hash) return; // the same hash twice: the more frequent word keeps it
    }
  }

  private rankOf(word: string): number {
    return this.rankOfHash(fnv1a(word));
  }

  /** The rank of the word whose {@link fnv1a} hash is `hash` (-1: none). */
  private rankOfHash(hash: number): number {
    hash |= 0;
    for (let i = hash & this.mask; ; i = (i + 1) & this.mask) {
      const rank = this.slots[2 * i + 1]!;
      if (rank === -1 || this.slots[2 * i] === hash) return rank;
    }
  }

  /** A word's weight in the average, by its frequency rank (0: the commonest). */
  private weightOf(rank: number): number {
    // Rounded as the float32 table it replaces was, so that every guess stays the same to the bit.
    return Math.fround(this.a / (this.a + 1 / ((rank + 1) * this.h)));
  }

  /**
   * The top-level topics of a text, most likely first (all of them, with probabilities); the words of
   * `lead` (a headline before its introduction) count `leadWeight` times in the average.
   */
  guess(text: string, lead = '', leadWeight = 1): TopLevelGuess {
    const C = this.classes.length;
    const sums = this.sums.fill(0);
    const read: Read = { total: 0, known: 0, content: 0 };
    if (lead) this.add(lead, leadWeight, read);
    this.add(text, 1, read);
    const { total, known, content } = read;
    if (!known) return { topics: [], probabilities: [], known, content };
    let max = -Infinity;
    for (let c = 0; c < C; c++) {
      sums[c] = (sums[c]! * this.scale[c]!) / total + this.bias[c]!;
      if (sums[c]! > max) max = sums[c]!;
    }
    let sum = 0;
    for (let c = 0; c < C; c++) sum += sums[c] = Math.exp(sums[c]! - max);
    // Classes by probability, most likely first (an insertion sort: ties keep the classes' order).
    const order = this.order;
    for (let c = 0; c < C; c++) {
      let at = c;
      for (; at > 0 && sums[order[at - 1]!]! < sums[c]!; at--) order[at] = order[at - 1]!;
      order[at] = c;
    }
    const topics = new Array<number>(C);
    const probabilities = new Array<number>(C);
    for (let k = 0; k < C; k++) {
      topics[k] = this.classes[order[k]!]!;
      probabilities[k] = sums[order[k]!]! / sum;
    }
    return { topics, probabilities, known, content };
  }

  /** Adds the words of `part`, each counted `factor` times, to {@link sums}. */
  private add(part: string, factor: number, read: Read): void {
    if (ASCII_WORDS.test(part)) return this.addAscii(part, factor, read);
    for (const word of part.toLowerCase().match(WORD) ?? []) {
      const rank = this.rankOf(word);
      // A word rarer than the model's 100 000 ("pleuromutilin") says something, if not to the model.
      if (rank !== -1) this.count(rank, factor, read);
      else if (/\p{L}/u.test(word)) read.content++;
    }
  }

  /**
   * {@link add} for a text of ASCII words ({@link ASCII_WORDS}): its words are the runs of letters and
   * digits, case folded, each hashed as it is read ({@link fnv1a}'s steps), without cutting the text into
   * strings (a third of the model's cost).
   */
  private addAscii(part: string, factor: number, read: Read): void {
    let hash = FNV_OFFSET;
    let length = 0;
    let letter = false;
    for (let i = 0; i <= part.length; i++) {
      let c = i < part.length ? part.charCodeAt(i) : 0;
      if (c >= 65 && c <= 90) c += 32;
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57)) {
        hash = Math.imul(hash ^ c, FNV_PRIME);
        length++;
        letter ||= c >= 97;
      } else if (length) {
        const rank = this.rankOfHash(hash);
        if (rank !== -1) this.count(rank, factor, read);
        else if (letter) read.content++;
        hash = FNV_OFFSET;
        length = 0;
        letter = false;
      }
    }
  }

  /** Counts a word the model knows, by its rank. */
  private count(rank: number, factor: number, read: Read): void {
    read.known++;
    const weight = this.weightOf(rank);
    if (weight >= CONTENT_WEIGHT) read.content++;
    const a = weight * factor;
    read.total += a;
    const C = this.classes.length;
    const sums = this.sums;
    const row = rank * C;
    for (let c = 0; c < C; c++) sums[c] = sums[c]! + a * this.table[row + c]!;
  }
}

const FILE = new URL('../data/topic-model.bin', import.meta.url);
const COMPANY_FILE = new URL('../data/company-context-model.bin', import.meta.url);
let loaded: TopicModel | null | undefined;
let loadedForCompanies: TopicModel | null | undefined;

/**
 * The shipped model, loaded once per thread; `null` when the file is absent (the lexicon then picks
 * top-level topics too, as with `TOPIC_MODEL=off`).
 */
export function topicModel(): TopicModel | null {
  if (loaded === undefined) loaded = existsSync(FILE) ? new TopicModel(readFileSync(FILE)) : null;
  return loaded;
}

/**
 * The model the company matcher reads the words around a name with (`data/company-context-model.bin`):
 * the topic model as trained at 545f8a4, before it learnt from the development texts. The matcher's
 * thresholds (BUSINESS_CONTEXT, COMPOUND_BUSINESS, BUSINESS_ARTICLE, PEOPLES_ARTICLE…) were set on its
 * readings of single words and short windows, which the retrained model moves ("Disney" alone reads as
 * business now); it stays until they are set again. The topic model when the file is absent.
 */
export function companyContextModel(): TopicModel | null {
  if (loadedForCompanies === undefined) {
    loadedForCompanies = existsSync(COMPANY_FILE)
      ? new TopicModel(readFileSync(COMPANY_FILE), topicModel())
      : topicModel();
  }
  return loadedForCompanies;
}
