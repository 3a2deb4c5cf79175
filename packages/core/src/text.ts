/** Word-level text normalisation shared by `searchTerms` parsing and every index adapter. */

// eslint-disable-next-line no-control-regex
const ASCII = /^[\x00-\x7f]*$/;

/** Lowercase, accents removed (NFD minus combining marks), compatibility forms folded. */
export function foldText(text: string): string {
  // Plain ASCII has nothing to decompose (the common case, and on every write path).
  if (ASCII.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

/** The words of a text: runs of letters and digits; everything else separates words. */
export function wordsOf(text: string): string[] {
  return foldText(text).match(/[\p{L}\p{N}]+/gu) ?? [];
}

const HTML_TAGS =
  /<\/?(p|div|span|a|br|img|b|i|em|strong|ul|ol|li|h[1-6]|table|tr|td|figure|figcaption|blockquote|iframe|!--)[\s>/]/i;

function stripTags(html: string): string {
  return html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ');
}

/**
 * Turns HTML or text into one line of plain text (tags dropped, entities decoded, spaces collapsed).
 * HTML that was escaped twice (common in feeds) is stripped again, but only when it contains real
 * HTML tags, so that text such as "<nick>" survives.
 */
export function plainText(html: string): string {
  let text = decodeEntities(stripTags(html));
  if (HTML_TAGS.test(text)) text = decodeEntities(stripTags(text));
  return text.replace(/\s+/g, ' ').trim();
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED[body.toLowerCase()] ?? whole;
  });
}
