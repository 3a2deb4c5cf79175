/**
 * An article's language as ISO 639-1 (the `languages` filter's codes): from what the source or the
 * feed declares (`en-US` → `en`), else detected from the text with franc (trigram profiles of 187
 * languages; `franc-min`'s 82 lack Slovak, for one). Short texts are left unknown rather than guessed.
 */
import { franc } from 'franc';
// franc's own tables: its trigram profiles by script, and each script's pattern (what franc counts).
import { data as FRANC_PROFILES } from 'franc/data.js';
import { expressions as FRANC_SCRIPTS } from 'franc/expressions.js';
import { readFileSync } from 'node:fs';

/** ISO 639-3 → ISO 639-1, from the iso-639-3 package (data/language-codes.json: scripts/generate-catalog.mjs). */
const TO_ISO_639_1 = new Map<string, string>(
  Object.entries(
    JSON.parse(readFileSync(new URL('../data/language-codes.json', import.meta.url), 'utf8')) as Record<string, string>,
  ),
);
// Individual languages that franc names and whose ISO 639-1 code belongs to their macrolanguage.
for (const [individual, code] of [
  ['cmn', 'zh'],
  ['arb', 'ar'],
  ['pes', 'fa'],
  ['zlm', 'ms'],
  ['nob', 'no'],
  ['ekk', 'et'],
  ['lvs', 'lv'],
  ['swh', 'sw'],
  ['uzn', 'uz'],
  ['azj', 'az'],
] as const) {
  TO_ISO_639_1.set(individual, code);
}

/** Fewer letters than this and the text is too short to tell its language. */
const MIN_LENGTH = 40;

/** The ISO 639-1 code of a language tag (`pt-BR` → `pt`, `ENG` → `en`), or null when it has none. */
export function primaryLanguage(tag: string | null | undefined): string | null {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase() ?? '';
  if (/^[a-z]{2}$/.test(primary)) return primary;
  if (/^[a-z]{3}$/.test(primary)) return TO_ISO_639_1.get(primary) ?? null;
  return null;
}

/** The language of a text (headline and introduction), or null when too short or undetermined. */
export function detectLanguage(text: string): string | null {
  const code = franc(text, { minLength: MIN_LENGTH });
  return code === 'und' ? null : (TO_ISO_639_1.get(code) ?? null);
}

/** ISO 639-1 → the ISO 639-3 codes franc may answer for it (`zh` → `zho`, `cmn`). */
const TO_ISO_639_3 = new Map<string, string[]>();
for (const [three, one] of TO_ISO_639_1) TO_ISO_639_3.set(one, [...(TO_ISO_639_3.get(one) ?? []), three]);

/** The characters of a text franc reads (it reads no further). */
const FRANC_MAX_LENGTH = 2048;
/** What franc adds to a language's distance for a trigram missing from its profile. */
const FRANC_MISSING = 300;

const countOf = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

const LATIN_LETTER = new RegExp(FRANC_SCRIPTS.Latin!.source);
/** A letter of any script franc knows but the Latin one (each letter is of one script). */
const OTHER_LETTER = new RegExp(
  Object.entries(FRANC_SCRIPTS)
    .filter(([script]) => script !== 'Latin')
    .map(([, pattern]) => pattern.source)
    .join('|'),
);

/**
 * The script most of a text's letters are in, by franc's rule: the first in franc's order of those with
 * the most letters; none without letters. A text with no letter but Latin ones is Latin without counting.
 */
function topScript(text: string): string | undefined {
  if (!OTHER_LETTER.test(text)) return LATIN_LETTER.test(text) ? 'Latin' : undefined;
  let top: string | undefined;
  let most = 0;
  for (const [script, pattern] of Object.entries(FRANC_SCRIPTS)) {
    const count = countOf(text, pattern);
    if (count > most) [top, most] = [script, count];
  }
  return top;
}

/** English and its rivals among franc's Latin-script profiles (in franc's order), over their trigrams. */
interface Rivals {
  /** A slot for each trigram of any of the profiles, by {@link trigramKey}. */
  slots: Map<number | string, number>;
  /** Each language's rank of the trigram in each slot (-1: not in its profile); English first. */
  ranks: Int32Array[];
  /** Whether each rival comes after English in franc's order (it wins a tie then). */
  afterEnglish: boolean[];
  /** A text's count of each slot's trigram (reset after each text). */
  counts: Int32Array;
}

/** A trigram of three UTF-16 units as a small integer when each is below 1 024 (almost all), else itself. */
const trigramKey = (a: number, b: number, c: number, text: string, at: number): number | string =>
  a < 1024 && b < 1024 && c < 1024 ? (a << 20) | (b << 10) | c : text.slice(at, at + 3);

const LATIN_PROFILES = FRANC_PROFILES.Latin!;
const LATIN_ORDER = Object.keys(LATIN_PROFILES);
const rivalsOf = new Map<string, Rivals>();

/** English and those of `codes` franc has a Latin-script profile for, ready to weigh (built once a set). */
function latinRivals(codes: readonly string[]): Rivals {
  const name = codes.join(' ');
  let rivals = rivalsOf.get(name);
  if (rivals) return rivals;
  const languages = ['eng', ...codes.filter((code) => code !== 'eng' && code in LATIN_PROFILES)];
  const slots = new Map<number | string, number>();
  const lists = languages.map((language) =>
    LATIN_PROFILES[language]!.split('|').map((trigram) => {
      const key = trigramKey(trigram.charCodeAt(0), trigram.charCodeAt(1), trigram.charCodeAt(2), trigram, 0);
      if (!slots.has(key)) slots.set(key, slots.size);
      return slots.get(key)!;
    }),
  );
  const ranks = lists.map((list) => {
    const rank = new Int32Array(slots.size).fill(-1);
    list.forEach((slot, at) => (rank[slot] = at));
    return rank;
  });
  const english = LATIN_ORDER.indexOf('eng');
  const afterEnglish = languages.map((language) => LATIN_ORDER.indexOf(language) > english);
  rivals = { slots, ranks, afterEnglish, counts: new Int32Array(slots.size) };
  rivalsOf.set(name, rivals);
  return rivals;
}

/**
 * franc's answer to "English or one of `codes`?" for a Latin-script text, computed as franc does for
 * these languages alone. franc's distance to a language sums, over the text's distinct trigrams, the
 * difference between the trigram's count and its rank in the language's profile, or 300 when it is not
 * there: 300 × the distinct trigrams − Σ over those in the profile of (300 − the difference). The first
 * term is the same for every language, so only the trigrams of the profiles are counted. The closest
 * language wins; a tie goes to the first in franc's order.
 */
function englishWinsAmongLatin(text: string, codes: readonly string[]): boolean {
  const { slots, ranks, afterEnglish, counts } = latinRivals(codes);
  if (ranks.length === 1) return true;
  // franc's cleaning (trigram-utils): punctuation, symbols and digits (U+0021–U+0040) and white space
  // are one space, then in small letters, padded with a space.
  const clean = ` ${text
    .replace(/[\u0021-\u0040\s]+/g, ' ')
    .trim()
    .toLowerCase()} `;
  const seen: number[] = [];
  let a = clean.charCodeAt(0);
  let b = clean.charCodeAt(1);
  for (let at = 2; at < clean.length; at++) {
    const c = clean.charCodeAt(at);
    const slot = slots.get(trigramKey(a, b, c, clean, at - 2));
    if (slot !== undefined) {
      if (counts[slot] === 0) seen.push(slot);
      counts[slot] = counts[slot]! + 1;
    }
    [a, b] = [b, c];
  }
  const closeness = ranks.map((rank) => {
    let sum = 0;
    for (const slot of seen) if (rank[slot]! >= 0) sum += FRANC_MISSING - Math.abs(counts[slot]! - rank[slot]! - 1);
    return sum;
  });
  for (const slot of seen) counts[slot] = 0;
  const english = closeness[0]!;
  return closeness.every((rival, at) => at === 0 || english > rival || (english === rival && afterEnglish[at]!));
}

/**
 * Whether a text in a feed that declares another language (ISO 639-1) is in English after all (a
 * Kannada portal's English pages): the answer franc gives when it weighs English against that language
 * only — the question asked — computed as franc does, at a fifth of franc's own cost (which is 0.1 ms a
 * text: it weighs every trigram of the text). franc weighs only the languages of the script most of the
 * text's letters are in, and English is written in the Latin one. A language franc does not know is
 * weighed by franc against all 187; a short text is not English.
 */
export function readsAsEnglish(text: string, declared: string): boolean {
  const codes = TO_ISO_639_3.get(declared);
  if (!codes) return franc(text, { minLength: MIN_LENGTH }) === 'eng';
  if (text.length < MIN_LENGTH) return false;
  const read = text.slice(0, FRANC_MAX_LENGTH);
  return topScript(read) === 'Latin' && englishWinsAmongLatin(read, codes);
}

/**
 * Whether an article's text is English: its language is English or unknown, or its feed declares
 * another language but the item's own text reads as English (a Kannada portal's English pages).
 */
export function isEnglishText(evidence: { headline: string; introduction: string; language?: string | null }): boolean {
  return (
    evidence.language == null ||
    evidence.language === 'en' ||
    readsAsEnglish(`${evidence.headline}\n${evidence.introduction}`, evidence.language)
  );
}

/** The declared language if any (source settings first, then the feed), else the detected one. */
export function articleLanguage(declared: readonly (string | null | undefined)[], text: string): string | null {
  for (const tag of declared) {
    const code = primaryLanguage(tag);
    if (code) return code;
  }
  return detectLanguage(text);
}
