/**
 * The source registry (CONTRACT §2–3): each publisher feed with its settings and its fetch state.
 * States: `active` → `failing` after 3 consecutive failed fetches (back-off, last error kept) →
 * `active` on the next success; `paused` and `removed` are set by operators.
 */
import type { Redis } from 'ioredis';
import { ARTICLE_TYPES, type ArticleType } from '@tidings/core/article';
import { comparableHost, parseHttpUrl } from '@tidings/core/url';

export const SOURCE_STATES = ['active', 'failing', 'paused', 'removed'] as const;
export type SourceState = (typeof SOURCE_STATES)[number];
export const PAYWALL_MODES = ['none', 'all', 'detect'] as const;
export type PaywallMode = (typeof PAYWALL_MODES)[number];

/** Failed fetches in a row after which a source is `failing`. */
export const FAILING_AFTER = 3;
export const DEFAULT_INTERVAL_MS = 10 * 60_000;

export interface SourceSettings {
  id: string;
  name: string;
  feedUrl: string;
  type: ArticleType;
  topics: number[];
  language: string | null;
  paywalled: PaywallMode;
  registrationRequired: boolean;
  /** Poll interval in ms. */
  everyMs: number;
}

export interface SourceStatus {
  state: SourceState;
  lastError: string | null;
  lastErrorAt: string | null;
  lastFetchedAt: string | null;
  lastSuccessAt: string | null;
  consecutiveFailures: number;
  etag: string | null;
  lastModified: string | null;
  /** Earliest time of the next scheduled fetch (back-off, Retry-After). */
  notBefore: string | null;
  /** Poll interval adapted to the feed (rhythm, ttl, max-age); `null` until the first success. */
  pollMs: number | null;
  /** Digest of the last feed body read, to skip re-reading a 200 that repeats it. */
  contentHash: string | null;
  /** The site's home page as the feed last read names it (its channel link); absent until then. */
  siteUrl?: string | null;
  /** The host most articles of the feed last read live on (their `source.domain`); absent until then. */
  siteDomain?: string | null;
  /** The language the feed last read declares, else its items' (ISO 639-1); absent until then. */
  siteLanguage?: string | null;
  /**
   * The podcast's Apple Podcasts categories as the feed last read names them (`<itunes:category>`, one
   * group per category, subcategories after it): `tidings reindex` reads topics from them again, as the
   * fetch did. Absent until then, empty for a feed that names none.
   */
  podcastCategories?: string[][];
  /**
   * Where the feed has moved: the last fetch reached it only through permanent redirects (301, 308) ending
   * there; `null` when it answers at `feedUrl` (absent in old records). Operators update `feedUrl` to it.
   */
  movedTo?: string | null;
  createdAt: string;
  /**
   * Bumped whenever settings change: a fetch that started under older settings does not write its
   * validators (the next fetch must read the feed in full under the new ones). Absent in old records: 0.
   */
  revision?: number;
}

export type Source = SourceSettings & SourceStatus;

const DURATION = /^(\d+)\s*(s|m|h|d)$/i;

/** `30s`, `10m`, `2h`, `1d` → ms; `null` when unreadable or outside 1 minute … 7 days. */
export function parseDuration(value: string): number | null {
  const m = DURATION.exec(value.trim());
  if (!m) return null;
  const unit = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 }[m[2]!.toLowerCase() as 's' | 'm' | 'h' | 'd'];
  const ms = Number(m[1]) * unit;
  return ms >= 60_000 && ms <= 7 * 86_400_000 ? ms : null;
}

export function formatDuration(ms: number): string {
  if (ms % 86_400_000 === 0) return `${ms / 86_400_000}d`;
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  return `${Math.round(ms / 1000)}s`;
}

/**
 * The interval a source is polled at now, when the worker has adapted it to the feed's rhythm and it is
 * not the `every` set (to the minute: `66m`, `3.5h`); `null` otherwise. The set interval and this one
 * are shown together (`10m, now 66m`), so that the CLI and the desk say the same.
 */
export function adaptedInterval(source: Pick<Source, 'everyMs' | 'pollMs'>): string | null {
  if (source.pollMs == null) return null;
  const minutes = Math.max(1, Math.round(source.pollMs / 60_000));
  if (minutes === Math.round(source.everyMs / 60_000)) return null;
  return minutes < 120 ? `${minutes}m` : `${Math.round(source.pollMs / 360_000) / 10}h`;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;

export function isSlug(value: string): boolean {
  return SLUG.test(value);
}

/** A slug from the feed's host: `https://www.example.co.uk/rss` → `example-co-uk`. */
export function slugFromFeedUrl(feedUrl: string): string {
  const url = parseHttpUrl(feedUrl);
  const host = url ? comparableHost(url.hostname) : 'source';
  return (
    host
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'source'
  );
}

export interface SourceInput {
  feedUrl: string;
  id?: string;
  name?: string;
  type?: string;
  topics?: number[];
  language?: string | null;
  paywalled?: string;
  registrationRequired?: boolean;
  every?: string;
}

/**
 * A language tag in the case BCP 47 writes it (tags are case-insensitive: `EN` was refused, and `pt-br`
 * kept as typed): the language in lower case, a region in upper case, a script capitalised (`zh-Hant-TW`).
 */
function usualCase(tag: string): string {
  return tag
    .split('-')
    .map((part, at) =>
      at > 0 && part.length === 2
        ? part.toUpperCase()
        : at > 0 && part.length === 4
          ? `${part[0]!.toUpperCase()}${part.slice(1).toLowerCase()}`
          : part.toLowerCase(),
    )
    .join('-');
}

/** Validates operator input into settings; throws an Error naming the bad field. */
export function toSettings(input: SourceInput, fallbackId?: string): SourceSettings {
  const url = parseHttpUrl(input.feedUrl);
  if (!url) throw new Error(`feedUrl: '${input.feedUrl}' is not an absolute http(s) URL`);
  const id = input.id ?? fallbackId ?? slugFromFeedUrl(input.feedUrl);
  if (!isSlug(id)) throw new Error(`id: '${id}' must be a slug (lowercase letters, digits, hyphens)`);
  const type = (input.type ?? 'article').toLowerCase();
  if (!(ARTICLE_TYPES as readonly string[]).includes(type)) {
    throw new Error(`type: '${input.type}' must be one of ${ARTICLE_TYPES.join(', ')}`);
  }
  // Case aside, as `type` (and the API's `articleTypes`) are: `paywalled: All` was refused.
  const paywalled = (input.paywalled ?? 'none').toLowerCase();
  if (!(PAYWALL_MODES as readonly string[]).includes(paywalled)) {
    throw new Error(`paywalled: '${input.paywalled}' must be one of ${PAYWALL_MODES.join(', ')}`);
  }
  const topics = input.topics ?? [];
  if (!topics.every((t) => Number.isSafeInteger(t) && t > 0)) throw new Error('topics: must be positive topic ids');
  const everyMs = input.every === undefined ? DEFAULT_INTERVAL_MS : parseDuration(input.every);
  if (everyMs === null) throw new Error(`every: '${input.every}' must be a duration from 1m to 7d, e.g. 10m`);
  const language = input.language ? usualCase(input.language) : null;
  if (language !== null && !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(language)) {
    throw new Error(`language: '${input.language}' must be a language tag such as en or pt-BR`);
  }
  return {
    id,
    name: input.name?.trim() || comparableHost(url.hostname),
    feedUrl: url.toString(),
    type: type as ArticleType,
    topics,
    language,
    paywalled: paywalled as PaywallMode,
    registrationRequired: input.registrationRequired ?? false,
    everyMs,
  };
}

/** A source that has never been fetched. */
export function newSource(settings: SourceSettings, now: Date = new Date()): Source {
  return { ...freshStatus(now), ...settings };
}

const freshStatus = (now: Date): SourceStatus => ({
  state: 'active',
  lastError: null,
  lastErrorAt: null,
  lastFetchedAt: null,
  lastSuccessAt: null,
  consecutiveFailures: 0,
  etag: null,
  lastModified: null,
  notBefore: null,
  pollMs: null,
  contentHash: null,
  createdAt: now.toISOString(),
});

/**
 * KEYS: record, index set; ARGV: the record as read ('' when absent), the new record, the id. Writes
 * (and indexes) only when the record is unchanged since it was read: 1, else 0.
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if (current or '') ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[3])
return 1`;

export class SourceStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private key(id: string): string {
    return `${this.prefix}source:${id}`;
  }

  private get indexKey(): string {
    return `${this.prefix}sources`;
  }

  async get(id: string): Promise<Source | null> {
    const raw = await this.redis.get(this.key(id));
    return raw ? (JSON.parse(raw) as Source) : null;
  }

  async list(): Promise<Source[]> {
    const ids = (await this.redis.smembers(this.indexKey)).sort();
    if (!ids.length) return [];
    const raws = await this.redis.mget(ids.map((id) => this.key(id)));
    return raws.flatMap((raw) => (raw ? [JSON.parse(raw) as Source] : []));
  }

  /**
   * Read, change, write — atomically: the write happens only if the record is still what was read
   * (a compare-and-set in Lua), else the change is computed again on the fresh record. So an
   * operator's pause or a sync landing during a fetch's bookkeeping is never lost, and neither is
   * the fetch's. `change` returns the new record, or `null` to leave it (the current one is returned).
   */
  private async update(id: string, change: (current: Source | null) => Source | null): Promise<Source | null> {
    for (let attempt = 0; attempt < 50; attempt++) {
      const raw = await this.redis.get(this.key(id));
      const current = raw ? (JSON.parse(raw) as Source) : null;
      const next = change(current);
      if (!next) return current;
      const written = (await this.redis.eval(
        COMPARE_AND_SET,
        2,
        this.key(id),
        this.indexKey,
        raw ?? '',
        JSON.stringify(next),
        id,
      )) as number;
      if (written === 1) return next;
    }
    throw new Error(`source ${id} is being changed by too many writers at once; try again`);
  }

  /** `update` of an existing source: an unknown id is an error. */
  private async change(id: string, change: (current: Source) => Source): Promise<Source> {
    const updated = await this.update(id, (current) => {
      if (!current) throw new Error(`no source with id '${id}'`);
      return change(current);
    });
    return updated!;
  }

  /** Adds a new source; an existing id is an error unless that source was removed. */
  async add(settings: SourceSettings): Promise<Source> {
    return (await this.update(settings.id, (existing) => {
      if (existing && existing.state !== 'removed') throw new Error(`a source with id '${settings.id}' exists already`);
      return { ...newSource(settings, this.now()), revision: (existing?.revision ?? 0) + 1 };
    }))!;
  }

  /** Replaces the settings of a source, keeping its state (used by `sources sync`). */
  async updateSettings(settings: SourceSettings): Promise<Source> {
    return (await this.update(settings.id, (existing) => {
      if (!existing) return { ...newSource(settings, this.now()), revision: 1 };
      const state = existing.state === 'removed' ? 'active' : existing.state;
      const pollMs = existing.everyMs === settings.everyMs ? (existing.pollMs ?? null) : null;
      const changed = (Object.keys(settings) as (keyof SourceSettings)[]).some(
        (key) => JSON.stringify(existing[key]) !== JSON.stringify(settings[key]),
      );
      // New settings shape the articles: the next fetch must read the feed in full again, and a fetch
      // still running under the old ones must not write its validators back (the revision tells).
      const fresh = changed
        ? { etag: null, lastModified: null, contentHash: null, revision: (existing.revision ?? 0) + 1 }
        : {};
      // Another feed may belong to another site: what the old one said goes until the new one is read.
      const site =
        existing.feedUrl === settings.feedUrl
          ? {}
          : { siteUrl: null, siteDomain: null, siteLanguage: null, podcastCategories: [], movedTo: null };
      return { ...existing, ...settings, state, pollMs, ...fresh, ...site };
    }))!;
  }

  async require(id: string): Promise<Source> {
    const source = await this.get(id);
    if (!source) throw new Error(`no source with id '${id}'`);
    return source;
  }

  async setState(id: string, state: SourceState): Promise<Source> {
    return this.change(id, (source) => ({
      ...source,
      state,
      ...(state === 'active' ? { consecutiveFailures: 0, notBefore: null } : {}),
    }));
  }

  /**
   * Records a successful fetch: back to `active` (unless paused or removed meanwhile). `startedAt`:
   * the record the fetch started from — when the settings changed since, its validators are not kept.
   * `site`: what the feed read says about its site (a feed not read again keeps what was recorded).
   */
  async recordSuccess(
    id: string,
    validators: {
      etag: string | null;
      lastModified: string | null;
      contentHash?: string | null;
      /** The fetch's {@link SourceStatus.movedTo} (absent: as it was). */
      movedTo?: string | null;
    },
    pollMs?: number,
    startedAt?: Pick<Source, 'revision'>,
    site?: { domain: string | null; homepage: string | null; language: string | null; podcastCategories?: string[][] },
  ): Promise<Source> {
    const at = this.now().toISOString();
    return this.change(id, (source) => {
      const sameSettings = !startedAt || (startedAt.revision ?? 0) === (source.revision ?? 0);
      return {
        ...source,
        state: source.state === 'failing' ? 'active' : source.state,
        consecutiveFailures: 0,
        lastFetchedAt: at,
        lastSuccessAt: at,
        notBefore: null,
        ...(sameSettings
          ? {
              etag: validators.etag,
              lastModified: validators.lastModified,
              contentHash: validators.contentHash === undefined ? (source.contentHash ?? null) : validators.contentHash,
              ...(validators.movedTo === undefined ? {} : { movedTo: validators.movedTo }),
            }
          : {}),
        pollMs: pollMs ?? source.pollMs ?? null,
        ...(site && sameSettings
          ? {
              siteUrl: site.homepage,
              siteDomain: site.domain,
              siteLanguage: site.language,
              podcastCategories: site.podcastCategories ?? [],
            }
          : {}),
      };
    });
  }

  /**
   * Records a failed fetch: the error is kept, the next fetch waits (exponential back-off from the
   * poll interval, at most a day, or Retry-After), and the third failure in a row makes it `failing`.
   */
  async recordFailure(id: string, error: string, retryAfterMs?: number): Promise<Source> {
    const now = this.now();
    return this.change(id, (source) => {
      const failures = source.consecutiveFailures + 1;
      const backoff = Math.min(source.everyMs * 2 ** Math.min(failures - 1, 10), 86_400_000);
      return {
        ...source,
        state: source.state === 'active' && failures >= FAILING_AFTER ? 'failing' : source.state,
        consecutiveFailures: failures,
        lastError: error,
        lastErrorAt: now.toISOString(),
        lastFetchedAt: now.toISOString(),
        notBefore: new Date(now.getTime() + Math.max(backoff, retryAfterMs ?? 0)).toISOString(),
      };
    });
  }

  /** Deletes the record for good (used after `remove`, when its articles are purged too). */
  async forget(id: string): Promise<void> {
    await this.redis.multi().del(this.key(id)).srem(this.indexKey, id).exec();
  }
}
