/** How the topic lexicon and the dictionaries of other languages fold a word before matching it. */

/**
 * Plurals kept apart from their singular: "shares" are a company's stock, "share" is mostly the verb
 * ("Couple married for 80 years share their secret" read as stock-market news at 3.9).
 */
const KEPT_PLURALS = new Set(['shares', 'securities']);

/** Folds a plural `s`/`ies` (not "ss", "us", "is"); case and accents are folded before. */
export function normalizeWord(word: string): string {
  if (KEPT_PLURALS.has(word)) return word;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s')) {
    const before = word.charCodeAt(word.length - 2);
    // not "ss", "us", "is"
    if (before !== 115 && before !== 117 && before !== 105) return word.slice(0, -1);
  }
  return word;
}
