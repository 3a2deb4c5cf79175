/**
 * An article's language as ISO 639-1 (the `languages` filter's codes): from what the source or the
 * feed declares (`en-US` → `en`), else detected from the text ({@link detectLanguage}): a long text by
 * franc (trigram profiles of 187 languages; `franc-min`'s 82 lack Slovak, for one), a short one by
 * Google's CLD3 (a neural network read from character n-grams), which franc often gets wrong. A text
 * with too few letters is left unknown rather than guessed.
 */
import { loadModule, type LanguageIdentifier } from 'cld3-asm';
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

const countOf = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/**
 * Texts shorter than this (in characters) are read by CLD3: franc's answer for them is often another
 * language (one English headline: 19 %; three: 3 %), and from this length on it was never wrong on the
 * development texts (`bench/RESULTS.md`, session 57).
 */
const SHORT_TEXT = 1_000;
/** Fewer letters than this, or no more letters than digits ("v3.9.0 · 3.9.0"), say nothing of a language. */
const MIN_LETTERS = 20;

/**
 * CLD3, loaded when a thread first meets a short text (20 MB of memory; a long text never needs it);
 * null when it cannot be loaded (franc reads short texts then, as it did before).
 */
let shortTextReader: Promise<LanguageIdentifier | null> | undefined;

function loadShortTextReader(): Promise<LanguageIdentifier | null> {
  return loadModule()
    .then((cld3) => cld3.create(0, 4 * SHORT_TEXT))
    .catch((error: unknown) => {
      const message = error instanceof Error ? error.message : String(error);
      process.emitWarning(`CLD3 could not be loaded, franc reads short texts: ${message}`, 'TidingsLanguageWarning');
      return null;
    });
}

/** franc's language of a text, as ISO 639-1. */
function francLanguage(text: string): string | null {
  const code = franc(text, { minLength: MIN_LENGTH });
  return code === 'und' ? null : (TO_ISO_639_1.get(code) ?? null);
}

/** CLD3's codes that are not ISO 639-1's (it keeps Hebrew's withdrawn one). */
const CLD3_CODES = new Map([['iw', 'he']]);

/**
 * The language of a text (an article's headline and introduction, or a feed's items together), or null
 * when it has too few letters or cannot be told. A text of {@link SHORT_TEXT} characters or more is read
 * by franc, a shorter one by CLD3, whose answer counts where CLD3 calls it reliable or franc agrees.
 */
export async function detectLanguage(text: string): Promise<string | null> {
  const letters = countOf(text, /\p{L}/gu);
  if (letters < MIN_LETTERS || letters <= countOf(text, /\p{N}/gu)) return null;
  if (text.length >= SHORT_TEXT) return francLanguage(text);
  const reader = await (shortTextReader ??= loadShortTextReader());
  if (!reader) return francLanguage(text);
  const found = reader.findLanguage(text);
  // A BCP 47 tag ("zh-Latn"), or "und".
  const tag: string = found.language;
  if (tag === 'und') return null;
  const code = tag.split('-')[0]!;
  const language = CLD3_CODES.get(code) ?? primaryLanguage(code);
  // Where CLD3 is not sure, its answer counts when franc gives the same.
  return found.is_reliable || (language !== null && francLanguage(text) === language) ? language : null;
}

/** ISO 639-1 → the ISO 639-3 codes franc may answer for it (`zh` → `zho`, `cmn`). */
const TO_ISO_639_3 = new Map<string, string[]>();
for (const [three, one] of TO_ISO_639_1) TO_ISO_639_3.set(one, [...(TO_ISO_639_3.get(one) ?? []), three]);

/** The characters of a text franc reads (it reads no further). */
const FRANC_MAX_LENGTH = 2048;
/** What franc adds to a language's distance for a trigram missing from its profile. */
const FRANC_MISSING = 300;

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
