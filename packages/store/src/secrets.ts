/** Secrets every API instance shares (CONTRACT §4): generated once, kept in Redis, never in the code. */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * The cursor signing secret: the first instance to ask creates it (SET NX), every later one reads
 * the same. Rotating it (deleting the key) invalidates the cursors issued so far, nothing else.
 */
export async function sharedCursorSecret(redis: Redis, prefix: string): Promise<string> {
  const key = `${prefix}secret:cursor`;
  await redis.set(key, randomBytes(32).toString('base64url'), 'NX');
  const secret = await redis.get(key);
  if (!secret) throw new Error('the cursor secret could not be read back from Redis');
  return secret;
}
