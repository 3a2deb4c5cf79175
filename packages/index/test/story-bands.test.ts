import { describe, expect, it } from 'vitest';
import { STORY_WINDOW_MS, StoryBandIndex, storyBands, storyNumbers, type StoryWords } from '../src/stories.js';

/**
 * The band index as it was first written (a map of each key's latest articles), kept as the oracle:
 * the typed-array index must find exactly the candidates it found.
 */
class ReferenceBands {
  private readonly byKey = new Map<number, { rid: number; published: number; words: StoryWords }[]>();
  private count = 0;
  private oldestRid = 0;
  private newestRid = 0;
  constructor(private readonly limit: number) {}

  add(rid: number, published: number, keys: readonly number[], words: StoryWords): void {
    const entry = { rid, published, words };
    for (const key of keys) {
      const list = this.byKey.get(key) ?? [];
      list.push(entry);
      if (list.length > 12) list.splice(0, list.length - 12);
      this.byKey.set(key, list);
    }
    this.newestRid = Math.max(this.newestRid, rid);
    if (++this.count > this.limit * 1.25) {
      this.oldestRid = Math.max(this.oldestRid, this.newestRid - this.limit);
      let kept = 0;
      for (const [key, list] of this.byKey) {
        const live = list.filter((e) => e.rid >= this.oldestRid);
        if (live.length) this.byKey.set(key, live);
        else this.byKey.delete(key);
        kept += live.length;
      }
      this.count = Math.ceil(kept / 12);
    }
  }

  candidates(keys: readonly number[], published: number, max: number, words: StoryWords): number[] {
    const numbers = (w: StoryWords) => {
      const head = w.headline.split(' ').filter((x) => /^\d+$/.test(x));
      return { head, all: new Set([...head, ...w.introduction.split(' ').filter((x) => /^\d+$/.test(x))]) };
    };
    const mine = numbers(words);
    const counts = new Map<number, { words: StoryWords; n: number }>();
    for (const key of keys) {
      for (const e of this.byKey.get(key) ?? []) {
        if (e.rid < this.oldestRid || Math.abs(e.published - published) > STORY_WINDOW_MS) continue;
        const seen = counts.get(e.rid);
        if (seen) seen.n++;
        else counts.set(e.rid, { words: e.words, n: 1 });
      }
    }
    const shared: [number, number][] = [];
    for (const [rid, { words: theirs, n }] of counts) {
      const other = numbers(theirs);
      if (n < 2 || !mine.head.every((x) => other.all.has(x)) || !other.head.every((x) => mine.all.has(x))) continue;
      shared.push([rid, n]);
    }
    return shared
      .sort((a, b) => b[1] - a[1] || a[0] - b[0])
      .slice(0, max)
      .map(([rid]) => rid);
  }
}

/** A seeded generator in [0, 1). */
const generator = (seed: number) => () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;

describe('the story band index', () => {
  it('finds the candidates the first map-of-lists index found, through pruning, templates and numbers', () => {
    const random = generator(7);
    const vocabulary = Array.from({ length: 400 }, (_, i) => `w${i}`);
    const pick = () => vocabulary[Math.floor(random() * (random() < 0.3 ? 20 : vocabulary.length))]!;
    const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');
    const stories: StoryWords[] = [];
    const typed = new StoryBandIndex(300);
    const reference = new ReferenceBands(300);
    let compared = 0;
    let found = 0;
    for (let rid = 1; rid <= 3000; rid++) {
      let words: StoryWords;
      const roll = random();
      if (stories.length && roll < 0.4) {
        // A copy of an earlier story: the same words, one changed, sometimes a number.
        const base = stories[Math.floor(random() * stories.length)]!;
        const intro = base.introduction.split(' ');
        intro[Math.floor(random() * intro.length)] = pick();
        const number =
          random() < 0.2 ? ` ${random() < 0.5 ? Math.floor(random() * 3) : 2020 + Math.floor(random() * 3)}` : '';
        words = { headline: base.headline + number, introduction: intro.join(' ') };
      } else if (roll < 0.45) words = { headline: '', introduction: '' };
      else {
        const year = random() < 0.3 ? ` ${2020 + Math.floor(random() * 3)}` : '';
        words = { headline: sentence(8), introduction: sentence(25) + year };
      }
      if (words.headline) stories.push(words);
      const keys = storyBands(words);
      // Published across ten days, a little out of order: the 72-hour window matters.
      const published = rid * 300_000 + Math.floor(random() * 3_600_000);
      const max = random() < 0.5 ? 3 : 20;
      const expected = reference.candidates(keys, published, max, words);
      expect(typed.candidates(keys, published, max, words)).toEqual(expected);
      compared++;
      found += expected.length;
      typed.add(rid, published, keys, words);
      reference.add(rid, published, keys, words);
    }
    expect(compared).toBe(3000);
    // The comparison means something only if candidates were found.
    expect(found).toBeGreaterThan(1000);
  });

  it("reads an article's numbers as whole words, in any script", () => {
    const { headNumbers, numbers } = storyNumbers({ headline: '北 京 3 月 a1 2b', introduction: '2026 年 300 000 x' });
    expect(headNumbers).toEqual(['3']);
    expect([...numbers]).toEqual(['3', '2026', '300', '000']);
    expect(storyNumbers({ headline: '', introduction: '' }).numbers.size).toBe(0);
  });

  it('takes an article with no words (no keys) and refuses keys that are not one per band', () => {
    const bands = new StoryBandIndex(10);
    bands.add(1, 0, [], { headline: '', introduction: '' });
    expect(bands.newest).toBe(1);
    expect(() => bands.add(2, 0, [1, 2, 3], { headline: 'a b', introduction: '' })).toThrow(/12 band keys or none/);
  });
});
