import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../src/cursor.js';

describe('cursors', () => {
  it('round-trip for the same filters only', () => {
    const cursor = encodeCursor({ key: 1234, id: 'abc' }, 'fp1');
    expect(decodeCursor(cursor, 'fp1')).toEqual({ key: 1234, id: 'abc' });
    expect(decodeCursor(cursor, 'fp2')).toBeNull();
  });

  it('reject tampering', () => {
    const cursor = encodeCursor({ key: 1234, id: 'abc' }, 'fp1');
    const [payload, signature] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify([9999, 'abc', 'fp1'])).toString('base64url');
    expect(decodeCursor(`${forged}.${signature}`, 'fp1')).toBeNull();
    expect(decodeCursor(`${payload}.x${signature!.slice(1)}`, 'fp1')).toBeNull();
    expect(decodeCursor('nonsense', 'fp1')).toBeNull();
  });
});
