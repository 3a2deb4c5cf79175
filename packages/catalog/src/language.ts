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

/** The script of each language franc knows (ISO 639-3), by franc's name for it (`rus` → `Cyrillic`). */
const SCRIPT_OF = new Map<string, string>();
for (const [script, languages] of Object.entries(FRANC_PROFILES)) {
  for (const language of Object.keys(languages)) SCRIPT_OF.set(language, script);
}
// A script of one language franc knows is named by that language (`kan`: Kannada).
for (const script of Object.keys(FRANC_SCRIPTS)) if (!SCRIPT_OF.has(script)) SCRIPT_OF.set(script, script);

/** The characters of a text franc reads (it reads no further). */
const FRANC_MAX_LENGTH = 2048;

const countOf = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/**
 * Whether a text in a feed that declares another language (ISO 639-1) is in English after all (a
 * Kannada portal's English pages): franc weighs English against that language only — the question
 * asked, and a fiftieth of the work of weighing all 187 (0.4 ms an item for a Latin-script text). A
 * language franc does not know is weighed against all of them; a short text is not English.
 */
export function readsAsEnglish(text: string, declared: string): boolean {
  const codes = TO_ISO_639_3.get(declared);
  // A text whose letters are more of its language's script than of the Latin one is not English: franc
  // would weigh only that script's languages (the answer franc gives, at a twentieth of its cost).
  const script = codes?.map((code) => SCRIPT_OF.get(code)).find((found) => found !== undefined);
  if (script && script !== 'Latin' && text.length >= MIN_LENGTH) {
    const read = text.slice(0, FRANC_MAX_LENGTH);
    if (countOf(read, FRANC_SCRIPTS[script]!) > countOf(read, FRANC_SCRIPTS.Latin!)) return false;
  }
  const code = franc(text, { minLength: MIN_LENGTH, ...(codes ? { only: ['eng', ...codes] } : {}) });
  return code === 'eng';
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
