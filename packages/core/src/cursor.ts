/**
 * Opaque, tamper-evident cursors bound to the filters they were issued for (CONTRACT §1.3).
 * A cursor carries the sort key of the last article served and a fingerprint of the filters.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface CursorPosition {
  /** `publishedAt` of the last article served, in ms (feed) — or its rank (recommended feed). */
  key: number;
  /** Id of the last article served (tie-break). */
  id: string;
}

// A cursor only ever positions a query the caller may already run, so the key guards against
// accidental corruption and mix-ups rather than guarding a secret.
const SIGNING_KEY = 'tidings-cursor-v1';

function sign(payload: string): string {
  return createHmac('sha256', SIGNING_KEY).update(payload).digest('base64url').slice(0, 16);
}

/** Short digest of a canonical filter description. */
export function fingerprint(canonical: string): string {
  return createHash('sha256').update(canonical).digest('base64url').slice(0, 12);
}

export function encodeCursor(position: CursorPosition, filterFingerprint: string): string {
  const payload = Buffer.from(JSON.stringify([position.key, position.id, filterFingerprint])).toString('base64url');
  return `${payload}.${sign(payload)}`;
}

/** Returns the position, or `null` for a cursor that is malformed, tampered with or bound to other filters. */
export function decodeCursor(cursor: string, filterFingerprint: string): CursorPosition | null {
  const [payload, signature, ...rest] = cursor.split('.');
  if (!payload || !signature || rest.length) return null;
  const expected = Buffer.from(sign(payload));
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
