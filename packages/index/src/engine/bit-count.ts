/**
 * Counting the bits of large bitsets in WebAssembly (bit-count.wat), which has the 64-bit popcount
 * instruction that JavaScript lacks: a million-row bitset is counted against another in ~10 µs,
 * copies into the module's memory included, where a JavaScript loop took 60–250 µs (bench/RESULTS.md).
 * Facets of a dense result count it against dozens of postings, so this is most of their cost.
 *
 * The module's memory holds two regions, A and B, of equal size: a set counted against many others is
 * copied into A once ({@link bitCounter}), each of the others into B. Each thread has its own module.
 */
import { WASM_BASE64 } from './bit-count-wasm.js';

/** The WebAssembly API as used here (the project's TypeScript libraries declare none of it). */
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
};

interface Kernel {
  memory: { buffer: ArrayBuffer; grow(pages: number): number };
  countAnd(a: number, b: number, bytes: number): number;
  count(a: number, bytes: number): number;
}

/** Words per 32-byte step of the kernel's loops (lengths are padded to it with zero words). */
const STEP_WORDS = 8;
const PAGE_BYTES = 65_536;

let kernel: Kernel | null = null;
/** The module's memory as words, and each region's length in words. */
let memory = new Uint32Array(0);
let region = 0;
/** Bumped whenever region A is overwritten, so that a counter knows when to copy its set again. */
let generation = 0;

function padded(n: number): number {
  return Math.ceil(n / STEP_WORDS) * STEP_WORDS;
}

/** The kernel, with regions of at least `n` words (memory grows, never shrinks). */
function kernelFor(n: number): Kernel {
  kernel ??= new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(WASM_BASE64, 'base64'))).exports as never;
  const need = padded(n);
  if (need > region) {
    const pages = Math.ceil((need * 2 * 4) / PAGE_BYTES);
    const have = kernel.memory.buffer.byteLength / PAGE_BYTES;
    if (pages > have) kernel.memory.grow(pages - have);
    memory = new Uint32Array(kernel.memory.buffer);
    region = memory.length / 2;
    generation++;
  }
  return kernel;
}

/** Copies the first `n` words of `words` to the region starting at word `at`, zeroes the padding. */
function load(words: Uint32Array, n: number, at: number): void {
  memory.set(n === words.length ? words : words.subarray(0, n), at);
  memory.fill(0, at + n, at + padded(n));
}

/** Bits set in `words`. */
export function countWords(words: Uint32Array): number {
  const k = kernelFor(words.length);
  load(words, words.length, region);
  return k.count(region * 4, padded(words.length) * 4);
}

/**
 * A function counting the bits set both in `words` and in the bitset it is given: `words` is copied
 * once, each other bitset once per call. Valid until the next `bitCounter` or `countBothWords` (it copies
 * its set again if one came between).
 */
export function bitCounter(words: Uint32Array): (other: Uint32Array) => number {
  let mine = -1;
  return (other) => {
    const n = Math.min(words.length, other.length);
    const k = kernelFor(words.length);
    if (mine !== generation) {
      load(words, words.length, 0);
      mine = ++generation;
    }
    load(other, n, region);
    return k.countAnd(0, region * 4, padded(n) * 4);
  };
}

/** Bits set in both bitsets. */
export function countBothWords(a: Uint32Array, b: Uint32Array): number {
  return bitCounter(a)(b);
}
