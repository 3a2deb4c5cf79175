/**
 * Decoding feed bytes by the standard order: BOM, then the HTTP charset, then the XML declaration,
 * then UTF-8; a declared charset is read by the Encoding standard's labels (`standardCharset`). Legacy charsets are decoded with iconv-lite (Node's TextDecoder was seen to treat
 * windows-1252 as Latin-1). When UTF-8 (declared or assumed) meets bytes that are not UTF-8 — a
 * Latin-1 feed with no or a wrong declaration — the charset is detected (`chardet`), and used when it
 * reads the bytes without a replacement character.
 */
import { detect } from 'chardet';
import iconv from 'iconv-lite';

export interface Decoded {
  text: string;
  charset: string;
  /** Where the charset came from. */
  source: 'bom' | 'http' | 'xml' | 'default' | 'detected';
}

function bomCharset(bytes: Uint8Array): [charset: string, length: number] | null {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return ['utf-8', 3];
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 0xfe && bytes[3] === 0xff) return ['utf-32be', 4];
  if (bytes[0] === 0xff && bytes[1] === 0xfe && bytes[2] === 0 && bytes[3] === 0) return ['utf-32le', 4];
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return ['utf-16le', 2];
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return ['utf-16be', 2];
  return null;
}

/** The `charset` parameter of a Content-Type header, if any. */
export function httpCharset(contentType: string | null | undefined): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return m ? m[1]!.toLowerCase() : null;
}

/** The `encoding` of an XML declaration at the start of the bytes, if any. */
export function xmlCharset(bytes: Uint8Array): string | null {
  const head = Buffer.from(bytes.subarray(0, 1024)).toString('latin1');
  const m = /^\s*<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(head);
  return m ? m[1]!.toLowerCase() : null;
}

function usable(charset: string | null): charset is string {
  return charset !== null && iconv.encodingExists(charset);
}

/**
 * The charset a declared label names as the Encoding standard reads it, so as browsers do: an
 * `ISO-8859-1` or `US-ASCII` feed is read as windows-1252 (its curly quotes and dashes, bytes
 * 0x80–0x9F, would otherwise become invisible control characters), `GB2312` as GBK, `ISO-8859-9` as
 * windows-1254. Node's `TextDecoder` knows the standard's labels; iconv-lite still decodes. A label
 * the standard does not know stays as it is.
 */
function standardCharset(label: string | null): string | null {
  if (label === null) return null;
  try {
    const name = new TextDecoder(label).encoding;
    return iconv.encodingExists(name) ? name : label;
  } catch {
    return label;
  }
}

/** UTF-16/32 without a BOM, recognised by where the zero bytes of the first `<` fall. */
function sniffWide(bytes: Uint8Array): string | null {
  const [a, b, c, d] = bytes;
  if (a === 0 && b === 0 && c === 0 && d === 0x3c) return 'utf-32be';
  if (a === 0x3c && b === 0 && c === 0 && d === 0) return 'utf-32le';
  if (a === 0 && b === 0x3c) return 'utf-16be';
  if (a === 0x3c && b === 0) return 'utf-16le';
  return null;
}

export function decodeFeed(bytes: Uint8Array, contentType?: string | null): Decoded {
  const bom = bomCharset(bytes);
  if (bom) return { text: iconv.decode(Buffer.from(bytes.subarray(bom[1])), bom[0]), charset: bom[0], source: 'bom' };
  const wide = sniffWide(bytes);
  if (wide && iconv.encodingExists(wide))
    return { text: iconv.decode(Buffer.from(bytes), wide), charset: wide, source: 'bom' };
  const fromHttp = standardCharset(httpCharset(contentType));
  const fromXml = standardCharset(xmlCharset(bytes));
  const [declared, source] = usable(fromHttp)
    ? [fromHttp, 'http' as const]
    : usable(fromXml)
      ? [fromXml, 'xml' as const]
      : ['utf-8', 'default' as const];
  // Bytes without a zero byte in their first KB are not UTF-16, whatever they say (a feed converted to
  // UTF-8 that kept its declaration): read as UTF-8, as the HTML standard does.
  const charset = /^utf-16/.test(declared) && !bytes.subarray(0, 1024).includes(0) ? 'utf-8' : declared;
  const text = iconv.decode(Buffer.from(bytes), charset);
  if (!isUtf8(charset) || !text.includes('\uFFFD')) return { text, charset, source };
  return detected(bytes) ?? { text, charset, source };
}

const isUtf8 = (charset: string) => /^utf-?8$/i.test(charset);

/**
 * The text of bytes that are not the UTF-8 they were said (or assumed) to be, in the charset a
 * detector finds — `null` when it finds none that reads them cleanly. ISO-8859-1 is read as
 * windows-1252, its superset, as browsers do (curly quotes and dashes live in 0x80–0x9F).
 */
function detected(bytes: Uint8Array): Decoded | null {
  const found = detect(bytes)?.toLowerCase() ?? null;
  if (!found || isUtf8(found)) return null;
  const charset = found === 'iso-8859-1' ? 'windows-1252' : found;
  if (!iconv.encodingExists(charset)) return null;
  const text = iconv.decode(Buffer.from(bytes), charset);
  return text.includes('\uFFFD') ? null : { text, charset, source: 'detected' };
}
