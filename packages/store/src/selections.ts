/** Editorial selections: per day, an ordered list of article ids (rank 1 first). */
import type { Redis } from 'ioredis';

export interface Selection {
  date: string;
  ids: string[];
  updatedAt: string;
}

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

  async get(date: string): Promise<Selection | null> {
    const raw = await this.redis.get(this.dayKey(date));
    return raw ? (JSON.parse(raw) as Selection) : null;
  }

  /** The selection of `date`, or else of the latest earlier day that has one. */
  async latestOnOrBefore(date: string): Promise<Selection | null> {
    const [day] = await this.redis.zrevrangebyscore(this.daysKey, dayNumber(date), '-inf', 'LIMIT', 0, 1);
    return day ? this.get(day) : null;
  }

  /** Replaces the day's list (an empty list deletes the selection). */
  async set(date: string, ids: readonly string[]): Promise<Selection | null> {
    const unique = [...new Set(ids)];
    if (!unique.length) {
      await this.redis.multi().del(this.dayKey(date)).zrem(this.daysKey, date).exec();
      return null;
    }
    const selection: Selection = { date, ids: unique, updatedAt: new Date().toISOString() };
    await this.redis
      .multi()
      .set(this.dayKey(date), JSON.stringify(selection))
      .zadd(this.daysKey, dayNumber(date), date)
      .exec();
    return selection;
  }

  /** Appends ids not yet selected, at the end (lowest ranks). */
  async add(date: string, ids: readonly string[]): Promise<Selection | null> {
    const current = (await this.get(date))?.ids ?? [];
    return this.set(date, [...current, ...ids]);
  }

  async remove(date: string, ids: readonly string[]): Promise<Selection | null> {
    const drop = new Set(ids);
    const current = (await this.get(date))?.ids ?? [];
    return this.set(
      date,
      current.filter((id) => !drop.has(id)),
    );
  }

  /** Days that have a selection, newest first. */
  async days(limit = 30): Promise<string[]> {
    return this.redis.zrevrange(this.daysKey, 0, limit - 1);
  }
}
