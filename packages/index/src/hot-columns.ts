/**
 * `HotColumns`: the filter columns of every article, in memory, in feed order.
 *
 * SQLite keeps the articles; a serving process keeps beside it what filters read — type, flags,
 * publishedAt, host, path, topic and company postings — in typed arrays indexed by row id, plus the
 * row ids sorted newest first. A query is then a tight loop over that order (or over the few rows a
 * selective filter names), never a SQL plan that may go wrong, and totals are cheap to count exactly.
 * Every write bumps a sequence number in SQLite, so any process can catch up with what others wrote.
 */
import { ARTICLE_TYPES } from '@tidings/core/article';
import type { CursorPosition } from '@tidings/core/cursor';
import type { FeedFilters } from '@tidings/core/query';
import { pathMatches } from '@tidings/core/source-prefix';

/** One row as read from SQLite (raw mode, in this column order). */
export type HotRow = [
  rid: number,
  id: string,
  published: number,
  type: string,
  paywalled: number,
  registration: number,
  https: number | null,
  iframeable: number | null,
  host: string,
  path: string,
  topics: string,
  companies: string,
];

export const HOT_ROW_COLUMNS =
  'rid, id, published, type, paywalled, registration, https, iframeable, host, path, topics, companies';

const TYPE_CODE = new Map<string, number>(ARTICLE_TYPES.map((t, i) => [t, i]));

const PAYWALLED = 1;
const REGISTRATION = 2;
const HTTPS = 4;
const IFRAMEABLE = 8;

/** A set of row ids for one query: a byte per row id. */
type RowSet = Uint8Array;

interface RowSetInfo {
  rows: RowSet;
  size: number;
  list: number[];
}

export interface CompiledFilters {
  empty: boolean;
  typeMask: number;
  flagMask: number;
  flagValue: number;
  from: number;
  to: number;
  /** Sets a row must be in (`want` 1) or out of (`want` 0), smallest first. */
  sets: { rows: RowSet; want: number; size: number }[];
  /** Rows of the smallest include set, when it is small enough to drive the query. */
  candidates: number[] | null;
  /** The matching candidates in feed order, once computed. */
  hits?: number[];
  excludedHosts: Uint8Array | null;
  /** Host id → path prefixes under which articles of that host are excluded. */
  pathRules: Map<number, string[]> | null;
}

export interface HotTotal {
  total: number;
  totalExact: boolean;
}

export interface HotPage extends HotTotal {
  rids: number[];
  hasMore: boolean;
}

function parseIds(text: string): number[] {
  return text ? text.split(',').map(Number) : [];
}

function grow<T extends Uint8Array | Int32Array | Float64Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2));
  next.set(array);
  return next;
}

export class HotColumns {
  /** Highest write sequence applied. */
  seq = 0;
  private capacity = 0;
  private alive = new Uint8Array(0);
  private published = new Float64Array(0);
  private type = new Uint8Array(0);
  private flags = new Uint8Array(0);
  private hostId = new Int32Array(0);
  private ids: string[] = [];
  private paths: string[] = [];
  private topicsOf: number[][] = [];
  private companiesOf: number[][] = [];
  private readonly topicRows = new Map<number, Set<number>>();
  private readonly companyRows = new Map<number, Set<number>>();
  private readonly hostIds = new Map<string, number>();
  private readonly hostsBySuffix = new Map<string, number[]>();
  /** Row ids, newest first (publishedAt desc, id desc). */
  private order = new Int32Array(0);
  /** Position of each row id in `order`. */
  private position = new Int32Array(0);
  private size = 0;
  /** Work that depends only on the data (row sets, compiled filters, totals), dropped on every change. */
  private readonly memo = new Map<string, unknown>();

  private ensure(rid: number): void {
    if (rid < this.capacity) return;
    const size = Math.max(rid + 1, 1024);
    this.alive = grow(this.alive, size);
    this.published = grow(this.published, size);
    this.type = grow(this.type, size);
    this.flags = grow(this.flags, size);
    this.hostId = grow(this.hostId, size);
    this.position = grow(this.position, size);
    this.capacity = this.alive.length;
  }

  private hostIdOf(host: string): number {
    let id = this.hostIds.get(host);
    if (id === undefined) {
      id = this.hostIds.size;
      this.hostIds.set(host, id);
      const labels = host.split('.');
      for (let i = 0; i < labels.length; i++) {
        const suffix = labels.slice(i).join('.');
        const list = this.hostsBySuffix.get(suffix) ?? [];
        list.push(id);
        this.hostsBySuffix.set(suffix, list);
      }
    }
    return id;
  }

  private link(map: Map<number, Set<number>>, values: number[], rid: number, add: boolean): void {
    for (const value of values) {
      let rows = map.get(value);
      if (add) {
        if (!rows) map.set(value, (rows = new Set()));
        rows.add(rid);
      } else rows?.delete(rid);
    }
  }

  private drop(rid: number): void {
    if (rid >= this.capacity || !this.alive[rid]) return;
    this.alive[rid] = 0;
    this.link(this.topicRows, this.topicsOf[rid] ?? [], rid, false);
    this.link(this.companyRows, this.companiesOf[rid] ?? [], rid, false);
    this.size -= 1;
  }

  private put(row: HotRow): void {
    const [rid, id, published, type, paywalled, registration, https, iframeable, host, path, topics, companies] = row;
    this.ensure(rid);
    this.drop(rid);
    this.alive[rid] = 1;
    this.size += 1;
    this.published[rid] = published;
    this.type[rid] = TYPE_CODE.get(type) ?? 0;
    this.flags[rid] =
      (paywalled ? PAYWALLED : 0) |
      (registration ? REGISTRATION : 0) |
      (https === 1 ? HTTPS : 0) |
      (iframeable === 1 ? IFRAMEABLE : 0);
    this.hostId[rid] = this.hostIdOf(host);
    this.ids[rid] = id;
    this.paths[rid] = path;
    this.topicsOf[rid] = parseIds(topics);
    this.companiesOf[rid] = parseIds(companies);
    this.link(this.topicRows, this.topicsOf[rid], rid, true);
    this.link(this.companyRows, this.companiesOf[rid], rid, true);
  }

  /** Newest first: publishedAt descending, then id descending (plain string order). */
  private before(a: number, b: number): number {
    const d = this.published[b]! - this.published[a]!;
    if (d !== 0) return d;
    const ia = this.ids[a]!;
    const ib = this.ids[b]!;
    return ia < ib ? 1 : ia > ib ? -1 : 0;
  }

  /** Applies removals and new or changed rows, then restores the feed order. */
  apply(removed: number[], rows: Iterable<HotRow>, seq: number): void {
    const changed = new Set<number>();
    for (const rid of removed) {
      this.drop(rid);
      changed.add(rid);
    }
    for (const row of rows) {
      this.put(row);
      changed.add(row[0]);
    }
    this.seq = seq;
    this.memo.clear();
    if (!changed.size) return;
    const fresh = [...changed].filter((rid) => this.alive[rid]).sort((a, b) => this.before(a, b));
    const kept = this.order.filter((rid) => !changed.has(rid));
    const order = new Int32Array(kept.length + fresh.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < kept.length && j < fresh.length) {
      order[k++] = this.before(kept[i]!, fresh[j]!) <= 0 ? kept[i++]! : fresh[j++]!;
    }
    while (i < kept.length) order[k++] = kept[i++]!;
    while (j < fresh.length) order[k++] = fresh[j++]!;
    this.order = order;
    for (let p = 0; p < order.length; p++) this.position[order[p]!] = p;
  }

  /** Computes once per data version (bounded). */
  remember<T>(key: string, compute: () => T): T {
    if (this.memo.has(key)) return this.memo.get(key) as T;
    const value = compute();
    if (this.memo.size >= 512) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }

  private rowSet(map: Map<number, Set<number>>, values: readonly number[]): RowSetInfo {
    const kind = map === this.topicRows ? 'topics' : 'companies';
    return this.remember(`${kind}:${[...values].sort((a, b) => a - b).join(',')}`, () => this.buildRowSet(map, values));
  }

  private buildRowSet(map: Map<number, Set<number>>, values: readonly number[]): RowSetInfo {
    const rows = new Uint8Array(this.capacity);
    const list: number[] = [];
    for (const value of values) {
      for (const rid of map.get(value) ?? []) {
        if (!rows[rid]) {
          rows[rid] = 1;
          list.push(rid);
        }
      }
    }
    return { rows, size: list.length, list };
  }

  /** Row set of the given row ids (e.g. full-text matches). */
  setOf(rids: Iterable<number>): RowSetInfo {
    const rows = new Uint8Array(this.capacity);
    const list: number[] = [];
    for (const rid of rids) {
      if (rid < this.capacity && this.alive[rid] && !rows[rid]) {
        rows[rid] = 1;
        list.push(rid);
      }
    }
    return { rows, size: list.length, list };
  }

  compile(filters: FeedFilters, textMatches: Iterable<number> | null): CompiledFilters {
    let typeMask = 0;
    for (const type of filters.articleTypes) typeMask |= 1 << TYPE_CODE.get(type)!;
    let flagMask = 0;
    let flagValue = 0;
    if (!filters.includePaywalled) flagMask |= PAYWALLED;
    if (!filters.includeRegistration) flagMask |= REGISTRATION;
    if (filters.excludeNonHttpsSources) {
      flagMask |= HTTPS;
      flagValue |= HTTPS;
    }
    if (filters.excludeNonIframeableSources) {
      flagMask |= IFRAMEABLE;
      flagValue |= IFRAMEABLE;
    }

    const includes: RowSetInfo[] = [];
    if (filters.includeTopics.length) includes.push(this.rowSet(this.topicRows, filters.includeTopics));
    if (filters.includeCompanies.length) includes.push(this.rowSet(this.companyRows, filters.includeCompanies));
    if (textMatches) includes.push(this.setOf(textMatches));
    includes.sort((a, b) => a.size - b.size);
    const sets = includes.map((s) => ({ rows: s.rows, want: 1, size: s.size }));
    if (filters.excludeCompanies.length) {
      const excluded = this.rowSet(this.companyRows, filters.excludeCompanies);
      sets.push({ rows: excluded.rows, want: 0, size: excluded.size });
    }
    // A small include set drives the query; otherwise the feed order is walked.
    const smallest = includes[0];
    const candidates = smallest && smallest.size <= Math.max(2_000, this.size / 16) ? smallest.list : null;

    let excludedHosts: Uint8Array | null = null;
    let pathRules: Map<number, string[]> | null = null;
    for (const prefix of filters.additionalSources) {
      for (const hostId of this.hostsBySuffix.get(prefix.host) ?? []) {
        if (!prefix.path) {
          excludedHosts ??= new Uint8Array(this.hostIds.size);
          excludedHosts[hostId] = 1;
        } else {
          pathRules ??= new Map();
          const rules = pathRules.get(hostId) ?? [];
          rules.push(prefix.path);
          pathRules.set(hostId, rules);
        }
      }
    }
    return {
      empty: includes.some((s) => s.size === 0),
      typeMask,
      flagMask,
      flagValue,
      from: filters.from ?? -Infinity,
      to: filters.to ?? Infinity,
      sets,
      candidates,
      excludedHosts,
      pathRules,
    };
  }

  /** Whether one row passes every filter. */
  matches(rid: number, f: CompiledFilters): boolean {
    if (rid >= this.capacity || !this.alive[rid]) return false;
    if (f.typeMask && !(f.typeMask & (1 << this.type[rid]!))) return false;
    if ((this.flags[rid]! & f.flagMask) !== f.flagValue) return false;
    const published = this.published[rid]!;
    if (published < f.from || published > f.to) return false;
    for (const set of f.sets) if (set.rows[rid] !== set.want) return false;
    if (f.excludedHosts && f.excludedHosts[this.hostId[rid]!]) return false;
    if (f.pathRules) {
      const rules = f.pathRules.get(this.hostId[rid]!);
      if (rules) {
        const path = this.paths[rid]!;
        for (const rule of rules) if (pathMatches(path, rule)) return false;
      }
    }
    return true;
  }

  /** First position in the order strictly after a cursor position. */
  private positionAfter(after: CursorPosition): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const rid = this.order[mid]!;
      const p = this.published[rid]!;
      const isAfter = p < after.key || (p === after.key && this.ids[rid]! < after.id);
      if (isAfter) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** First position whose publishedAt is ≤ `ms` (the order is newest first). */
  private positionAtOrBefore(ms: number): number {
    let lo = 0;
    let hi = this.order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.published[this.order[mid]!]! <= ms) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  /** One page of matching row ids, newest first, with the total counted exactly up to `cap`. */
  query(
    f: CompiledFilters,
    limit: number,
    offset: number,
    after: CursorPosition | null,
    cap: number,
    /** The total of these filters, when an earlier query counted it: then only the page is walked. */
    known: HotTotal | null = null,
  ): HotPage {
    if (f.empty) return { rids: [], total: 0, totalExact: true, hasMore: false };
    const start = after ? this.positionAfter(after) : 0;
    const rids: number[] = [];

    if (f.candidates) {
      const hits = (f.hits ??= f.candidates
        .filter((rid) => this.matches(rid, f))
        .sort((a, b) => this.position[a]! - this.position[b]!));
      const first = after ? hits.findIndex((rid) => this.position[rid]! >= start) : offset;
      const from = first === -1 ? hits.length : first;
      const page = hits.slice(from, from + limit + 1);
      return {
        rids: page.slice(0, limit),
        total: Math.min(hits.length, cap),
        totalExact: hits.length <= cap,
        hasMore: page.length > limit,
      };
    }

    const order = this.order;
    const lower = f.to === Infinity ? 0 : this.positionAtOrBefore(f.to);
    const upper = f.from === -Infinity ? order.length : this.positionAtOrBefore(f.from - 1);
    let hasMore = false;
    let done = false; // limit + 1 matches of the page seen
    let seen = 0; // matches so far: the total while ≤ cap, and the ordinal that page mode needs
    // With the total known, a cursor page needs no walk from the top.
    const first = known && after ? Math.max(lower, start) : lower;
    for (let i = first; i < upper; i++) {
      const rid = order[i]!;
      if (!this.matches(rid, f)) continue;
      seen += 1;
      if (!done && (after ? i >= start : seen > offset)) {
        if (rids.length < limit) rids.push(rid);
        else hasMore = done = true;
      }
      if (done && known) break;
      if (seen > cap) {
        if (done) break;
        // Counted enough: a cursor page may lie far ahead, so jump there.
        if (after && i + 1 < start) i = start - 1;
      }
    }
    return known ? { rids, ...known, hasMore } : { rids, total: Math.min(seen, cap), totalExact: seen <= cap, hasMore };
  }
}
