import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The headlines of one of `bench/eval`'s JSON-lines sets, folded to lower case. */
function headlines(name: string): string[] {
  return readFileSync(new URL(`../../../bench/eval/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { headline: string }).headline.trim().toLowerCase());
}

/** A set's rows as written. */
function rows(name: string): { headline: string; model?: boolean }[] {
  return readFileSync(new URL(`../../../bench/eval/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { headline: string; model?: boolean });
}

const AG_NEWS = new URL('../../../../shared/data/topics/ag_news/test.csv', import.meta.url);
/** Word overlap (Jaccard, words in lower case) at which two headlines tell of the same thing. */
const NEAR = 0.35;
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[a-z0-9]+/g) ?? []);

/** The rows whose headline shares at least `least` of its words (Jaccard) with one of `others`. */
function nearHeadlines(list: { headline: string }[], others: string[], least: number): string[] {
  const sets = others.map(wordsOf);
  const byWord = new Map<string, number[]>();
  sets.forEach((set, i) => {
    for (const word of set) {
      const holders = byWord.get(word);
      if (holders) holders.push(i);
      else byWord.set(word, [i]);
    }
  });
  return list
    .filter(({ headline }) => {
      const mine = wordsOf(headline);
      const candidates = new Set([...mine].flatMap((word) => byWord.get(word) ?? []));
      return [...candidates].some((i) => {
        const shared = [...mine].filter((word) => sets[i]!.has(word)).length;
        return shared / (mine.size + sets[i]!.size - shared) >= least;
      });
    })
    .map(({ headline }) => headline);
}

/** What a development set shares with a measuring set, and what it holds twice. */
function overlap(development: string, measuring: string) {
  const measured = new Set(headlines(measuring));
  const dev = headlines(development);
  return {
    shared: dev.filter((h) => measured.has(h)),
    repeated: dev.filter((h, i) => dev.indexOf(h) !== i),
  };
}

// The rules and the lexicon are tuned on the development sets; a measuring set says how they do on
// news they were not tuned on only while no development text is one of its texts. Development batches
// are written from memory of common news, so a headline a measuring set already has can come back.
describe('the evaluation sets', () => {
  it('keep the topic development set apart from the second measuring set', () => {
    expect(overlap('topics-dev.jsonl', 'topics-news.jsonl')).toEqual({ shared: [], repeated: [] });
  });

  it('keep the company development set apart from the new measuring set', () => {
    expect(overlap('companies-dev.jsonl', 'companies-unseen.jsonl')).toEqual({ shared: [], repeated: [] });
  });

  // The topic model learns from the development texts not marked `"model": false`
  // (scripts/train-topic-model.mjs): none of them may come near a headline of AG News or of the second
  // measuring set, or the model would have learnt what it is measured on.
  it.skipIf(!existsSync(AG_NEWS))('let the topic model learn from no text near a measuring headline', () => {
    const agNews = readFileSync(AG_NEWS, 'utf8')
      .split('\n')
      .map((line) => /^"\d","((?:[^"]|"")*)"/.exec(line)?.[1]?.replace(/""/g, '"'))
      .filter((title): title is string => title !== undefined);
    expect(agNews.length).toBe(7600);
    const near = nearHeadlines(
      rows('topics-dev.jsonl').filter((row) => row.model !== false),
      [...agNews, ...headlines('topics-news.jsonl')],
      NEAR,
    );
    expect(near).toEqual([]);
  });
});
