import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** The headlines of one of `bench/eval`'s JSON-lines sets, folded to lower case. */
function headlines(name: string): string[] {
  return readFileSync(new URL(`../../../bench/eval/${name}`, import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.trim())
    .map((line) => (JSON.parse(line) as { headline: string }).headline.trim().toLowerCase());
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
});
