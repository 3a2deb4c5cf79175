import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../src/cursor.js';

const SECRET = 'test-secret-0123456789';

describe('cursors', () => {
  it('are only valid with the secret they were signed with', () => {
    const cursor = encodeCursor({ key: 1234, id: 'abc' }, 'fp1', SECRET);
    expect(decodeCursor(cursor, 'fp1', 'another-secret-012345')).toBeNull();
    // The signing key of earlier versions was a constant in the code: its cursors are forgeries now.
    const payload = cursor.split('.')[0]!;
    const old = createHmac('sha256', 'tidings-cursor-v1').update(payload).digest('base64url').slice(0, 16);
    expect(decodeCursor(`${payload}.${old}`, 'fp1', SECRET)).toBeNull();
  });

  it('round-trip for the same filters only', () => {
    const cursor = encodeCursor({ key: 1234, id: 'abc' }, 'fp1', SECRET);
    expect(decodeCursor(cursor, 'fp1', SECRET)).toEqual({ key: 1234, id: 'abc' });
    expect(decodeCursor(cursor, 'fp2', SECRET)).toBeNull();
  });

  it('reject tampering', () => {
    const cursor = encodeCursor({ key: 1234, id: 'abc' }, 'fp1', SECRET);
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify([9999, 'abc', 'fp1'])).toString('base64url');
    expect(decodeCursor(`${forged}.${signature}`, 'fp1', SECRET)).toBeNull();
    expect(decodeCursor(`${payload}.x${signature!.slice(1)}`, 'fp1', SECRET)).toBeNull();
    expect(decodeCursor('nonsense', 'fp1', SECRET)).toBeNull();
  });
});
