/**
 * Decoding feed bytes by the standard order: BOM, then the HTTP charset, then the XML declaration,
 * then UTF-8. Legacy charsets are decoded with iconv-lite (Node's TextDecoder was seen to treat
 * windows-1252 as Latin-1).
 */
import iconv from 'iconv-lite';

export interface Decoded {
  text: string;
  charset: string;
  /** Where the charset came from. */
  source: 'bom' | 'http' | 'xml' | 'default';
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
  const fromHttp = httpCharset(contentType);
  if (usable(fromHttp)) return { text: iconv.decode(Buffer.from(bytes), fromHttp), charset: fromHttp, source: 'http' };
  const fromXml = xmlCharset(bytes);
  if (usable(fromXml)) return { text: iconv.decode(Buffer.from(bytes), fromXml), charset: fromXml, source: 'xml' };
  return { text: iconv.decode(Buffer.from(bytes), 'utf-8'), charset: 'utf-8', source: 'default' };
}
