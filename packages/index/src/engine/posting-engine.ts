/**
 * `PostingEngine`: the embedded index's query engine, in memory beside SQLite.
 *
 * Every filterable value — a type, a flag, a language, a source, a host, a host's first path segment,
 * a topic, a company, a day, a word — has a posting set of the row ids that carry it (`Posting`). A
 * query is a few set operations (OR inside a list, AND across filters, AND-NOT for exclusions), its
 * exact total is the result's cardinality, and a page is read newest-first from the day buckets
 * intersected with the result: no query walks every row. Writes change the postings in place as the
 * process catches up with SQLite (by write sequence), so nothing is rebuilt when articles arrive.
 */
import { ARTICLE_TYPES } from '@tidings/core/article';
import type { CursorPosition } from '@tidings/core/cursor';
import type { FeedFilters } from '@tidings/core/query';
import { cutFacets, largest, TopCounts, topicsWithAncestors } from '../facet-count.js';
import type { FacetCounts } from '../port.js';
import {
  and,
  andNot,
  bothCounter,
  compactSet,
  countIn,
  EMPTY_SET,
  hasRow,
  loadingPostings,
  or,
  Posting,
  type RowSet,
  retireSet,
  scratchWords,
  setBytes,
  sizeOf,
  toList,
} from './row-set.js';

/** One row as read from SQLite (raw mode, in this column order). */
export type EngineRow = [
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
  language: string | null,
  sourceId: string,
  headlineWords: string | null,
  introductionWords: string | null,
  storyId: string,
  /** 1 when the story has (or had, when the row was read) other articles. */
  grouped: number,
];

export const ENGINE_ROW_SELECT = `SELECT a.rid, a.id, a.published, a.type, a.paywalled, a.registration, a.https,
  a.iframeable, a.host, a.path, a.topics, a.companies, a.language, a.source_id, w.headline, w.introduction,
  a.story_id, a.story_id != a.id OR EXISTS (SELECT 1 FROM articles s WHERE s.story_id = a.id AND s.rid != a.rid)
  FROM articles a LEFT JOIN article_words w ON w.rid = a.rid`;

const DAY_MS = 86_400_000;
/**
 * Facets count a result row by row while it holds fewer than one row in this many (beyond, each
 * value's posting probed against the result is cheaper; measured at 1 000 000 rows, bench/RESULTS.md).
 */
const ROW_BY_ROW = 16;
/**
 * What the memo keeps at most: entries, and bytes of row sets (a dense plan's set is 125 KB at a
 * million rows; 512 of them kept 64 MB per query thread). 16 MB made the facets benchmark (500 filter
 * sets cycled) twice as fast but put the API past 1.5 GB at a million articles (bench/RESULTS.md).
 */
const MEMO_ENTRIES = 512;
const MEMO_BYTES = 8 * 2 ** 20;
const TYPE_CODE = new Map<string, number>(ARTICLE_TYPES.map((t, i) => [t, i]));
const FLAG_PAYWALLED = 1;
const FLAG_REGISTRATION = 2;
const FLAG_HTTPS = 4;
const FLAG_IFRAMEABLE = 8;
/** The probe answered (https or iframeable may be unknown: null). */
const FLAG_HTTPS_KNOWN = 16;
const FLAG_IFRAMEABLE_KNOWN = 32;

/** A UTC day number as its ISO date. */
function isoDay(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The four 32-bit words of a 32-hex-digit id (their order is the id's string order). */
function idWords(id: string, out: Uint32Array, at: number): void {
  for (let i = 0; i < 4; i++) {
    const word = Number.parseInt(id.slice(i * 8, i * 8 + 8), 16);
    out[at + i] = Number.isFinite(word) ? word : 0;
  }
}

/** A 53-bit hash of headline and introduction words (two FNV-1a variants): a changed text changes it. */
function textHashOf(headline: string | null, introduction: string | null): number {
  let a = 0x811c9dc5;
  let b = 0x9747b28c;
  for (const text of [headline ?? '', '\n', introduction ?? '']) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
  }
  return (a >>> 0) * 2 ** 21 + ((b >>> 0) & 0x1fffff);
}

/** First path segment of a lower-case URL path ("/sport/x" → "sport"). */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return end === -1 ? path.slice(1) : path.slice(1, end);
}

function parseIds(text: string): number[] {
  return text ? text.split(',').map(Number) : [];
}

function grow<T extends Uint8Array | Uint16Array | Uint32Array | Int32Array | Float64Array>(array: T, size: number): T {
  if (array.length >= size) return array;
  const next = new (array.constructor as new (n: number) => T)(Math.max(size, array.length * 2, 1024));
  next.set(array);
  return next;
}

/** A value interned to a small integer (hosts, sources, languages). */
class Interner {
  readonly codes = new Map<string, number>();
  readonly values: string[] = [];
  code(value: string): number {
    let code = this.codes.get(value);
    if (code === undefined) {
      code = this.values.length;
      this.codes.set(value, code);
      this.values.push(value);
    }
    return code;
  }
}

/** See `PostingEngine.rowFacts`. */
export interface RowFacts {
  https: boolean | null;
  iframeable: boolean | null;
  /** The row's story, or null for a story of its own id. */
  story: string | null;
  storySize: number;
}

/** What a query's filters select, before time range and paging. */
export interface EnginePlan {
  /** Matching rows (time range not applied). */
  rows: RowSet;
  from: number;
  to: number;
  /** The total, once counted (`totalCap`: counting stopped past this cap). */
  total?: number;
  totalCap?: number | undefined;
}

export interface EnginePage {
  rids: number[];
  /** Exact total of the query. */
  total: number;
  hasMore: boolean;
}

/** Full-text matches of one multi-word phrase (from SQLite's FTS5), ascending row ids. */
export type PhraseLookup = (words: readonly string[]) => Uint32Array;
/** Lower-case paths of rows, for `additionalSources` entries with more than one path segment. */
export type PathLookup = (rids: Uint32Array) => Map<number, string>;

export class PostingEngine {
  /** Highest write sequence applied. */
  seq = 0;
  /** One more than the highest row id seen. */
  private universe = 0;
  private capacity = 0;
  private published = new Float64Array(0);
  /** UTC day number of each row's publishedAt (pages group sparse results by day). */
  private day = new Int32Array(0);
  /** Hash of each row's words: a row read again with the same text leaves the word postings alone. */
  private textHash = new Float64Array(0);
  private ids = new Uint32Array(0);
  private type = new Uint8Array(0);
  private flags = new Uint8Array(0);
  private language = new Uint16Array(0);
  private host = new Int32Array(0);
  private source = new Int32Array(0);
  private section = new Int32Array(0);
  /** Topic and company ids of each row, in one pool (offset, count per row; a changed row appends). */
  private multiAt = new Int32Array(0);
  private topicCount = new Uint8Array(0);
  private companyCount = new Uint8Array(0);
  private pool = new Int32Array(1024);
  private poolUsed = 0;
  /**
   * Each row's facet record, in one pool of 16-bit codes (offset per row in `facetAt`): what facets
   * count row by row, in one place, so that counting a row reads one or two cache lines, not eight.
   * Layout: type | tree size << 4 | company count << 10; language; source (low, high); UTC day (low,
   * high); the codes of its topics and all their ancestors (`topicByCode`); its companies' codes
   * (`companyByCode`). (Interning whole trees instead was slower: 434 666 distinct trees in 1 000 000
   * synthetic rows.)
   */
  private facetAt = new Int32Array(0);
  private facetPool = new Uint16Array(4096);
  private facetUsed = 0;
  /** Set once a code no longer fits 16 bits (over 65 535 languages, topics or companies): rows counted from the columns. */
  private facetOverflow = false;
  private readonly topicCodes = new Map<number, number>();
  private readonly topicByCode: number[] = [];
  private readonly companyCodes = new Map<number, number>();
  private readonly companyByCode: number[] = [];

  private readonly alive = new Posting();
  private readonly types = ARTICLE_TYPES.map(() => new Posting());
  private readonly flagSets = new Map<number, Posting>([
    [FLAG_PAYWALLED, new Posting()],
    [FLAG_REGISTRATION, new Posting()],
    [FLAG_HTTPS, new Posting()],
    [FLAG_IFRAMEABLE, new Posting()],
  ]);
  private readonly languages = new Interner();
  private readonly languageSets = new Map<number, Posting>();
  private readonly sources = new Interner();
  private readonly sourceSets = new Map<number, Posting>();
  private readonly hosts = new Interner();
  private readonly hostSets = new Map<number, Posting>();
  private readonly hostsBySuffix = new Map<string, number[]>();
  private readonly sections = new Interner();
  private readonly sectionSets = new Map<number, Posting>();
  private readonly topicSets = new Map<number, Posting>();
  /** Rows under each topic or any of its descendants (by `parents`): what facets count. */
  private readonly topicTreeSets = new Map<number, Posting>();

  constructor(
    /** Parent of each topic id, for facets (an engine without it counts topics as they are). */
    private readonly parents: ReadonlyMap<number, number> = new Map(),
  ) {}

  /** A row's topics with all their ancestors, once each. */
  private topicTreeOf(rid: number): Set<number> {
    return topicsWithAncestors(this.topicsOf(rid), this.parents);
  }
  private readonly companySets = new Map<number, Posting>();
  private readonly daySets = new Map<number, Posting>();
  /** Each day's live rows, newest first, for the days a dense page has read (see `dayOrder`). */
  private readonly dayOrders = new Map<number, Uint32Array>();
  /**
   * Rows put on a day since its order was sorted (a day that only lost rows has an empty list), merged
   * into the order when it is next read: as articles arrive, the newest day is not sorted again.
   */
  private readonly dayArrivals = new Map<number, number[]>();
  /**
   * Rows of stories with more than one article, and their story (by code); a row alone in its story
   * needs neither. A story that shrank back to one article may stay listed: `collapse` is exact for it.
   */
  private readonly grouped = new Posting();
  private readonly stories = new Interner();
  private storyCode = new Int32Array(0);
  /** Rows of each story (by code) in `grouped`: a story's size, exact, without asking SQLite. */
  private storyMembers = new Int32Array(0);
  private daysDesc: number[] = [];
  private readonly wordSets = new Map<string, Posting>();
  /**
   * Word postings only ever gain row ids: a row whose text changed keeps its old words' entries, and its
   * current words are listed here so that those entries are ignored. Removed rows drop out through
   * `alive`; `compact()` clears both once they add up.
   */
  private readonly textOverlay = new Map<number, Set<string>>();
  private deadWordRows = 0;
  /**
   * Work that depends only on the data (plans, phrase matches, facets), dropped on every change; least
   * recently used first when it holds more than `MEMO_ENTRIES` entries or `MEMO_BYTES` of row sets.
   */
  private readonly memo = new Map<string, { value: unknown; bytes: number }>();
  private memoBytes = 0;
  /** Orderings and trees of the postings that facets walk: few, small, kept until the data changes. */
  private readonly shapes = new Map<string, unknown>();

  /**
   * What a row says beside its stored document (the probe flags and its story), or null for a row the
   * engine does not hold. A row outside `grouped` is alone in a story of its own id: an article joining
   * its story re-reads it (the writer touches the story's first article), and the story's other
   * articles are grouped when written.
   */
  rowFacts(rid: number): RowFacts | null {
    if (rid >= this.capacity || !this.alive.has(rid)) return null;
    const flags = this.flags[rid]!;
    const grouped = this.grouped.has(rid);
    return {
      https: flags & FLAG_HTTPS_KNOWN ? (flags & FLAG_HTTPS) !== 0 : null,
      iframeable: flags & FLAG_IFRAMEABLE_KNOWN ? (flags & FLAG_IFRAMEABLE) !== 0 : null,
      story: grouped ? this.stories.values[this.storyCode[rid]!]! : null,
      storySize: grouped ? this.storyMembers[this.storyCode[rid]!]! : 1,
    };
  }

  get size(): number {
    return this.alive.size;
  }

  private ensure(rid: number): void {
    if (rid < this.capacity) return;
    const size = Math.max(rid + 1, 1024);
    this.published = grow(this.published, size);
    this.day = grow(this.day, size);
    this.textHash = grow(this.textHash, size);
    this.ids = grow(this.ids, size * 4);
    this.type = grow(this.type, size);
    this.flags = grow(this.flags, size);
    this.language = grow(this.language, size);
    this.host = grow(this.host, size);
    this.source = grow(this.source, size);
    this.section = grow(this.section, size);
    this.storyCode = grow(this.storyCode, size);
    this.multiAt = grow(this.multiAt, size);
    this.topicCount = grow(this.topicCount, size);
    this.companyCount = grow(this.companyCount, size);
    this.facetAt = grow(this.facetAt, size);
    this.capacity = this.published.length;
  }

  private postingOf<K>(map: Map<K, Posting>, key: K): Posting {
    let posting = map.get(key);
    if (!posting) map.set(key, (posting = new Posting()));
    return posting;
  }

  private hostCode(host: string): number {
    const known = this.hosts.codes.get(host);
    if (known !== undefined) return known;
    const code = this.hosts.code(host);
    const labels = host.split('.');
    for (let i = 0; i < labels.length; i++) {
      const suffix = labels.slice(i).join('.');
      const list = this.hostsBySuffix.get(suffix) ?? [];
      list.push(code);
      this.hostsBySuffix.set(suffix, list);
    }
    return code;
  }

  private topicsOf(rid: number): Int32Array {
    const at = this.multiAt[rid]!;
    return this.pool.subarray(at, at + this.topicCount[rid]!);
  }

  private companiesOf(rid: number): Int32Array {
    const at = this.multiAt[rid]! + this.topicCount[rid]!;
    return this.pool.subarray(at, at + this.companyCount[rid]!);
  }

  /** Takes a row out of every posting it is in (but the words: see `textOverlay`). */
  private unlink(rid: number): void {
    this.alive.remove(rid);
    this.types[this.type[rid]!]!.remove(rid);
    for (const [flag, posting] of this.flagSets) if (this.flags[rid]! & flag) posting.remove(rid);
    this.languageSets.get(this.language[rid]!)?.remove(rid);
    this.sourceSets.get(this.source[rid]!)?.remove(rid);
    this.hostSets.get(this.host[rid]!)?.remove(rid);
    this.sectionSets.get(this.section[rid]!)?.remove(rid);
    if (this.grouped.has(rid)) {
      this.storyMembers[this.storyCode[rid]!]! -= 1;
      this.grouped.remove(rid);
    }
    for (const topic of this.topicTreeOf(rid)) this.topicTreeSets.get(topic)?.remove(rid);
    for (const topic of this.topicsOf(rid)) this.topicSets.get(topic)?.remove(rid);
    for (const company of this.companiesOf(rid)) this.companySets.get(company)?.remove(rid);
    const day = dayOf(this.published[rid]!);
    const daySet = this.daySets.get(day);
    daySet?.remove(rid);
    // The day's order is filtered when next read (a removed row, or one moved to another day).
    if (this.dayOrders.has(day) && !this.dayArrivals.has(day)) this.dayArrivals.set(day, []);
    if (daySet && daySet.size === 0) {
      this.dayOrders.delete(day);
      this.dayArrivals.delete(day);
      this.daySets.delete(day);
      this.daysDesc = this.daysDesc.filter((d) => d !== day);
    }
  }

  private remove(rid: number): void {
    if (rid >= this.capacity || !this.alive.has(rid)) return;
    this.unlink(rid);
    this.textOverlay.delete(rid);
    this.deadWordRows++;
  }

  private put(row: EngineRow): void {
    const [rid, id, published, type, paywalled, registration, https, iframeable, host, path] = row;
    const [, , , , , , , , , , topics, companies, language, sourceId, headline, introduction, storyId, grouped] = row;
    this.ensure(rid);
    const existed = this.alive.has(rid);
    if (existed) this.unlink(rid);
    if (rid >= this.universe) this.universe = rid + 1;
    const universe = this.universe;
    this.alive.add(rid, universe);

    this.published[rid] = published;
    this.day[rid] = dayOf(published);
    idWords(id, this.ids, rid * 4);
    const typeCode = TYPE_CODE.get(type) ?? 0;
    this.type[rid] = typeCode;
    this.types[typeCode]!.add(rid, universe);
    const flags =
      (paywalled ? FLAG_PAYWALLED : 0) |
      (registration ? FLAG_REGISTRATION : 0) |
      (https === 1 ? FLAG_HTTPS : 0) |
      (iframeable === 1 ? FLAG_IFRAMEABLE : 0) |
      (https !== null ? FLAG_HTTPS_KNOWN : 0) |
      (iframeable !== null ? FLAG_IFRAMEABLE_KNOWN : 0);
    this.flags[rid] = flags;
    for (const [flag, posting] of this.flagSets) if (flags & flag) posting.add(rid, universe);

    const languageCode = this.languages.code(language ?? '');
    this.language[rid] = languageCode;
    if (language) this.postingOf(this.languageSets, languageCode).add(rid, universe);
    const sourceCode = this.sources.code(sourceId);
    this.source[rid] = sourceCode;
    this.postingOf(this.sourceSets, sourceCode).add(rid, universe);
    const hostCode = this.hostCode(host);
    this.host[rid] = hostCode;
    this.postingOf(this.hostSets, hostCode).add(rid, universe);
    const sectionCode = this.sections.code(`${hostCode}/${firstSegment(path)}`);
    this.section[rid] = sectionCode;
    this.postingOf(this.sectionSets, sectionCode).add(rid, universe);

    const topicIds = parseIds(topics);
    const companyIds = parseIds(companies);
    const need = topicIds.length + companyIds.length;
    if (this.poolUsed + need > this.pool.length) {
      const grown = new Int32Array(Math.max(this.pool.length * 2, this.poolUsed + need));
      grown.set(this.pool);
      this.pool = grown;
    }
    this.multiAt[rid] = this.poolUsed;
    this.topicCount[rid] = Math.min(topicIds.length, 255);
    this.companyCount[rid] = Math.min(companyIds.length, 255);
    for (const topic of topicIds.slice(0, 255)) {
      this.pool[this.poolUsed++] = topic;
      this.postingOf(this.topicSets, topic).add(rid, universe);
    }
    for (const company of companyIds.slice(0, 255)) {
      this.pool[this.poolUsed++] = company;
      this.postingOf(this.companySets, company).add(rid, universe);
    }
    const tree = this.topicTreeOf(rid);
    for (const topic of tree) this.postingOf(this.topicTreeSets, topic).add(rid, universe);
    this.putFacetRecord(rid, typeCode, languageCode, sourceCode, dayOf(published), tree, companyIds);

    if (grouped) {
      const code = this.stories.code(storyId);
      this.storyCode[rid] = code;
      this.grouped.add(rid, universe);
      this.storyMembers = grow(this.storyMembers, code + 1);
      this.storyMembers[code]! += 1;
    }

    const day = dayOf(published);
    if (!this.daySets.has(day)) {
      this.daySets.set(day, new Posting());
      this.daysDesc.push(day);
      this.daysDesc.sort((a, b) => b - a);
    }
    this.daySets.get(day)!.add(rid, universe);
    if (this.dayOrders.has(day)) {
      const arrivals = this.dayArrivals.get(day);
      if (arrivals) arrivals.push(rid);
      else this.dayArrivals.set(day, [rid]);
    }

    const hash = textHashOf(headline, introduction);
    if (existed && hash === this.textHash[rid]) return; // same words: their postings hold the row already
    this.textHash[rid] = hash;
    const words = new Set<string>();
    for (const text of [headline, introduction]) {
      if (!text) continue;
      for (const word of text.split(' ')) if (word) words.add(word);
    }
    for (const word of words) this.postingOf(this.wordSets, word).add(rid, universe);
    if (existed || this.textOverlay.has(rid)) this.textOverlay.set(rid, words);
  }

  private static codeOf(codes: Map<number, number>, byCode: number[], id: number): number {
    let code = codes.get(id);
    if (code === undefined) {
      code = byCode.length;
      codes.set(id, code);
      byCode.push(id);
    }
    return code;
  }

  /** Appends a row's facet record (see `facetPool`); a changed row's old record stays until re-packed. */
  private putFacetRecord(
    rid: number,
    type: number,
    language: number,
    source: number,
    day: number,
    tree: ReadonlySet<number>,
    companies: readonly number[],
  ): void {
    const topics = [...tree].slice(0, 63).map((t) => PostingEngine.codeOf(this.topicCodes, this.topicByCode, t));
    const firms = [...new Set(companies)]
      .slice(0, 63)
      .map((c) => PostingEngine.codeOf(this.companyCodes, this.companyByCode, c));
    if (language > 0xffff || this.topicByCode.length > 0xffff || this.companyByCode.length > 0xffff) {
      this.facetOverflow = true;
    }
    const need = 6 + topics.length + firms.length;
    if (this.facetUsed + need > this.facetPool.length) {
      const grown = new Uint16Array(Math.max(this.facetPool.length * 2, this.facetUsed + need));
      grown.set(this.facetPool.subarray(0, this.facetUsed));
      this.facetPool = grown;
    }
    const f = this.facetPool;
    let at = this.facetUsed;
    this.facetAt[rid] = at;
    f[at++] = type | (topics.length << 4) | (firms.length << 10);
    f[at++] = language;
    f[at++] = source & 0xffff;
    f[at++] = source >>> 16;
    f[at++] = day & 0xffff;
    f[at++] = (day >>> 16) & 0xffff;
    for (const code of topics) f[at++] = code;
    for (const code of firms) f[at++] = code;
    this.facetUsed = at;
  }

  private packFacets(): void {
    const pool = new Uint16Array(Math.max(4096, this.facetUsed));
    let used = 0;
    for (const rid of toList(this.alive.view())) {
      const at = this.facetAt[rid]!;
      const h = this.facetPool[at]!;
      const n = 6 + ((h >>> 4) & 63) + (h >>> 10);
      pool.set(this.facetPool.subarray(at, at + n), used);
      this.facetAt[rid] = used;
      used += n;
    }
    this.facetPool = pool;
    this.facetUsed = used;
  }

  /** Applies removals and new or changed rows (postings change in place; cached plans are dropped). */
  apply(removed: Iterable<number>, rows: Iterable<EngineRow>, seq: number): void {
    const initial = this.size === 0;
    for (const rid of removed) this.remove(rid);
    const putAll = () => {
      let added = 0;
      for (const row of rows) {
        this.put(row);
        added++;
      }
      return added;
    };
    if (!initial) putAll();
    else {
      // A bulk load grows the postings in room of its own; a large one then gives back what they kept
      // for growth (a small one leaves its lists in that room, a chunk or two).
      loadingPostings(() => {
        if (putAll() > 10_000) this.trim();
      });
    }
    this.seq = seq;
    this.forget(() => true);
    this.shapes.clear();
    // The pool only grows as rows change; re-pack it when most of it is stale.
    if (this.poolUsed > 1_000_000 && this.poolUsed > 4 * (this.size * 3 + 1024)) this.packPool();
    if (this.facetUsed > 2_000_000 && this.facetUsed > 2 * (this.size * 12 + 1024)) this.packFacets();
    if (this.deadWordRows + this.textOverlay.size > Math.max(50_000, this.size / 5)) this.compactWords();
  }

  /** Every map of value → posting. */
  private valueMaps(): Map<unknown, Posting>[] {
    return [
      this.languageSets,
      this.sourceSets,
      this.hostSets,
      this.sectionSets,
      this.topicSets,
      this.topicTreeSets,
      this.companySets,
      this.daySets,
      this.wordSets,
    ] as Map<unknown, Posting>[];
  }

  private trim(): void {
    for (const map of this.valueMaps()) for (const posting of map.values()) posting.trim(this.universe);
    for (const posting of [this.alive, this.grouped, ...this.types, ...this.flagSets.values()])
      posting.trim(this.universe);
    // The pools keep an eighth for the rows that arrive next: growing one copies all of it (tens of MB at
    // a million rows), a pause that every read waiting on this thread would feel.
    const poolRoom = this.poolUsed + Math.max(1024, this.poolUsed >>> 3);
    if (this.pool.length > poolRoom) this.pool = this.pool.slice(0, poolRoom);
    const facetRoom = this.facetUsed + Math.max(4096, this.facetUsed >>> 3);
    if (this.facetPool.length > facetRoom) this.facetPool = this.facetPool.slice(0, facetRoom);
  }

  private packPool(): void {
    const pool = new Int32Array(Math.max(1024, this.poolUsed));
    let used = 0;
    for (const rid of toList(this.alive.view())) {
      const n = this.topicCount[rid]! + this.companyCount[rid]!;
      pool.set(this.pool.subarray(this.multiAt[rid], this.multiAt[rid]! + n), used);
      this.multiAt[rid] = used;
      used += n;
    }
    this.pool = pool;
    this.poolUsed = used;
  }

  /** Drops removed rows and stale words from the word postings (a pass over them, rarely). */
  private compactWords(): void {
    const alive = this.alive.view();
    for (const [word, posting] of this.wordSets) {
      const view = posting.view();
      const stale = andNot(view, alive);
      const staleRids = Array.from(toList(stale));
      for (const [rid, words] of this.textOverlay) if (!words.has(word) && posting.has(rid)) staleRids.push(rid);
      for (const rid of staleRids) posting.remove(rid);
      if (posting.size === 0) this.wordSets.delete(word);
    }
    this.textOverlay.clear();
    this.deadWordRows = 0;
  }

  /**
   * Computes once per data version (bounded: see `memo`); `bytes` tells how much memory outside the
   * heap the value holds (its row sets).
   */
  remember<T>(key: string, compute: () => T, bytes: (value: T) => number = () => 0): T {
    const hit = this.memo.get(key);
    if (hit) {
      // Most recently used last.
      this.memo.delete(key);
      this.memo.set(key, hit);
      return hit.value as T;
    }
    const value = compute();
    const entry = { value, bytes: bytes(value) };
    this.memo.set(key, entry);
    this.memoBytes += entry.bytes;
    for (const [oldest, dropped] of this.memo) {
      if (this.memo.size <= MEMO_ENTRIES && this.memoBytes <= MEMO_BYTES) break;
      this.drop(oldest, dropped);
    }
    return value;
  }

  /** Drops the memo's entries whose key passes `test` (benchmarks use it to count queries afresh). */
  forget(test: (key: string) => boolean): void {
    for (const [key, entry] of this.memo) if (test(key)) this.drop(key, entry);
  }

  private drop(key: string, entry: { value: unknown; bytes: number }): void {
    this.memo.delete(key);
    this.memoBytes -= entry.bytes;
    // A plan's rows (copied out of a read's room by `ownSet`) go back to be copied into again.
    const value = entry.value as { rows?: RowSet } | null;
    if (value && typeof value === 'object' && value.rows) retireSet(value.rows);
  }

  private union<K>(map: Map<K, Posting>, keys: Iterable<K>): RowSet {
    const sets: RowSet[] = [];
    for (const key of keys) {
      const posting = map.get(key);
      if (posting) sets.push(posting.view());
    }
    return or(sets, this.universe);
  }

  /**
   * The rows carrying any of `topics`. A topic arrives with all its descendants (the API expands
   * them): rather than uniting hundreds of postings, a topic whose every descendant is listed counts
   * as its subtree's posting (the rows of it or of any topic under it); a list that is not closed
   * under descent is read topic by topic where it is not.
   */
  private topicUnion(topics: readonly number[]): RowSet {
    const wanted = new Set(topics);
    const { index, ids, children } = this.topicTree();
    const within = (t: number): boolean => children[t]!.every((c) => wanted.has(ids[c]!) && within(c));
    const sets: RowSet[] = [];
    const add = (posting: Posting | undefined) => {
      if (posting?.size) sets.push(posting.view());
    };
    const visit = (t: number) => {
      if (within(t)) return add(this.topicTreeSets.get(ids[t]!));
      add(this.topicSets.get(ids[t]!));
      for (const c of children[t]!) if (wanted.has(ids[c]!)) visit(c);
    };
    for (const id of wanted) {
      const t = index.get(id);
      if (t === undefined) continue; // no row has ever carried it
      const up = this.parents.get(id);
      if (up === undefined || !wanted.has(up)) visit(t);
    }
    return or(sets, this.universe);
  }

  private wordSet(word: string): RowSet {
    const posting = this.wordSets.get(word);
    if (!posting) return EMPTY_SET;
    if (!this.textOverlay.size) return posting.view();
    const stale: number[] = [];
    for (const [rid, words] of this.textOverlay) if (!words.has(word) && posting.has(rid)) stale.push(rid);
    return stale.length
      ? andNot(posting.view(), { kind: 'list', rids: Uint32Array.from(stale).sort() })
      : posting.view();
  }

  /** The rows a set of filters selects (time range aside). */
  plan(filters: FeedFilters, phrases: PhraseLookup, paths: PathLookup, only: Uint32Array | null = null): EnginePlan {
    const includes: RowSet[] = [];
    if (only) includes.push({ kind: 'list', rids: only });
    const excludes: RowSet[] = [];
    if (filters.articleTypes.length) {
      includes.push(
        or(
          filters.articleTypes.map((t) => this.types[TYPE_CODE.get(t)!]!.view()),
          this.universe,
        ),
      );
    }
    if (filters.includeTopics.length) includes.push(this.topicUnion(filters.includeTopics));
    if (filters.includeCompanies.length) includes.push(this.union(this.companySets, filters.includeCompanies));
    const languages = filters.languages;
    if (languages.length) {
      includes.push(
        this.union(
          this.languageSets,
          languages.flatMap((l) => this.languages.codes.get(l) ?? []),
        ),
      );
    }
    const sources = filters.includeSources;
    if (sources.length) {
      includes.push(
        this.union(
          this.sourceSets,
          sources.flatMap((s) => this.sources.codes.get(s) ?? []),
        ),
      );
    }
    if (filters.searchTerms.length) {
      const terms = filters.searchTerms.map((term) =>
        term.words.length === 1
          ? this.wordSet(term.words[0]!)
          : this.remember<RowSet>(
              `phrase:${term.words.join(' ')}`,
              () => ({ kind: 'list', rids: phrases(term.words) }),
              setBytes,
            ),
      );
      includes.push(or(terms, this.universe));
    }
    if (filters.excludeNonHttpsSources) includes.push(this.flagSets.get(FLAG_HTTPS)!.view());
    if (filters.excludeNonIframeableSources) includes.push(this.flagSets.get(FLAG_IFRAMEABLE)!.view());
    if (!filters.includePaywalled) excludes.push(this.flagSets.get(FLAG_PAYWALLED)!.view());
    if (!filters.includeRegistration) excludes.push(this.flagSets.get(FLAG_REGISTRATION)!.view());
    if (filters.excludeCompanies.length) excludes.push(this.union(this.companySets, filters.excludeCompanies));

    let rows: RowSet = this.alive.view();
    includes.sort((a, b) => sizeOf(a) - sizeOf(b));
    for (const set of includes) {
      if (rows.kind === 'list' && rows.rids.length === 0) break;
      rows = and(set, rows);
    }
    // Word postings may hold removed rows; every other posting holds live rows only.
    if (filters.searchTerms.length && includes.length) rows = and(rows, this.alive.view());
    if (filters.additionalSources.length) excludes.push(this.sourceExclusions(filters, rows, paths));
    for (const set of excludes) rows = andNot(rows, set);
    const from = filters.from ?? -Infinity;
    const to = filters.to ?? Infinity;
    if (filters.collapseStories) rows = this.collapse(rows, from, to);
    return { rows: compactSet(rows, this.universe), from, to };
  }

  /**
   * One row per story: among the rows (within [from, to]) of each story with more than one article,
   * the earliest published (ties: the smallest id); rows alone in their story stay as they are.
   */
  private collapse(rows: RowSet, from: number, to: number): RowSet {
    const members = toList(and(rows, this.grouped.view()));
    if (!members.length) return rows;
    const earliest = new Map<number, number>();
    for (const rid of members) {
      const p = this.published[rid]!;
      if (p < from || p > to) continue;
      const story = this.storyCode[rid]!;
      const best = earliest.get(story);
      if (best === undefined || this.compare(rid, best) > 0) earliest.set(story, rid);
    }
    const kept = Uint32Array.from(earliest.values()).sort();
    return or([andNot(rows, { kind: 'list', rids: members }), { kind: 'list', rids: kept }], this.universe);
  }

  /** Rows under the `additionalSources` entries (among `rows`). */
  private sourceExclusions(filters: FeedFilters, rows: RowSet, paths: PathLookup): RowSet {
    const hostCodes: number[] = [];
    const sets: RowSet[] = [];
    for (const prefix of filters.additionalSources) {
      const codes = this.hostsBySuffix.get(prefix.host) ?? [];
      if (!prefix.path) {
        hostCodes.push(...codes);
        continue;
      }
      const segments = prefix.path.split('/').filter(Boolean);
      const section = this.union(
        this.sectionSets,
        codes.flatMap((code) => this.sections.codes.get(`${code}/${segments[0]}`) ?? []),
      );
      if (segments.length === 1) {
        sets.push(section);
        continue;
      }
      // Deeper paths: the first segment narrows to a few rows, whose full paths are then checked.
      const candidates = toList(and(section, rows));
      const found = paths(candidates);
      const matched = candidates.filter((rid) => {
        const path = found.get(rid) ?? '';
        return path === prefix.path || path.startsWith(`${prefix.path}/`);
      });
      sets.push({ kind: 'list', rids: matched });
    }
    sets.push(this.union(this.hostSets, hostCodes));
    return or(sets, this.universe);
  }

  /** Whether a row passes a plan (time range included). */
  matches(rid: number, plan: EnginePlan): boolean {
    if (!hasRow(plan.rows, rid)) return false;
    const published = this.published[rid]!;
    return published >= plan.from && published <= plan.to;
  }

  /** Rows of `set` published on `day`, within [from, to]. */
  private rowsOfDay(day: number, set: RowSet, from: number, to: number): number[] {
    const daySet = this.daySets.get(day);
    if (!daySet) return [];
    const list = toList(and(daySet.view(), set));
    const whole = day * DAY_MS >= from && (day + 1) * DAY_MS - 1 <= to;
    if (whole) return Array.from(list);
    const out: number[] = [];
    for (const rid of list) {
      const p = this.published[rid]!;
      if (p >= from && p <= to) out.push(rid);
    }
    return out;
  }

  /** Newest first: publishedAt descending, then id descending. */
  private compare = (a: number, b: number): number => {
    const d = this.published[b]! - this.published[a]!;
    if (d !== 0) return d;
    for (let i = 0; i < 4; i++) {
      const x = this.ids[a * 4 + i]!;
      const y = this.ids[b * 4 + i]!;
      if (x !== y) return y - x;
    }
    return 0;
  };

  /**
   * Number of rows of the plan within its time range: exact up to `cap`; beyond it, some number
   * above `cap` (counting stops there — a total past the exact-total limit is only "more than").
   */
  total(plan: EnginePlan, cap = Infinity): number {
    if (plan.total !== undefined && (plan.total <= cap || plan.totalCap === undefined || plan.totalCap >= cap)) {
      return plan.total;
    }
    const { rows, from, to } = plan;
    let total = 0;
    if (from === -Infinity && to === Infinity) total = sizeOf(rows);
    else if (rows.kind === 'list') {
      for (const rid of rows.rids) {
        const p = this.published[rid]!;
        if (p >= from && p <= to) total++;
      }
    } else {
      // Day by day inside the range, newest first, until past the cap.
      const first = from === -Infinity ? -Infinity : dayOf(from);
      const last = to === Infinity ? Infinity : dayOf(to);
      for (const day of this.daysDesc) {
        if (day > last) continue;
        if (day < first || total > cap) break;
        total +=
          day === first || day === last
            ? this.rowsOfDay(day, rows, from, to).length
            : countIn(toList(this.daySets.get(day)!.view()), rows);
      }
    }
    plan.total = total;
    plan.totalCap = total > cap ? cap : undefined;
    return total;
  }

  /** One page of row ids, newest first: `offset` rows skipped, or those up to the cursor position. */
  page(plan: EnginePlan, limit: number, offset: number, after: CursorPosition | null, cap = Infinity): EnginePage {
    const total = this.total(plan, cap);
    if (total === 0) return { rids: [], total, hasMore: false };
    const { rows } = plan;
    const from = plan.from;
    let to = plan.to;
    let afterIds: Uint32Array | null = null;
    if (after) {
      to = Math.min(to, after.key);
      afterIds = new Uint32Array(4);
      idWords(after.id, afterIds, 0);
    }
    const firstDay = from === -Infinity ? -Infinity : dayOf(from);
    const lastDay = to === Infinity ? Infinity : dayOf(to);
    const want = limit + 1;
    const out: number[] = [];
    let skip = after ? 0 : offset;
    const isAfterCursor = (rid: number): boolean => {
      if (!after) return true;
      const p = this.published[rid]!;
      if (p !== after.key) return p < after.key;
      for (let i = 0; i < 4; i++) {
        const x = this.ids[rid * 4 + i]!;
        const y = afterIds![i]!;
        if (x !== y) return x < y;
      }
      return false;
    };
    if (rows.kind === 'list') {
      const rids = this.listPage(rows.rids, from, to, after ? isAfterCursor : null, skip, want);
      return { rids: rids.slice(0, limit), total, hasMore: rids.length > limit };
    }
    // A dense result is intersected with one day at a time, newest first.
    for (const day of this.daysDesc) {
      if (day > lastDay) continue;
      if (day < firstDay) break;
      const edge = day === firstDay || day === lastDay;
      if (!edge && skip > 0) {
        const count = countIn(toList(this.daySets.get(day)!.view()), rows);
        if (count <= skip) {
          skip -= count;
          continue;
        }
      }
      // The day's rows in newest-first order (sorted once, see `dayOrder`) are read until the page
      // is full: no page sorts a day's thousands of rows again.
      const order = this.dayOrder(day);
      const cursorDay = after !== null && day === dayOf(after.key);
      const published = this.published;
      for (let i = 0; i < order.length && out.length < want; i++) {
        const rid = order[i]!;
        if (!hasRow(rows, rid)) continue;
        if (edge) {
          const p = published[rid]!;
          if (p < from || p > to) continue;
        }
        if (cursorDay && !isAfterCursor(rid)) continue;
        if (skip > 0) skip--;
        else out.push(rid);
      }
      if (out.length >= want) break;
    }
    return { rids: out.slice(0, limit), total, hasMore: out.length > limit };
  }

  /**
   * The live rows published on `day`, newest first: sorted when first asked for and kept; rows put on
   * the day since are sorted on their own and merged in, rows removed or moved to another day left out.
   */
  private dayOrder(day: number): Uint32Array {
    let order = this.dayOrders.get(day);
    if (!order) {
      const daySet = this.daySets.get(day);
      order = daySet
        ? Uint32Array.from(this.newestFirst(Array.from(toList(daySet.view())), Infinity))
        : new Uint32Array(0);
      this.dayOrders.set(day, order);
      return order;
    }
    const arrivals = this.dayArrivals.get(day);
    if (!arrivals) return order;
    this.dayArrivals.delete(day);
    order = this.mergeArrivals(order, arrivals, day);
    this.dayOrders.set(day, order);
    return order;
  }

  /** `order` (newest first) without the rows no longer live on `day`, with `arrivals` in their places. */
  private mergeArrivals(order: Uint32Array, arrivals: number[], day: number): Uint32Array {
    const alive = this.alive;
    const days = this.day;
    const arrived = new Set(arrivals);
    const fresh = [...arrived].filter((rid) => alive.has(rid) && days[rid] === day).sort(this.compare);
    const out = new Uint32Array(order.length + fresh.length);
    let n = 0;
    let j = 0;
    for (let i = 0; i < order.length; i++) {
      const rid = order[i]!;
      // A row put again (changed) is in `fresh` at its new place; a removed one is not alive.
      if (arrived.has(rid) || !alive.has(rid) || days[rid] !== day) continue;
      while (j < fresh.length && this.compare(fresh[j]!, rid) < 0) out[n++] = fresh[j++]!;
      out[n++] = rid;
    }
    while (j < fresh.length) out[n++] = fresh[j++]!;
    return out.subarray(0, n);
  }

  /**
   * `want` rows of a sparse result after skipping `skip`, newest first: the rows (within the time
   * range, after the cursor) are counted by day, which tells the oldest day the page reaches; one more
   * pass collects the rows from that day on, and only those are sorted.
   */
  private listPage(
    rids: Uint32Array,
    from: number,
    to: number,
    keep: ((rid: number) => boolean) | null,
    skip: number,
    want: number,
  ): number[] {
    const days = this.day;
    const published = this.published;
    // Counts by day in a typed array over the index's span of days (newest day at 0).
    const newest = this.daysDesc[0] ?? 0;
    const span = newest - (this.daysDesc.at(-1) ?? 0) + 1;
    const counts = new Int32Array(span);
    // Without a time range or a cursor (most pages), a row's day is all the count needs: the times
    // (twice the bytes, read at random) are read only for the rows that are sorted.
    const every = keep === null && from === -Infinity && to === Infinity;
    if (every) {
      for (let i = 0; i < rids.length; i++) counts[newest - days[rids[i]!]!]!++;
    } else {
      for (let i = 0; i < rids.length; i++) {
        const rid = rids[i]!;
        const p = published[rid]!;
        if (p < from || p > to || (keep !== null && !keep(rid))) continue;
        counts[newest - days[rid]!]!++;
      }
    }
    let lowest = -Infinity;
    let seen = 0;
    for (let d = 0; d < span; d++) {
      seen += counts[d]!;
      if (seen >= skip + want) {
        lowest = newest - d;
        break;
      }
    }
    const members: number[] = [];
    for (let i = 0; i < rids.length; i++) {
      const rid = rids[i]!;
      if (days[rid]! < lowest) continue;
      if (every) {
        members.push(rid);
        continue;
      }
      const p = published[rid]!;
      if (p >= from && p <= to && (keep === null || keep(rid))) members.push(rid);
    }
    return this.newestFirst(members, skip + want).slice(skip, skip + want);
  }

  /**
   * `rows` newest first, at least their first `count` (rows that cannot be among them may be left out):
   * where few of many are wanted (a page of a day's rows), the times are sorted natively and only the
   * rows at or above the `count`-th newest time are sorted by the comparator (ids break ties).
   */
  private newestFirst(rows: number[], count: number): number[] {
    const published = this.published;
    if (rows.length > 64 && count < rows.length >>> 1) {
      const times = new Float64Array(rows.length);
      for (let i = 0; i < rows.length; i++) times[i] = published[rows[i]!]!;
      times.sort();
      const threshold = times[rows.length - Math.max(1, count)]!;
      rows = rows.filter((rid) => published[rid]! >= threshold);
    }
    return rows.sort(this.compare);
  }

  /** Live articles per source id. */
  sourceCounts(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [code, posting] of this.sourceSets) if (posting.size) out.set(this.sources.values[code]!, posting.size);
    return out;
  }

  /**
   * The rows of a dense set published within [from, to], by whichever is smaller: the rows of the days
   * inside the range are looked up in the set, or the set is copied and the rows of the days outside
   * it cleared (a range reaching far back keeps most days). The range's edge days are checked row by row.
   */
  private withinRange(words: Uint32Array, from: number, to: number): RowSet {
    const first = from === -Infinity ? -Infinity : dayOf(from);
    const last = to === Infinity ? Infinity : dayOf(to);
    let inside = 0;
    for (const day of this.daysDesc) if (day >= first && day <= last) inside += this.daySets.get(day)!.size;
    const keepInside = inside <= this.alive.size - inside;
    const out = scratchWords(words.length, keepInside);
    if (!keepInside) out.set(words);
    const published = this.published;
    for (const day of this.daysDesc) {
      const within = day >= first && day <= last;
      const edge = day === first || day === last;
      if (within === keepInside || edge) {
        const rids = toList(this.daySets.get(day)!.view());
        for (let i = 0; i < rids.length; i++) {
          const rid = rids[i]!;
          const w = rid >>> 5;
          if (w >= words.length) continue;
          // Only an edge day's rows need their time (read at random, it costs a cache miss).
          const keep = within && (!edge || (published[rid]! >= from && published[rid]! <= to));
          if (keepInside) out[w]! |= words[w]! & (keep ? 1 << (rid & 31) : 0);
          else if (!keep) out[w]! &= ~(1 << (rid & 31));
        }
      }
    }
    return compactSet({ kind: 'bits', words: out, count: -1 }, this.universe);
  }

  /**
   * Exact counts of the plan's rows (within its time range) by type, language, source, company,
   * topic (a row counts once under each of its topics and each of their ancestors) and UTC day.
   *
   * With `size`, each list holds only its `size` largest counts (ties: the smaller value first) and
   * `days` the latest `size` days, newest first — what {@link cutFacets} makes of the whole lists —
   * and only what can reach them is counted. Without it, every value's count, uncut and unsorted.
   *
   * A sparse result is counted row by row. A dense one is counted posting by posting (each value's rows
   * probed against the result), largest postings first: a value whose whole posting is smaller than
   * the `size`-th count so far cannot enter the list, and neither can any after it. Days are counted
   * newest first until `size` of them have articles. So no facet walks a million rows.
   */
  facets(plan: EnginePlan, names: readonly string[], size?: number): FacetCounts {
    const want = new Set(names);
    const { from, to } = plan;
    let rows: RowSet = plan.rows;
    if (from !== -Infinity || to !== Infinity) {
      // A sparse result is filtered by its rows' dates; a dense one intersected with the range's days.
      rows =
        rows.kind === 'list'
          ? {
              kind: 'list',
              rids: rows.rids.filter((rid) => this.published[rid]! >= from && this.published[rid]! <= to),
            }
          : this.withinRange(rows.words, from, to);
    }
    const total = sizeOf(rows);
    const out: FacetCounts = { total, types: [], languages: [], sources: [], companies: [], topics: [], days: [] };
    if (total === 0) return out;
    const limit = size ?? Infinity;
    // A sparse result, or one not dense enough for postings to be cheaper, is counted row by row.
    if (rows.kind === 'list' || total * ROW_BY_ROW < this.universe) {
      if (!this.facetOverflow) {
        this.countRecords(rows, want, out, size);
        return out;
      }
      this.countRows(toList(rows), want, out);
      return size === undefined ? out : cutFacets(out, size);
    }
    // Every article, unbounded in time (facets without filters): a value's count is its posting's size
    // (postings hold live rows only). Otherwise its posting probed against the dense result.
    const everything = from === -Infinity && to === Infinity && total === this.alive.size;
    const inRows = bothCounter(rows);
    const countOf = (posting: Posting) => (everything ? posting.size : inRows(posting.view()));
    const byPosting = <K, V extends string | number>(
      name: string,
      map: Map<K, Posting>,
      value: (key: K) => V | undefined,
    ): [V, number][] => {
      if (size === undefined) {
        const list: [V, number][] = [];
        for (const [key, posting] of map) {
          const v = value(key);
          const n = v === undefined || posting.size === 0 ? 0 : countOf(posting);
          if (n) list.push([v!, n]);
        }
        return list;
      }
      const top = new TopCounts<V>(limit);
      for (const [key, posting] of this.largestFirst(name, map)) {
        // Sorted by size: nothing after a posting smaller than the floor can enter the list.
        if (posting.size < top.floor || posting.size === 0) break;
        const v = value(key);
        const n = v === undefined ? 0 : countOf(posting);
        if (n) top.offer(v!, n);
      }
      return top.list;
    };
    if (want.has('types')) {
      const types = ARTICLE_TYPES.map((t, i) => [t, countOf(this.types[i]!)] as [string, number]).filter(
        ([, n]) => n > 0,
      );
      out.types = size === undefined ? types : largest(types, size);
    }
    if (want.has('languages')) {
      out.languages = byPosting('languages', this.languageSets, (code) => this.languages.values[code] || undefined);
    }
    if (want.has('sources')) {
      out.sources = byPosting('sources', this.sourceSets, (code) => this.sources.values[code] || undefined);
    }
    if (want.has('companies')) out.companies = byPosting('companies', this.companySets, (id) => id);
    if (want.has('topics')) {
      out.topics =
        size === undefined ? byPosting('topics', this.topicTreeSets, (id) => id) : this.topTopics(countOf, size);
    }
    if (want.has('days')) {
      // Newest first: with `size`, only until that many days have articles of the result.
      for (const day of this.daysDesc) {
        if (out.days.length >= limit) break;
        const n = countOf(this.daySets.get(day)!);
        if (n) out.days.push([isoDay(day), n]);
      }
    }
    return out;
  }

  /** Like `remember`, but never dropped to make room (only when the data changes). */
  private shape<T>(key: string, compute: () => T): T {
    if (!this.shapes.has(key)) this.shapes.set(key, compute());
    return this.shapes.get(key) as T;
  }

  /** A posting map's entries, largest posting first (kept until the data changes). */
  private largestFirst<K>(name: string, map: Map<K, Posting>): [K, Posting][] {
    return this.shape(`largest:${name}`, () => [...map].sort((a, b) => b[1].size - a[1].size));
  }

  /**
   * Every topic a row can carry, by dense index: `index` (id → index), `ids`, `parent` (index of the
   * parent, -1 at the top), `children` and `roots`, so that counting walks arrays, not maps (kept until
   * the data changes).
   */
  private topicTree(): {
    index: Map<number, number>;
    ids: Int32Array;
    parent: Int32Array;
    children: number[][];
    roots: number[];
  } {
    return this.shape('topicTree', () => {
      const index = new Map<number, number>();
      const visit = (id: number) => {
        if (index.has(id)) return;
        index.set(id, index.size);
        const up = this.parents.get(id);
        if (up !== undefined) visit(up);
      };
      for (const id of this.topicSets.keys()) visit(id);
      for (const id of this.topicTreeSets.keys()) visit(id);
      const ids = new Int32Array(index.size);
      const parent = new Int32Array(index.size).fill(-1);
      const children: number[][] = Array.from({ length: index.size }, () => []);
      const roots: number[] = [];
      for (const [id, i] of index) {
        ids[i] = id;
        const up = this.parents.get(id);
        if (up === undefined) roots.push(i);
        else {
          parent[i] = index.get(up)!;
          children[parent[i]]!.push(i);
        }
      }
      return { index, ids, parent, children, roots };
    });
  }

  /**
   * The `size` topics with the most rows of a dense result. A topic's rows lie within its parent's, so
   * its count is at most its parent's: topics are counted best bound first (roots by their posting's
   * size, children by the smaller of their posting's size and their parent's count), and the walk ends
   * when no bound left can reach the list — most of the tree is never counted.
   */
  private topTopics(countOf: (posting: Posting) => number, size: number): [number, number][] {
    const { ids, children, roots } = this.topicTree();
    const top = new TopCounts<number>(size);
    // A binary max-heap of [bound, topic index].
    const heap: [number, number][] = [];
    const push = (bound: number, t: number) => {
      heap.push([bound, t]);
      for (let i = heap.length - 1; i > 0;) {
        const up = (i - 1) >> 1;
        if (heap[up]![0] >= heap[i]![0]) break;
        [heap[up], heap[i]] = [heap[i]!, heap[up]!];
        i = up;
      }
    };
    const pop = (): [number, number] => {
      const first = heap[0]!;
      const last = heap.pop()!;
      if (heap.length) {
        heap[0] = last;
        for (let i = 0; ;) {
          const l = 2 * i + 1;
          const r = l + 1;
          let m = i;
          if (l < heap.length && heap[l]![0] > heap[m]![0]) m = l;
          if (r < heap.length && heap[r]![0] > heap[m]![0]) m = r;
          if (m === i) break;
          [heap[m], heap[i]] = [heap[i]!, heap[m]!];
          i = m;
        }
      }
      return first;
    };
    const sizeOfTopic = (t: number) => this.topicTreeSets.get(ids[t]!)?.size ?? 0;
    for (const t of roots) push(sizeOfTopic(t), t);
    while (heap.length) {
      const [bound, t] = pop();
      if (bound === 0 || bound < top.floor) break;
      const posting = this.topicTreeSets.get(ids[t]!);
      const n = posting ? countOf(posting) : 0;
      if (!n) continue;
      top.offer(ids[t]!, n);
      for (const c of children[t]!) push(Math.min(n, sizeOfTopic(c)), c);
    }
    return top.list;
  }

  /**
   * Facet counts of a result, row by row from the facet records (counters indexed by code); with
   * `size`, cut as {@link cutFacets} cuts them while they are listed.
   */
  private countRecords(rows: RowSet, want: ReadonlySet<string>, out: FacetCounts, size?: number): void {
    const f = this.facetPool;
    const at = this.facetAt;
    const types = new Uint32Array(16);
    const languages = scratchWords(want.has('languages') ? this.languages.values.length : 0, true);
    const sources = scratchWords(want.has('sources') ? this.sources.values.length : 0, true);
    const topics = scratchWords(want.has('topics') ? this.topicByCode.length : 0, true);
    const companies = scratchWords(want.has('companies') ? this.companyByCode.length : 0, true);
    const newest = this.daysDesc[0] ?? 0;
    const days = scratchWords(want.has('days') ? newest - (this.daysDesc.at(-1) ?? 0) + 1 : 0, true);
    const [wantLanguages, wantSources, wantDays] = [languages.length > 0, sources.length > 0, days.length > 0];
    const [wantTopics, wantCompanies] = [topics.length > 0, companies.length > 0];
    // Three passes, each of whose memory reads do not wait for one another, so that the processor
    // overlaps their cache and TLB misses: the rows' record offsets, the records' first words (types),
    // then the rest of the records, now in cache. Done in one pass, each row's reads waited for the
    // last row's (a result of some 20 000 scattered rows took 5× as long).
    const rids = toList(rows);
    const n = rids.length;
    const offsets = scratchWords(n);
    for (let i = 0; i < n; i++) offsets[i] = at[rids[i]!]!;
    for (let i = 0; i < n; i++) types[f[offsets[i]!]! & 15]!++;
    for (let i = 0; i < n; i++) {
      let k = offsets[i]!;
      const head = f[k]!;
      if (wantLanguages) languages[f[k + 1]!]!++;
      if (wantSources) sources[f[k + 2]! | (f[k + 3]! << 16)]!++;
      if (wantDays) days[newest - (f[k + 4]! | (f[k + 5]! << 16))]!++;
      k += 6;
      const tree = (head >>> 4) & 63;
      if (wantTopics) for (let end = k + tree; k < end; k++) topics[f[k]!]!++;
      else k += tree;
      if (wantCompanies) for (let end = k + (head >>> 10); k < end; k++) companies[f[k]!]!++;
    }
    const listOf = <V extends string | number>(
      counts: Uint32Array,
      value: (code: number) => V | undefined,
    ): [V, number][] => {
      const top = size === undefined ? null : new TopCounts<V>(size);
      const list: [V, number][] = [];
      for (let code = 0; code < counts.length; code++) {
        const n = counts[code]!;
        if (!n || (top && n < top.floor)) continue;
        const v = value(code);
        if (v === undefined || v === '') continue;
        if (top) top.offer(v, n);
        else list.push([v, n]);
      }
      return top ? top.list : list;
    };
    if (want.has('types')) out.types = listOf(types, (code) => ARTICLE_TYPES[code]);
    if (wantLanguages) out.languages = listOf(languages, (code) => this.languages.values[code]);
    if (wantSources) out.sources = listOf(sources, (code) => this.sources.values[code]);
    if (wantTopics) out.topics = listOf(topics, (code) => this.topicByCode[code]);
    if (wantCompanies) out.companies = listOf(companies, (code) => this.companyByCode[code]);
    if (wantDays) {
      // Newest first (index 0 is the newest day): with `size`, the latest that many days with rows.
      for (let d = 0; d < days.length && out.days.length < (size ?? Infinity); d++) {
        if (days[d]) out.days.push([isoDay(newest - d), days[d]!]);
      }
    }
  }

  /** Facet counts of a sparse result, row by row (counters indexed by code; no set per row). */
  private countRows(rids: Uint32Array, want: ReadonlySet<string>, out: FacetCounts): void {
    const tally = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);
    const byCode = (column: Uint16Array | Int32Array | Uint8Array, codes: number) => {
      const counts = new Uint32Array(codes);
      for (let i = 0; i < rids.length; i++) counts[column[rids[i]!]!]!++;
      return counts;
    };
    const named = (counts: Uint32Array, name: (code: number) => string | undefined): [string, number][] => {
      const list: [string, number][] = [];
      for (let code = 0; code < counts.length; code++) {
        const v = counts[code] ? name(code) : undefined;
        if (v) list.push([v, counts[code]!]);
      }
      return list;
    };
    if (want.has('types')) out.types = named(byCode(this.type, ARTICLE_TYPES.length), (i) => ARTICLE_TYPES[i]);
    if (want.has('languages')) {
      out.languages = named(byCode(this.language, this.languages.values.length), (c) => this.languages.values[c]);
    }
    if (want.has('sources')) {
      out.sources = named(byCode(this.source, this.sources.values.length), (c) => this.sources.values[c]);
    }
    const pool = this.pool;
    if (want.has('companies')) {
      const counts = new Map<number, number>();
      for (let i = 0; i < rids.length; i++) {
        const rid = rids[i]!;
        const at = this.multiAt[rid]! + this.topicCount[rid]!;
        for (let k = at, end = at + this.companyCount[rid]!; k < end; k++) tally(counts, pool[k]!);
      }
      out.companies = [...counts];
    }
    if (want.has('topics')) {
      // Topics by dense index, each row's ancestors walked by index and counted once (a stamp per index).
      const { index, ids, parent } = this.topicTree();
      const counts = new Uint32Array(ids.length);
      const stamp = new Int32Array(ids.length).fill(-1);
      for (let i = 0; i < rids.length; i++) {
        const rid = rids[i]!;
        const at = this.multiAt[rid]!;
        for (let k = at, end = at + this.topicCount[rid]!; k < end; k++) {
          for (let t = index.get(pool[k]!) ?? -1; t >= 0 && stamp[t] !== i; t = parent[t]!) {
            stamp[t] = i;
            counts[t]!++;
          }
        }
      }
      const list: [number, number][] = [];
      for (let t = 0; t < ids.length; t++) if (counts[t]) list.push([ids[t]!, counts[t]!]);
      out.topics = list;
    }
    if (want.has('days')) {
      const counts = new Map<number, number>();
      for (let i = 0; i < rids.length; i++) tally(counts, this.day[rids[i]!]!);
      out.days = [...counts].map(([day, n]) => [isoDay(day), n]);
    }
  }

  /** Approximate bytes held by columns and postings (for logs and the benchmark). */
  memoryBytes(): number {
    let bytes =
      this.published.byteLength +
      this.ids.byteLength +
      this.type.byteLength +
      this.flags.byteLength +
      this.language.byteLength +
      this.host.byteLength +
      this.source.byteLength +
      this.section.byteLength +
      this.multiAt.byteLength +
      this.topicCount.byteLength +
      this.companyCount.byteLength +
      this.pool.byteLength +
      this.facetAt.byteLength +
      this.facetPool.byteLength;
    for (const map of this.valueMaps()) for (const posting of map.values()) bytes += posting.bytes + 48;
    for (const posting of [this.alive, ...this.types, ...this.flagSets.values()]) bytes += posting.bytes;
    for (const order of this.dayOrders.values()) bytes += order.byteLength;
    return bytes;
  }
}
