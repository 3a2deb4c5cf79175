/** How the topic lexicon and the dictionaries of other languages fold a word before matching it. */

/** Folds a plural `s`/`ies` (not "ss", "us", "is"); case and accents are folded before. */
export function normalizeWord(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s')) {
    const before = word.charCodeAt(word.length - 2);
    // not "ss", "us", "is"
    if (before !== 115 && before !== 117 && before !== 105) return word.slice(0, -1);
  }
  return word;
}
