/**
 * Editors of the desk (CONTRACT §5): accounts created by operators, one-time sign-in links valid for
 * 24 h, passwords kept only as salted scrypt hashes, sessions of 12 h in Redis, five wrong passwords
 * in a row lock an account for 15 minutes, and removing an editor ends their sessions at once.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import type { Redis } from 'ioredis';

const scrypt = promisify(scryptCallback) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

export type EditorRole = 'editor' | 'admin';

export interface Editor {
  email: string;
  name: string;
  role: EditorRole;
  createdAt: string;
  /** Whether a password has been set (through a one-time link). */
  active: boolean;
}

export interface Session {
  id: string;
  email: string;
  /** Sent back by the page with every state-changing request (double submit). */
  csrf: string;
  expiresAt: string;
}

export const LINK_TTL_S = 24 * 3600;
export const SESSION_TTL_S = 12 * 3600;
export const MAX_WRONG_PASSWORDS = 5;
export const LOCK_S = 15 * 60;
export const MIN_PASSWORD = 12;

/** Something an editor or operator should be told, in a sentence. */
export class EditorError extends Error {
  override name = 'EditorError';
  constructor(
    message: string,
    readonly kind: 'invalid' | 'notFound' | 'locked' | 'unauthorized' = 'invalid',
  ) {
    super(message);
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What a one-time link that can no longer be used says (expired, used, or its editor removed). */
export const LINK_GONE = 'this sign-in link has expired or was already used; ask an operator for a new one';

export class EditorStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private key(email: string): string {
    return `${this.prefix}editor:${email}`;
  }
  private get setKey(): string {
    return `${this.prefix}editors`;
  }
  private linkKey(token: string): string {
    return `${this.prefix}editor-link:${token}`;
  }
  private sessionKey(id: string): string {
    return `${this.prefix}session:${id}`;
  }
  private sessionsOf(email: string): string {
    return `${this.prefix}editor-sessions:${email}`;
  }
  private failuresKey(email: string): string {
    return `${this.prefix}editor-failures:${email}`;
  }
  private lockKey(email: string): string {
    return `${this.prefix}editor-lock:${email}`;
  }

  static normalize(email: string): string {
    return email.trim().toLowerCase();
  }

  async get(email: string): Promise<Editor | null> {
    const raw = await this.redis.hgetall(this.key(EditorStore.normalize(email)));
    if (!raw.email) return null;
    return {
      email: raw.email,
      name: raw.name ?? raw.email,
      role: raw.role === 'admin' ? 'admin' : 'editor',
      createdAt: raw.createdAt ?? '',
      active: Boolean(raw.password),
    };
  }

  async list(): Promise<Editor[]> {
    const emails = (await this.redis.smembers(this.setKey)).sort();
    return (await Promise.all(emails.map((e) => this.get(e)))).flatMap((e) => (e ? [e] : []));
  }

  /** Creates an editor; returns a one-time sign-in token (valid 24 h). */
  async add(email: string, name: string, role: EditorRole): Promise<{ editor: Editor; token: string }> {
    const normalized = EditorStore.normalize(email);
    if (!EMAIL.test(normalized)) throw new EditorError(`'${email}' is not an email address`);
    if (!name.trim()) throw new EditorError('the name must not be empty');
    if (await this.redis.exists(this.key(normalized))) {
      throw new EditorError(
        `${normalized} is already an editor; tidings editors reset ${normalized} gives them a new sign-in link`,
      );
    }
    await this.redis
      .multi()
      .hset(this.key(normalized), { email: normalized, name: name.trim(), role, createdAt: new Date().toISOString() })
      .sadd(this.setKey, normalized)
      .exec();
    return { editor: (await this.get(normalized))!, token: await this.newLink(normalized) };
  }

  /** A new one-time link for an existing editor (their password stays until they set a new one). */
  async reset(email: string): Promise<{ editor: Editor; token: string }> {
    const editor = await this.get(email);
    if (!editor) throw new EditorError(`${EditorStore.normalize(email)} is not an editor`, 'notFound');
    return { editor, token: await this.newLink(editor.email) };
  }

  private async newLink(email: string): Promise<string> {
    const token = randomBytes(24).toString('base64url');
    await this.redis.set(this.linkKey(token), email, 'EX', LINK_TTL_S);
    return token;
  }

  /** Removes an editor and ends every session of theirs at once. */
  async remove(email: string): Promise<void> {
    const normalized = EditorStore.normalize(email);
    if (!(await this.redis.exists(this.key(normalized))))
      throw new EditorError(`${normalized} is not an editor`, 'notFound');
    const sessions = await this.redis.smembers(this.sessionsOf(normalized));
    await this.redis
      .multi()
      .del(this.key(normalized), this.sessionsOf(normalized), this.failuresKey(normalized), this.lockKey(normalized))
      .srem(this.setKey, normalized)
      .del(...(sessions.length ? sessions.map((id) => this.sessionKey(id)) : [this.sessionKey('none')]))
      .exec();
  }

  /** The editor a one-time link is for, without using it up (null: expired, used, or its editor removed). */
  async linkHolder(token: string): Promise<Editor | null> {
    const email = await this.redis.get(this.linkKey(token));
    return email ? this.get(email) : null;
  }

  /** Follows a one-time link: sets the password, consumes the link, and starts a session. */
  async setPassword(token: string, password: string): Promise<Session> {
    if (password.length < MIN_PASSWORD) {
      throw new EditorError(`the password must have at least ${MIN_PASSWORD} characters`);
    }
    const email = await this.redis.getdel(this.linkKey(token));
    if (!email || !(await this.get(email))) {
      throw new EditorError(LINK_GONE, 'notFound');
    }
    const salt = randomBytes(16);
    const hash = await scrypt(password, salt, 32);
    await this.redis.hset(this.key(email), 'password', `scrypt:${salt.toString('base64')}:${hash.toString('base64')}`);
    await this.redis.del(this.failuresKey(email), this.lockKey(email));
    return this.startSession(email);
  }

  /** Signs in with email and password; five wrong passwords in a row lock the account for 15 minutes. */
  async signIn(email: string, password: string): Promise<Session> {
    const normalized = EditorStore.normalize(email);
    const wrong = new EditorError('wrong email or password', 'unauthorized');
    const lockTtl = await this.redis.ttl(this.lockKey(normalized));
    if (lockTtl > 0) {
      throw new EditorError(
        `this account is locked after ${MAX_WRONG_PASSWORDS} wrong passwords; try again in ${Math.ceil(lockTtl / 60)} minutes`,
        'locked',
      );
    }
    const stored = await this.redis.hget(this.key(normalized), 'password');
    const [scheme, salt, hash] = stored?.split(':') ?? [];
    const ok =
      scheme === 'scrypt' &&
      salt !== undefined &&
      hash !== undefined &&
      timingSafeEqual(await scrypt(password, Buffer.from(salt, 'base64'), 32), Buffer.from(hash, 'base64'));
    if (!ok) {
      if (!(await this.redis.exists(this.key(normalized)))) throw wrong;
      const failures = await this.redis.incr(this.failuresKey(normalized));
      if (failures >= MAX_WRONG_PASSWORDS) {
        await this.redis
          .multi()
          .set(this.lockKey(normalized), '1', 'EX', LOCK_S)
          .del(this.failuresKey(normalized))
          .exec();
        throw new EditorError(
          `this account is now locked for ${LOCK_S / 60} minutes after ${MAX_WRONG_PASSWORDS} wrong passwords`,
          'locked',
        );
      }
      throw wrong;
    }
    await this.redis.del(this.failuresKey(normalized));
    return this.startSession(normalized);
  }

  private async startSession(email: string): Promise<Session> {
    const session: Session = {
      id: randomBytes(24).toString('base64url'),
      email,
      csrf: randomBytes(18).toString('base64url'),
      expiresAt: new Date(Date.now() + SESSION_TTL_S * 1000).toISOString(),
    };
    await this.redis
      .multi()
      .set(this.sessionKey(session.id), JSON.stringify(session), 'EX', SESSION_TTL_S)
      .sadd(this.sessionsOf(email), session.id)
      .expire(this.sessionsOf(email), SESSION_TTL_S)
      .exec();
    return session;
  }

  /** The session and its editor, or null when it ended (signed out, expired, editor removed). */
  async session(id: string): Promise<{ session: Session; editor: Editor } | null> {
    const raw = await this.redis.get(this.sessionKey(id));
    if (!raw) return null;
    const session = JSON.parse(raw) as Session;
    const editor = await this.get(session.email);
    return editor ? { session, editor } : null;
  }

  async signOut(id: string): Promise<void> {
    const raw = await this.redis.get(this.sessionKey(id));
    if (raw) await this.redis.srem(this.sessionsOf((JSON.parse(raw) as Session).email), id);
    await this.redis.del(this.sessionKey(id));
  }
}
