/**
 * Opaque, tamper-evident cursors bound to the filters they were issued for (CONTRACT §1.3).
 * A cursor carries the sort key of the last article served and a fingerprint of the filters.
 */
import { createHmac, createSecretKey, hash, type KeyObject, timingSafeEqual } from 'node:crypto';

export interface CursorPosition {
  /** `publishedAt` of the last article served, in ms (feed) — or its rank (recommended feed). */
  key: number;
  /** Id of the last article served (tie-break). */
  id: string;
}

/** Where the next page of a feed starts: after this article (`null` after an empty page). */
export function positionAfter(article: { publishedAt: string; id: string } | undefined): CursorPosition | null {
  return article ? { key: Date.parse(article.publishedAt), id: article.id } : null;
}

// Cursors are signed (HMAC-SHA256) with a secret every API instance shares and no one else knows
// (CONTRACT §4: `CURSOR_SECRET`, or one generated once and kept in Redis): never one in the code.
// The secret's key object is made once (an instance has one secret), not on every page.
let signingKey: { secret: string; key: KeyObject } | null = null;
function sign(payload: string, secret: string): string {
  if (signingKey?.secret !== secret) signingKey = { secret, key: createSecretKey(Buffer.from(secret)) };
  return createHmac('sha256', signingKey.key).update(payload).digest('base64url').slice(0, 22);
}

/** Short digest of a canonical filter description. */
export function fingerprint(canonical: string): string {
  return hash('sha256', canonical, 'base64url').slice(0, 12);
}

export function encodeCursor(position: CursorPosition, filterFingerprint: string, secret: string): string {
  const payload = Buffer.from(JSON.stringify([position.key, position.id, filterFingerprint])).toString('base64url');
  return `${payload}.${sign(payload, secret)}`;
}

/** Returns the position, or `null` for a cursor that is malformed, tampered with or bound to other filters. */
export function decodeCursor(cursor: string, filterFingerprint: string, secret: string): CursorPosition | null {
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(payload, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [key, id, fp] = value as unknown[];
    if (typeof key !== 'number' || !Number.isFinite(key) || typeof id !== 'string' || fp !== filterFingerprint) {
      return null;
    }
    return { key, id };
  } catch {
    return null;
  }
}
