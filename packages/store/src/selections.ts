/**
 * Editorial selections: per day, an ordered list of article ids (rank 1 first), versioned — every
 * publication (the desk's or the CLI's) is a new version with who and when, recorded in the day's
 * history — plus each editor's draft of a day.
 */
import type { Redis } from 'ioredis';

export interface Selection {
  date: string;
  ids: string[];
  updatedAt: string;
  /** 1 for the day's first publication; every publication adds one. */
  version: number;
  /** Who published it: an editor's email, or `cli`. */
  by: string;
}

/** One publication of a day, as its history shows it. */
export interface Publication {
  version: number;
  by: string;
  at: string;
  ids: string[];
}

/** An editor's draft of a day: the ids, and the published version it started from (0: none). */
export interface Draft {
  ids: string[];
  baseVersion: number;
  savedAt: string;
  /** How many times it was saved (drafts saved before revisions: 0). */
  revision: number;
}

/**
 * A draft not saved because the editor's draft of the day was saved meanwhile from somewhere else (another
 * window or tab of the desk), or published and so gone: saving over it would lose that change.
 */
export class DraftChangedError extends Error {
  override name = 'DraftChangedError';
  constructor(readonly current: Draft | null) {
    super('the draft was changed meanwhile in another window');
  }
}

// Compare-and-set of a draft: its revision must still be the expected one ('': any). The draft's JSON
// comes without its revision, which is added here (`{…,"revision":N}`).
const SAVE_DRAFT = `
local current = redis.call('GET', KEYS[1])
local revision = 0
if current then revision = tonumber(string.match(current, '"revision":(%d+)}$')) or 0 end
if ARGV[2] ~= '' and tonumber(ARGV[2]) ~= revision then return {0, current or ''} end
local encoded = string.sub(ARGV[1], 1, -2) .. ',"revision":' .. (revision + 1) .. '}'
redis.call('SET', KEYS[1], encoded, 'EX', ARGV[3])
return {1, encoded}
`;

/** A draft as stored (drafts saved before revisions have none). */
const parseDraft = (raw: string): Draft => ({ revision: 0, ...(JSON.parse(raw) as Omit<Draft, 'revision'>) });

/** A publication refused because someone else published the day after the draft was started. */
export class SelectionConflictError extends Error {
  override name = 'SelectionConflictError';
  constructor(readonly current: Selection) {
    super(`${current.by} published this day meanwhile (version ${current.version}, at ${current.updatedAt})`);
  }
}

// Compare-and-set of a day's selection: the version must still be the expected one (-1: any).
// A withdrawn day (its key deleted) keeps counting from its history's newest version: it started again at 1,
// so its history held two version 1s, and an editor whose draft predated the withdrawal got a 500.
const PUBLISH = `
local current = redis.call('GET', KEYS[1])
local version = 0
if current then
  version = cjson.decode(current).version or 1
else
  local last = redis.call('LINDEX', KEYS[3], 0)
  if last then version = cjson.decode(last).version or 0 end
end
local expected = tonumber(ARGV[1])
if expected >= 0 and version ~= expected then return {0, current or ''} end
local next = version + 1
local selection = cjson.decode(ARGV[2])
selection.version = next
local encoded = cjson.encode(selection)
if #selection.ids == 0 then
  redis.call('DEL', KEYS[1])
  redis.call('ZREM', KEYS[2], ARGV[3])
else
  redis.call('SET', KEYS[1], encoded)
  redis.call('ZADD', KEYS[2], ARGV[4], ARGV[3])
end
redis.call('LPUSH', KEYS[3], cjson.encode({version = next, by = selection.by, at = selection.updatedAt, ids = selection.ids}))
redis.call('LTRIM', KEYS[3], 0, 199)
return {1, encoded}
`;

const dayNumber = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / 86_400_000);

export class SelectionStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  private dayKey(date: string): string {
    return `${this.prefix}selection:${date}`;
  }

  private get daysKey(): string {
    return `${this.prefix}selection-days`;
  }

  private historyKey(date: string): string {
    return `${this.prefix}selection-history:${date}`;
  }

  private draftKey(date: string, editor: string): string {
    return `${this.prefix}draft:${date}:${editor}`;
  }

  async get(date: string): Promise<Selection | null> {
    const raw = await this.redis.get(this.dayKey(date));
    if (!raw) return null;
    const selection = JSON.parse(raw) as Partial<Selection> & { date: string; ids: string[]; updatedAt: string };
    // Selections stored before versions are version 1, published by the CLI.
    return { version: 1, by: 'cli', ...selection };
  }

  /**
   * Publishes a day's list as a new version (an empty list withdraws the selection). With
   * `expectedVersion`, refused (`SelectionConflictError`) when the day's version is another by now.
   */
  async publish(
    date: string,
    ids: readonly string[],
    by: string,
    expectedVersion: number | null = null,
  ): Promise<Selection | null> {
    const unique = [...new Set(ids)];
    const selection = { date, ids: unique, updatedAt: new Date().toISOString(), by };
    const [ok, raw] = (await this.redis.eval(
      PUBLISH,
      3,
      this.dayKey(date),
      this.daysKey,
      this.historyKey(date),
      String(expectedVersion ?? -1),
      JSON.stringify(selection),
      date,
      String(dayNumber(date)),
    )) as [number, string];
    if (!ok) throw new SelectionConflictError(await this.latest(date));
    // cjson encodes an empty list as an object: a withdrawn selection reads as none.
    return unique.length ? { ...(JSON.parse(raw) as Selection), ids: unique } : null;
  }

  /**
   * The day's version now: its selection's, or for a withdrawn one its history's newest (0: never
   * published). A draft or a change of the day starts from it.
   */
  async version(date: string): Promise<number> {
    return (await this.latest(date)).version;
  }

  /** The day's selection, or for a withdrawn day its withdrawal (no ids), or version 0 when never published. */
  private async latest(date: string): Promise<Selection> {
    const current = await this.get(date);
    if (current) return current;
    // The newest publication only (the history keeps up to 200).
    const raw = await this.redis.lindex(this.historyKey(date), 0);
    if (!raw) return { date, ids: [], updatedAt: '', version: 0, by: '' };
    const newest = JSON.parse(raw) as Publication;
    return { date, ids: [], updatedAt: newest.at, version: newest.version, by: newest.by };
  }

  /** Every publication of a day, newest first. */
  async history(date: string): Promise<Publication[]> {
    const raws = await this.redis.lrange(this.historyKey(date), 0, -1);
    return raws.map((raw) => {
      const p = JSON.parse(raw) as Publication & { ids: string[] | Record<string, never> };
      return { ...p, ids: Array.isArray(p.ids) ? p.ids : [] };
    });
  }

  async draft(date: string, editor: string): Promise<Draft | null> {
    const raw = await this.redis.get(this.draftKey(date, editor));
    return raw ? parseDraft(raw) : null;
  }

  /**
   * Saves an editor's draft of a day. With `expectedRevision` (that of the draft the change was made on;
   * 0: none), refused (`DraftChangedError`) when the draft was saved or dropped since.
   */
  async saveDraft(
    date: string,
    editor: string,
    ids: readonly string[],
    baseVersion: number,
    expectedRevision: number | null = null,
  ): Promise<Draft> {
    const draft = { ids: [...new Set(ids)], baseVersion, savedAt: new Date().toISOString() };
    const [ok, raw] = (await this.redis.eval(
      SAVE_DRAFT,
      1,
      this.draftKey(date, editor),
      JSON.stringify(draft),
      expectedRevision === null ? '' : String(expectedRevision),
      // Drafts of past days are of no use after a month.
      String(31 * 86_400),
    )) as [number, string];
    if (!ok) throw new DraftChangedError(raw ? parseDraft(raw) : null);
    return parseDraft(raw);
  }

  async dropDraft(date: string, editor: string): Promise<void> {
    await this.redis.del(this.draftKey(date, editor));
  }

  /** The selection of `date`, or else of the latest earlier day that has one. */
  async latestOnOrBefore(date: string): Promise<Selection | null> {
    const [day] = await this.redis.zrevrangebyscore(this.daysKey, dayNumber(date), '-inf', 'LIMIT', 0, 1);
    return day ? this.get(day) : null;
  }

  /** Replaces the day's list (an empty list deletes the selection): a publication by `by` (the CLI). */
  async set(date: string, ids: readonly string[], by = 'cli'): Promise<Selection | null> {
    return this.publish(date, ids, by);
  }

  /** Appends ids not yet selected, at the end (lowest ranks). */
  async add(date: string, ids: readonly string[], by = 'cli'): Promise<Selection | null> {
    const current = await this.latest(date);
    return this.publish(date, [...current.ids, ...ids], by, current.version);
  }

  async remove(date: string, ids: readonly string[], by = 'cli'): Promise<Selection | null> {
    const drop = new Set(ids);
    const current = await this.latest(date);
    return this.publish(
      date,
      current.ids.filter((id) => !drop.has(id)),
      by,
      current.version,
    );
  }

  /** Days that have a selection, newest first. */
  async days(limit = 30): Promise<string[]> {
    return this.redis.zrevrange(this.daysKey, 0, limit - 1);
  }
}
