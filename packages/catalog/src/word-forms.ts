/** How the topic lexicon and the dictionaries of other languages fold a word before matching it. */
import { createRequire } from 'node:module';
import { ASCII_WORDS, foldText } from '@tidings/core/text';

/**
 * Plurals kept apart from their singular, where the plural names something the singular does not:
 * - "shares" are a company's stock, "share" is mostly the verb ("Couple married for 80 years share
 *   their secret" read as stock-market news at 3.9); "securities" are stocks and bonds, "security" is
 *   a guard or a password;
 * - "goods" and "futures" are traded, "good" and "future" are everywhere ("A good day for the future"
 *   was market news at 2.9); "findings" are research, "finding" a verb; "hurdles" are run ("Bill
 *   clears key hurdle in Senate" was sport at 3.6); "windows" and "shooters" are software and games;
 * - "results", "orders", "talks", "arms", "holdings", "marines", "tanks", "spirits" (drinks) and
 *   "standings" (a league's) are what the lexicon means by them; "aids" is the disease ("aid convoy"),
 *   "mars" the planet (Spanish "mar" is the sea); "spaces" are places to park, work or meet ("Showcase
 *   Your Projects in Spaces"), never outer space;
 * - teams named by a plural are kept apart from the word they are named after: the Chiefs, Indians,
 *   Nets, Bulls, Rockets, Cardinals, Royals… ("chief executive", "Indian economy", "net profit").
 */
const KEPT_PLURALS = new Set(
  `shares securities goods futures findings hurdles windows shooters results orders talks arms holdings
   marines tanks aids mars spirits standings spaces
   patriots cowboys packers ravens raiders vikings colts chargers jaguars texans falcons dolphins eagles jets
   rams chiefs titans saints browns panthers mets cubs dodgers braves orioles padres rockies royals brewers
   mariners marlins expos cardinals twins angels tigers pirates reds indians athletics pistons spurs pacers
   raptors nuggets mavericks clippers grizzlies cavaliers hornets bucks nets bulls rockets suns warriors
   wizards bruins flyers penguins oilers sabres islanders rangers devils wallabies`.split(/\s+/),
);

/**
 * British spellings read as the American ones the IPTC labels use ("labour market" is the label "labor
 * market", "defence" is "defense", "organised crime", "paediatrics", "nuclear programme"): the list of
 * the `american-english` package (ISC; from the UK/US spelling list at tysto.com), one word to one word.
 * Left out where the American spelling is another word the lexicon reads: "offence" (a crime) is no
 * American football "offense", "draught" (beer, air) no draft pick.
 */
const KEPT_BRITISH = new Set(['offence', 'offences', 'draught', 'draughts']);
/**
 * The words whose form is not their plain singular ({@link singularOf}): the kept plurals (themselves),
 * and every word whose singular is a British spelling (its American one), so that a word costs one
 * look-up. Built when first asked for.
 */
let specialForms: Map<string, string> | undefined;
function forms(): Map<string, string> {
  if (!specialForms) {
    const require = createRequire(import.meta.url);
    const { us_spelling: list } = require('american-english') as { us_spelling: Record<string, string> };
    specialForms = new Map();
    for (const [uk, us] of Object.entries(list)) {
      if (KEPT_BRITISH.has(uk) || /\s/.test(uk) || /\s/.test(us)) continue;
      // The words whose singular is `uk`: itself, its plural in "s", and in "ies" for a "y".
      for (const word of [uk, `${uk}s`, uk.endsWith('y') ? `${uk.slice(0, -1)}ies` : uk]) {
        if (singularOf(word) === uk && !KEPT_PLURALS.has(word)) specialForms.set(word, us);
      }
    }
    for (const word of KEPT_PLURALS) specialForms.set(word, word);
  }
  return specialForms;
}

/** A plural `s`/`ies` folded (not "ss", "us", "is"). */
function singularOf(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s')) {
    const before = word.charCodeAt(word.length - 2);
    // not "ss", "us", "is"
    if (before !== 115 && before !== 117 && before !== 105) return word.slice(0, -1);
  }
  return word;
}

/**
 * Folds a plural `s`/`ies` (not "ss", "us", "is") and a British spelling (see above); case and accents
 * are folded before.
 */
export function normalizeWord(word: string): string {
  return forms().get(word) ?? singularOf(word);
}

/** An amount after a currency sign, written short ("$400m", "£2.5bn", "€30k"). */
const MONEY = /[$£€¥]\s?(\d+(?:[.,]\d+)*)\s?(m|bn|k|tn)\b/gi;
const UNITS: Record<string, string> = { m: 'million', bn: 'billion', k: 'thousand', tn: 'trillion' };

/** A word, with a possessive or a contraction after an apostrophe. */
const WORD = /[\p{L}\p{N}&]+(?:'[\p{L}]+)?/gu;
/** {@link WORD} for a lowercased text of ASCII words ({@link ASCII_WORDS}), where it runs faster. */
const ASCII_WORD = /[a-z0-9&]+(?:'[a-z]+)?/g;

/**
 * The words of a text, folded and in their lexicon form. A possessive is its noun ("the artist's
 * studio", "Moon's south pole"), as it already was with a curly apostrophe, which no word holds.
 */
export function lexiconWords(text: string): string[] {
  const words = textWords(text);
  for (let i = 0; i < words.length; i++) words[i] = normalizeWord(words[i]!);
  return words;
}

/** The words of a text as {@link lexiconWords} reads them, before their lexicon form ({@link normalizeWord}). */
export function textWords(text: string): string[] {
  // "$400m", "£2bn": an amount of money, not 400 metres (track and field's "400m").
  const read = /[$£€¥]/.test(text)
    ? text.replace(MONEY, (_, figure: string, unit: string) => `${figure} ${UNITS[unit.toLowerCase()]}`)
    : text;
  const plain = ASCII_WORDS.test(read);
  const words = (plain ? read.toLowerCase().match(ASCII_WORD) : foldText(read).match(WORD)) ?? [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.endsWith("'s")) words[i] = word.slice(0, -2);
  }
  return words;
}

/** {@link forms} by the form: the words read so besides the plain plurals. Built when first asked for. */
let wordsByForm: Map<string, string[]> | undefined;

/**
 * Every word (as {@link textWords} gives it) whose lexicon form is `form`: the form itself, its plurals in
 * "s" and "ies", and its British spellings — each only where {@link normalizeWord} reads it so (a kept
 * plural is not its singular's; a form that is itself read as another is not its own).
 */
export function wordsWithForm(form: string): string[] {
  if (!wordsByForm) {
    wordsByForm = new Map();
    for (const [word, read] of forms()) wordsByForm.set(read, [...(wordsByForm.get(read) ?? []), word]);
  }
  const candidates = [form, `${form}s`, ...(form.endsWith('y') ? [`${form.slice(0, -1)}ies`] : [])];
  return [...new Set([...candidates, ...(wordsByForm.get(form) ?? [])])].filter((word) => normalizeWord(word) === form);
}
