/**
 * Api keys (CONTRACT §1.1): shown once at creation, stored only as a SHA-256 hash, revocable,
 * each with its own rate (requests per minute).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';

export interface ApiKeyRecord {
  /** Public identifier: the 8 characters after `tdg_`; `keys revoke` takes a prefix of it. */
  id: string;
  name: string;
  /** Requests per minute. */
  rate: number;
  createdAt: string;
  revokedAt: string | null;
}

export interface CreatedApiKey extends ApiKeyRecord {
  /** The secret itself: shown once, never stored. */
  key: string;
}

export type KeyCheck =
  { status: 'valid'; record: ApiKeyRecord } | { status: 'unknown' } | { status: 'disabled'; record: ApiKeyRecord };

export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export class ApiKeyStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private recordKey(hash: string): string {
    return `${this.prefix}apikey:${hash}`;
  }

  private get indexKey(): string {
    return `${this.prefix}apikeys`;
  }

  async create(name: string, rate: number): Promise<CreatedApiKey> {
    const key = `tdg_${randomBytes(24).toString('hex')}`;
    const hash = hashKey(key);
    const record: ApiKeyRecord = {
      id: key.slice(4, 12),
      name,
      rate,
      createdAt: new Date().toISOString(),
      revokedAt: null,
    };
    await this.redis
      .multi()
      .hset(this.recordKey(hash), { ...record, revokedAt: '', hash })
      .hset(this.indexKey, record.id, hash)
      .exec();
    return { ...record, key };
  }

  /** Looks a presented key up by its hash and compares the stored hash in constant time. */
  async check(key: string): Promise<KeyCheck> {
    const hash = hashKey(key);
    const fields = await this.redis.hgetall(this.recordKey(hash));
    if (!fields.hash || !timingSafeEqual(Buffer.from(fields.hash), Buffer.from(hash))) return { status: 'unknown' };
    const record = toRecord(fields);
    return record.revokedAt ? { status: 'disabled', record } : { status: 'valid', record };
  }

  async list(): Promise<ApiKeyRecord[]> {
    const hashes = Object.values(await this.redis.hgetall(this.indexKey));
    const pipeline = this.redis.pipeline();
    for (const hash of hashes) pipeline.hgetall(this.recordKey(hash));
    const results = (await pipeline.exec()) ?? [];
    return results
      .map(([, fields]) => toRecord(fields as Record<string, string>))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  /** Revokes the one key whose id starts with `idPrefix`; throws when none or several match. */
  /** Revokes a key by id prefix; `alreadyRevoked` when it was (then nothing changes). */
  async revoke(idPrefix: string): Promise<ApiKeyRecord & { alreadyRevoked: boolean }> {
    const wanted = idPrefix.trim().replace(/^tdg_/, '');
    if (wanted.length < 4) throw new Error('give at least the first 4 characters of the key id');
    const index = await this.redis.hgetall(this.indexKey);
    const matches = Object.keys(index).filter((id) => id.startsWith(wanted));
    if (matches.length === 0) throw new Error(`no api key has an id starting with '${idPrefix}'`);
    if (matches.length > 1)
      throw new Error(`'${idPrefix}' matches ${matches.length} keys (${matches.join(', ')}); give more of the id`);
    const hash = index[matches[0]!]!;
    // Revoking a revoked key changes nothing (it keeps the time it was first revoked).
    const alreadyRevoked = Boolean(await this.redis.hget(this.recordKey(hash), 'revokedAt'));
    if (!alreadyRevoked) await this.redis.hset(this.recordKey(hash), 'revokedAt', new Date().toISOString());
    return { ...toRecord(await this.redis.hgetall(this.recordKey(hash))), alreadyRevoked };
  }
}

function toRecord(fields: Record<string, string>): ApiKeyRecord {
  return {
    id: fields.id ?? '',
    name: fields.name ?? '',
    rate: Number(fields.rate),
    createdAt: fields.createdAt ?? '',
    revokedAt: fields.revokedAt || null,
  };
}

/** Parses a rate such as `600/min`, `600`, `10/s` or `3600/h` into requests per minute. */
export function parseRate(value: string): number | null {
  const m = /^\s*(\d+)\s*(?:\/\s*(s|sec|second|m|min|minute|h|hour))?\s*$/i.exec(value);
  if (!m) return null;
  const count = Number(m[1]);
  const unit = (m[2] ?? 'min').toLowerCase();
  const perMinute = unit.startsWith('s') ? count * 60 : unit.startsWith('h') ? count / 60 : count;
  return Number.isInteger(perMinute) && perMinute > 0 ? perMinute : null;
}
