/** Word-level text normalisation shared by `searchTerms` parsing and every index adapter; HTML to text. */
import { decodeHTML } from 'entities';
import { replaceCodePoint } from 'entities/decode';
import { Parser } from 'htmlparser2';

/** Plain ASCII text: nothing to decompose, no script written without spaces. */
// eslint-disable-next-line no-control-regex
export const ASCII = /^[\x00-\x7f]*$/;

/**
 * Text whose letters and digits are all ASCII, beside typographic punctuation (curly quotes, dashes,
 * ellipses, non-breaking spaces, « », £, ¥, ©): its words are the same through ASCII patterns as through
 * Unicode ones, and folded they are lowercased (a quarter of real feeds' items, which {@link ASCII} sends
 * the slow way for a curly quote). The characters beyond ASCII listed here are neither letters nor digits,
 * and decompose to none (not ª, ², µ, º, ¼).
 */
// eslint-disable-next-line no-control-regex
export const ASCII_WORDS = /^[\x00-\x7f\u00a0-\u00a9\u00ab-\u00b1\u00b4\u00b6-\u00b8\u00bb\u00bf\u2000-\u206f]*$/;

/**
 * Scripts whose combining marks are letters, not accents: the vowel signs and viramas of the Indic
 * scripts, Thai's and Lao's vowels and tones, … (भारत is not भरत), and kana's voicing marks (ビル, a
 * building, is not ヒル, a hill). Every other mark is an accent: Latin, Greek and Cyrillic diacritics,
 * Arabic harakat, Hebrew points.
 */
const LETTER_MARKS = (
  'Devanagari Bengali Gurmukhi Gujarati Oriya Tamil Telugu Kannada Malayalam Sinhala ' +
  'Thai Lao Tibetan Myanmar Khmer'
)
  .split(' ')
  .map((script) => String.raw`\p{Script=${script}}`);
const ACCENTS = new RegExp(String.raw`[\p{M}--[${LETTER_MARKS.join('')}\u3099\u309A]]+`, 'gv');

/**
 * Lowercase, accents removed (NFKD minus the combining marks that are accents), compatibility forms
 * folded, and the ligatures œ and æ written out ("coeur" is how "cœur" is typed on most keyboards;
 * Meilisearch folds them alike).
 */
export function foldText(text: string): string {
  // Plain ASCII has nothing to decompose (the common case, and on every write path).
  if (ASCII.test(text)) return text.toLowerCase();
  const folded = text
    .normalize('NFKD')
    .replace(ACCENTS, '')
    .toLowerCase()
    .replace(/[œæ]/g, (ligature) => (ligature === 'œ' ? 'oe' : 'ae'));
  return /[\u3099\u309A]/.test(folded) ? folded.normalize('NFC') : folded;
}

/**
 * Words of the scripts written without spaces between words (Chinese, Japanese; Thai, Lao, Khmer,
 * Myanmar): each character — with its vowel and tone marks — is a word of its own, so that a term
 * matches as a phrase of characters wherever it stands ("南京" in "出南京泰山"). (As a character
 * class's contents, for `new RegExp` with the `v` flag.)
 */
export const UNSPACED = String.raw`\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}`;
const WORD = new RegExp(`[[${UNSPACED}]--\\p{M}]\\p{M}*|[[\\p{L}\\p{M}\\p{N}]--[${UNSPACED}]]+`, 'gv');

/**
 * The words of a text: runs of letters (with the marks that are letters) and digits, and each
 * character of the scripts written without spaces alone; everything else separates words.
 */
export function wordsOf(text: string): string[] {
  return foldText(text).match(WORD) ?? [];
}

const HTML_TAGS =
  /<\/?(p|div|span|a|br|img|b|i|em|strong|ul|ol|li|h[1-6]|table|tr|td|figure|figcaption|blockquote|iframe|!--)[\s>/]/i;

/** Elements that begin a new block of text: their boundaries separate words; inline ones do not. */
const BLOCK = new Set(
  (
    'address article aside blockquote br caption dd details dialog div dl dt fieldset figcaption figure footer ' +
    'form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul ' +
    'video audio iframe'
  ).split(' '),
);
/** Elements whose content is not text a reader sees. */
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg', 'math', 'object']);

/**
 * The text of an HTML fragment as a reader sees it: inline runs kept together, blocks separated by
 * a space, script, style and the like dropped, every HTML entity decoded (htmlparser2 with the full
 * entity table).
 */
function htmlText(html: string): string {
  let out = '';
  let hidden = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (HIDDEN.has(name)) hidden++;
        else if (BLOCK.has(name)) out += ' ';
      },
      ontext(text) {
        if (!hidden) out += text;
      },
      onclosetag(name) {
        if (HIDDEN.has(name)) hidden = Math.max(0, hidden - 1);
        else if (BLOCK.has(name)) out += ' ';
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return out;
}

/**
 * Turns HTML or text into one line of plain text (tags dropped, entities decoded, control characters
 * read as HTML reads them or dropped, spaces collapsed).
 * HTML that was escaped twice (common in feeds) is read again, but only when it contains real HTML
 * tags, so that text such as "<nick>" survives.
 */
export function plainText(html: string): string {
  let text = htmlText(html);
  if (HTML_TAGS.test(text)) text = htmlText(text);
  else if (ENTITY.test(text)) {
    // Entities escaped twice (`&amp;eacute;`) come out of the first reading as entities: decode them
    // too — and when that reveals HTML (`&amp;lt;p&amp;gt;`, escaped twice), read it as HTML.
    text = decodeHTML(text);
    if (HTML_TAGS.test(text)) text = htmlText(text);
  }
  if (CONTROL.test(text)) text = text.replace(CONTROLS, visible);
  return text.replace(/\s+/g, ' ').trim();
}

// eslint-disable-next-line no-control-regex
const CONTROL = /[\x00-\x08\x0e-\x1f\x7f-\x9f]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\x00-\x08\x0e-\x1f\x7f-\x9f]/g;

/**
 * What a control character in feed text stands for: U+0080–U+009F are windows-1252's quotes, dashes
 * and € read as Latin-1 somewhere upstream (a feed converted to UTF-8 from the wrong charset, a raw
 * `&#146;` in XML) — the character HTML reads them as; the others, and the five that windows-1252
 * leaves undefined, are nothing a reader sees.
 */
function visible(control: string): string {
  const code = control.charCodeAt(0);
  const replaced = replaceCodePoint(code);
  return replaced === code ? '' : String.fromCodePoint(replaced);
}

const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/i;

/** Images that are not a story's picture: tracking pixels, emoji, avatars, spacers, share buttons. */
const NOT_A_PICTURE = new RegExp(
  [
    // Trackers and ads.
    String.raw`feedburner\.com\/~|feedsportal|pheedo\.com|doubleclick|stats\.wordpress\.com|\/\/ads?\.`,
    String.raw`\/(?:pixel|beacon|tracker)(?:\.gif|\.png)?(?:\?|$)|spacer\.gif|blank\.gif|\/1x1\.`,
    // Emoji, avatars, icons and buttons.
    String.raw`\/emoji\/|gravatar\.com\/avatar|(?:^|\/)(?:icons?|skins?|buttons?|badges?|smilies|smileys)\/`,
    String.raw`\/(?:facebook|twitter|linkedin|email|print|share)[^/]*\.(?:gif|png)|share[-_]?button`,
  ].join('|'),
  'i',
);

/** Smallest side, in pixels, that a declared `width` or `height` may have: below it, an icon or a pixel. */
const MIN_PICTURE_SIDE = 50;

/**
 * The first picture of an HTML fragment (an item's description or content), as its `src` says it
 * (relative URLs are the caller's to resolve): lazy-loaded images by `data-src` or their first
 * `srcset` candidate; tracking pixels, emoji, avatars and anything declared smaller than 50 px are
 * skipped. HTML escaped once more (`&lt;img …&gt;`) is read too. `null` when there is none.
 */
export function leadImage(html: string): string | null {
  if (/<img\b/i.test(html)) return firstPicture(html);
  if (/&lt;img\b/i.test(html)) return firstPicture(decodeHTML(html));
  return null;
}

/** Each `<img …>` tag is read on its own (attributes decoded by htmlparser2); the rest is never parsed. */
function firstPicture(html: string): string | null {
  for (const [tag] of html.matchAll(/<img\b[^>]*>/gi)) {
    const src = pictureOf(attributesOf(tag));
    if (src) return src;
  }
  return null;
}

/** The attributes of one HTML start tag (`<img src="…" …>`), names lowercased, entities decoded. */
export function attributesOf(tag: string): Record<string, string> {
  let attributes: Record<string, string> = {};
  const parser = new Parser(
    {
      onopentag(_name, attribs) {
        attributes = attribs;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(tag);
  return attributes;
}

/** The image's address, unless it is no picture (see `NOT_A_PICTURE`, `MIN_PICTURE_SIDE`). */
function pictureOf(attributes: Record<string, string>): string | null {
  const side = Math.min(pixels(attributes.width), pixels(attributes.height));
  if (side < MIN_PICTURE_SIDE) return null;
  const candidates = [
    attributes.src,
    attributes['data-src'],
    attributes['data-lazy-src'],
    firstCandidate(attributes.srcset),
    firstCandidate(attributes['data-srcset']),
  ];
  const src = candidates.map((c) => c?.trim()).find((c) => c && !c.startsWith('data:'));
  return src && !NOT_A_PICTURE.test(src) ? src : null;
}

/** A declared size in pixels (`600`, `600px`); anything else (none, `100%`) counts as large. */
function pixels(value: string | undefined): number {
  const m = /^\s*(\d+)(?:px)?\s*$/i.exec(value ?? '');
  return m ? Number(m[1]) : Infinity;
}

/** The URL of a `srcset`'s first candidate (`a.jpg 480w, b.jpg 800w` → `a.jpg`). */
function firstCandidate(srcset: string | undefined): string | undefined {
  return srcset?.trim().split(/\s+/)[0]?.replace(/,$/, '');
}
