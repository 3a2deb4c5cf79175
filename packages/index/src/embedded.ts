/**
 * `EmbeddedArticleIndex`: the default index, one SQLite file (WAL) beside the process.
 *
 * SQLite holds the truth: `articles` (one narrow row of filter columns per article, topic and company
 * ids as text, and the write sequence `seq`), `article_docs` (the ARTICLE JSON), `article_text`
 * (contentless FTS5 over pre-folded headline and introduction, for phrase search) and `removed`
 * (tombstones, so that other processes learn of deletions), `article_words` (the folded words, which
 * the query engine's word postings are built from). A process that queries keeps a `PostingEngine` in
 * memory and catches up with other processes' writes by sequence number before each query; SQLite then
 * only answers phrase matches and the documents of the page served.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import fastJson from 'fast-json-stringify';
import { type Article, decodeArticles, formatInstant, type StoryRef } from '@tidings/core/article';
import { type CursorPosition, positionAfter } from '@tidings/core/cursor';
import { canonicalFilters, type FeedFilters } from '@tidings/core/query';
import { wordsOf } from '@tidings/core/text';
import { comparableHost, parseHttpUrl } from '@tidings/core/url';
import {
  ENGINE_ROW_SELECT,
  type EnginePlan,
  type EngineRow,
  PostingEngine,
  type RowFacts,
} from './engine/posting-engine.js';
import { ownSet, releaseScratch, setBytes } from './engine/row-set.js';
import {
  type ArticleIndex,
  EXACT_TOTAL_LIMIT,
  type FacetCounts,
  type FacetQuery,
  type HostFlags,
  type IndexPage,
  type IndexQuery,
  type IndexStats,
  type IngestBatch,
  type IngestResult,
  type PrintedArticles,
  type ScanBatch,
  type ScanOptions,
} from './port.js';
import { ftsMatchExpression } from './fts-query.js';
import { withMeaning, mergeIngest } from './ingest.js';
import { sameStory, StoryBandIndex, storyBands, type StoryText, storyText, type StoryWords } from './stories.js';

/** Bumped whenever the layout changes; `PRAGMA user_version` holds it. */
const SCHEMA_VERSION = 4;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value INTEGER NOT NULL);
INSERT OR IGNORE INTO meta (key, value) VALUES ('seq', 0);
CREATE TABLE IF NOT EXISTS articles (
  rid INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  seq INTEGER NOT NULL,
  published INTEGER NOT NULL,
  type TEXT NOT NULL,
  paywalled INTEGER NOT NULL,
  registration INTEGER NOT NULL,
  https INTEGER,
  iframeable INTEGER,
  source_id TEXT NOT NULL,
  domain TEXT NOT NULL,
  host TEXT NOT NULL,
  path TEXT NOT NULL,
  topics TEXT NOT NULL,
  companies TEXT NOT NULL,
  language TEXT,
  story_id TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS articles_story ON articles (story_id);

CREATE INDEX IF NOT EXISTS articles_seq ON articles (seq);
CREATE INDEX IF NOT EXISTS articles_domain ON articles (domain);
CREATE TABLE IF NOT EXISTS article_docs (rid INTEGER PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS article_words (rid INTEGER PRIMARY KEY, headline TEXT NOT NULL, introduction TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS removed (rid INTEGER PRIMARY KEY, seq INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS removed_seq ON removed (seq);
CREATE VIRTUAL TABLE IF NOT EXISTS article_text USING fts5 (
  headline, introduction, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);
`;

/** A canonical (already WHATWG-serialised) URL's comparable host and lower-case path. */
const SIMPLE_URL = /^https?:\/\/([a-z0-9.-]+)(?::\d+)?(?=[/?#]|$)([^?#]*)/;
function hostAndPath(value: string): { host: string; path: string } {
  // The serialised form needs no parser for the common case; anything else (IPv6 literals…) gets one.
  const simple = SIMPLE_URL.exec(value);
  if (simple) return { host: comparableHost(simple[1]!), path: (simple[2] || '/').toLowerCase() };
  const url = parseHttpUrl(value);
  return { host: url ? comparableHost(url.hostname) : '', path: url ? url.pathname.toLowerCase() : '' };
}

function toBool(value: number | null): boolean | null {
  return value === null ? null : value === 1;
}

function flagColumn(value: boolean | null): number | null {
  return value === null ? null : value ? 1 : 0;
}

export interface EmbeddedIndexOptions {
  /** SQLite file path, or `:memory:`. */
  file: string;
  /** SQLite page cache in MiB (default 64). */
  cacheMiB?: number;
  /** Load the query engine at `init()` (serving processes) rather than at the first query. */
  warm?: boolean;
  /** Parent of each topic id (child → parent), so that facets count articles under every ancestor. */
  topicParents?: Record<number, number>;
  /** Group new articles into stories (default true; off only to measure what grouping costs). */
  groupStories?: boolean;
  /**
   * JSON schema of an article as the API prints it: with it, a query asking for `json` gets its
   * articles printed here, by the same serialiser the API's response schema compiles to.
   */
  articleSchema?: object;
  /**
   * Tests only: a query searching for this word holds its thread for `ms` first, standing in for a
   * query that is expensive however the engine is built (threads, time budget).
   */
  stallOn?: { word: string; ms: number };
}

interface DocRow {
  rid: number;
  doc: string;
  https: number | null;
  iframeable: number | null;
  story: string;
  storySize: number;
}

/**
 * A stored document with what its row says now: the probe flags (they change without the document
 * being rewritten) and its story (grouped at ingest; its size changes as the story grows).
 */
function toArticle(row: DocRow): Article {
  return withFacts(JSON.parse(row.doc) as Article, {
    https: toBool(row.https),
    iframeable: toBool(row.iframeable),
    story: row.story,
    storySize: row.storySize,
  });
}

/** A stored document with its row's facts (from SQLite, or from the query engine that holds the row). */
function withFacts(article: Article, facts: RowFacts): Article {
  article.source.https = facts.https;
  article.source.iframeable = facts.iframeable;
  article.story = { id: facts.story ?? article.id, size: facts.storySize };
  return article;
}

/** An article as the API prints it (`printedCache`). */
interface PrintedDoc {
  /** JSON text (kept as a string: millions of small buffers cost the collector more than strings). */
  text: string;
  /** Its length in UTF-8. */
  bytes: number;
  /** The row's facts it was printed with (null: not known to the engine, never kept). */
  facts: RowFacts | null;
  last: CursorPosition;
}

/**
 * Printed articles by row, in two generations of up to half the bytes each: an article is added to
 * the young one, found in the old one it moves to the young one, and when the young one is full it
 * becomes the old one (the old one dropped) — least recently used out, in constant time per call (a
 * map kept in use order by deleting and re-adding must skip its deleted entries to find its oldest: a
 * tenth of a query thread's time under the varied mix).
 */
class PrintedCache {
  private young = new Map<number, PrintedDoc>();
  private old = new Map<number, PrintedDoc>();
  private youngBytes = 0;
  /**
   * Rows printed once and not kept (numbers: nothing for the collector to trace). An article is kept
   * the second time a page shows it: one that is shown once would only be promoted to the thread's
   * old generation and make its next full collection — a pause every read on the thread waits out —
   * come sooner.
   */
  private readonly seen = new Set<number>();

  constructor(private readonly bytes: number) {}

  /** Keeps a printed article if it was printed before (see `seen`). */
  offer(rid: number, printed: PrintedDoc): void {
    if (this.seen.delete(rid)) return this.set(rid, printed);
    if (this.seen.size >= SEEN_ROWS) this.seen.clear();
    this.seen.add(rid);
  }

  get(rid: number): PrintedDoc | undefined {
    const young = this.young.get(rid);
    if (young) return young;
    const old = this.old.get(rid);
    if (old) {
      this.old.delete(rid);
      this.add(rid, old);
    }
    return old;
  }

  set(rid: number, printed: PrintedDoc): void {
    this.delete(rid);
    this.add(rid, printed);
  }

  delete(rid: number): void {
    const young = this.young.get(rid);
    if (young) {
      this.young.delete(rid);
      this.youngBytes -= young.bytes;
    }
    this.old.delete(rid);
  }

  clear(): void {
    this.young.clear();
    this.old.clear();
    this.seen.clear();
    this.youngBytes = 0;
  }

  private add(rid: number, printed: PrintedDoc): void {
    this.young.set(rid, printed);
    this.youngBytes += printed.bytes;
    if (this.youngBytes > this.bytes / 2) {
      this.old = this.young;
      this.young = new Map();
      this.youngBytes = 0;
    }
  }
}

function sameFacts(a: RowFacts | null, b: RowFacts | null): boolean {
  return (
    a !== null &&
    b !== null &&
    a.https === b.https &&
    a.iframeable === b.iframeable &&
    a.story === b.story &&
    a.storySize === b.storySize
  );
}

/** A new article of a write, for story grouping. */
interface NewArticle {
  rid: number;
  id: string;
  published: number;
  words: StoryWords;
}

/**
 * Recent articles whose band keys a writing process keeps in memory: 50 000 articles are ~600 000
 * map entries, which the worker's index thread holds within its heap (200 000 did not fit in 256 MB).
 */
const STORY_BAND_LIMIT = 50_000;
/**
 * Bytes of printed articles a reading connection keeps (see `printedCache`): ~35 000 articles of the
 * synthetic million (half of it held 43 % of the varied mix's articles; this, more: bench/RESULTS.md).
 */
const PRINTED_CACHE_BYTES = 32 * 2 ** 20;
/** Rows printed once that `PrintedCache` remembers at most (a set of numbers: ~4 MB). */
const SEEN_ROWS = 200_000;
/**
 * Room a printed page leaves before and after its articles, for what the API puts around them (its
 * response's opening, `meta` and `links`): the response is then the same array, not a second one.
 */
const ROOM_BEFORE = 32;
const ROOM_AFTER = 4_096;
/** Documents a reading connection keeps (see `docCache`): ~6 MB of a query thread's heap at 1.2 KB each. */
const DOC_CACHE_ROWS = 5_000;
/** Candidates verified per new article, those sharing most bands first. */
const MAX_STORY_CANDIDATES = 8;

/** An article that shares band keys with a new one. */
interface StoryCandidate {
  rid: number;
  published: number;
  story: string;
  headline: string | null;
  introduction: string | null;
}

/** One write of a group (`writeSync`). */
export type IndexWrite = { upsert: readonly Article[] } | { ingest: IngestBatch };

export class EmbeddedArticleIndex implements ArticleIndex {
  readonly kind = 'embedded';
  private readonly db: Database.Database;
  private readonly statements: ReturnType<EmbeddedArticleIndex['prepare']>;
  private hot: PostingEngine | null = null;
  private dataVersion = -1;
  private wroteSinceRefresh = false;
  /**
   * Documents of recently served pages, by row; their facts (host flags, story and its size, which
   * change without the row changing) are set from the engine again on every use. Kept across writes:
   * catching up drops only the rows a write touched, so that articles arriving every second do not
   * make every page read its documents again.
   */
  private readonly docCache = new Map<number, Article>();
  /**
   * Articles as the API prints them (JSON text), by row, with the facts they were printed with and
   * their cursor position: a page of them is written into one UTF-8 array, neither read, parsed nor
   * printed again. Kept across writes as `docCache` is; an entry whose row's facts (host flags, story
   * size) have changed since is printed again.
   */
  private readonly printedCache = new PrintedCache(PRINTED_CACHE_BYTES);

  constructor(private readonly options: EmbeddedIndexOptions) {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma(`cache_size = -${(options.cacheMiB ?? 64) * 1024}`);
    this.db.pragma('temp_store = MEMORY');
    // Checkpoint the WAL every ~40 MB rather than every 4 MB: bulk writes dirty pages of the id index
    // all over the file, and fewer, larger checkpoints write each of them back less often.
    this.db.pragma('wal_autocheckpoint = 10000');
    this.migrate(options.file);
    this.statements = this.prepare();
    this.printArticle = options.articleSchema
      ? fastJson(options.articleSchema as Parameters<typeof fastJson>[0])
      : null;
  }

  /** The API's serialiser of an article (see `articleSchema`). */
  private readonly printArticle: ((article: Article) => string) | null;

  /** Creates the schema in a new file; refuses a file written with another schema, saying what to do. */
  private migrate(file: string): void {
    // Fast path: already current (every open but the first).
    if ((this.db.pragma('user_version', { simple: true }) as number) === SCHEMA_VERSION) return;
    // Checked and changed in one IMMEDIATE transaction: a second connection opening a new file at the
    // same moment (the API's reader threads) waits, then finds the schema made.
    const outcome = this.db
      .transaction((): 'ok' | number => {
        const version = this.db.pragma('user_version', { simple: true }) as number;
        const hasTables = this.db
          .prepare("SELECT count(*) FROM sqlite_master WHERE type = 'table'")
          .pluck()
          .get() as number;
        if (version === SCHEMA_VERSION) return 'ok';
        if (version === 2 || version === 3) {
          // 2 → 3: probe results update a whole host at once.
          this.db.exec('CREATE INDEX IF NOT EXISTS articles_domain ON articles (domain)');
          this.migrateTo4();
        } else if (version === 0 && hasTables === 0) {
          this.db.exec(SCHEMA);
        } else return version;
        this.db.pragma(`user_version = ${SCHEMA_VERSION}`);
        return 'ok';
      })
      .immediate();
    if (outcome === 'ok') return;
    this.db.close();
    throw new Error(
      `the embedded index at ${file} has schema version ${outcome}, this Tidings needs ${SCHEMA_VERSION}: ` +
        'move the file away and import or ingest again',
    );
  }

  /** 3 → 4: the language filter's column, and the folded words the query engine's word postings read. */
  private migrateTo4(): void {
    this.db.transaction(() => {
      // Stored articles start as stories of their own; new ones are grouped as they arrive.
      this.db.exec(`ALTER TABLE articles ADD COLUMN language TEXT;
        ALTER TABLE articles ADD COLUMN story_id TEXT NOT NULL DEFAULT '';
        UPDATE articles SET language = (SELECT d.doc ->> '$.language' FROM article_docs d WHERE d.rid = articles.rid),
          story_id = id;
        CREATE INDEX IF NOT EXISTS articles_story ON articles (story_id);

        CREATE TABLE IF NOT EXISTS article_words (rid INTEGER PRIMARY KEY, headline TEXT NOT NULL, introduction TEXT NOT NULL);`);
      const insert = this.db.prepare(
        'INSERT OR REPLACE INTO article_words (rid, headline, introduction) VALUES (?, ?, ?)',
      );
      const docs = this.db.prepare<[], { rid: number; doc: string }>('SELECT rid, doc FROM article_docs');
      for (const { rid, doc } of docs.all()) {
        const article = JSON.parse(doc) as Article;
        insert.run(rid, wordsOf(article.headline).join(' '), wordsOf(article.introduction).join(' '));
      }
    })();
  }

  private prepare() {
    const db = this.db;
    // Positional parameters (binding is faster than by name); the update takes the id last.
    const columns = Array.from({ length: 16 }, () => '?').join(', ');
    return {
      bumpSeq: db.prepare<[], number>("UPDATE meta SET value = value + 1 WHERE key = 'seq' RETURNING value").pluck(),
      currentSeq: db.prepare<[], number>("SELECT value FROM meta WHERE key = 'seq'").pluck(),
      dataVersion: db.prepare<[], number>('PRAGMA data_version').pluck(),
      insertArticle: db.prepare(`
        INSERT INTO articles (id, seq, published, type, paywalled, registration, https, iframeable, source_id, domain,
          host, path, topics, companies, language, story_id)
        VALUES (${columns})
        ON CONFLICT (id) DO NOTHING
        RETURNING rid`),
      updateArticle: db.prepare(`
        UPDATE articles SET seq = ?, published = ?, type = ?, paywalled = ?, registration = ?, https = ?,
          iframeable = ?, source_id = ?, domain = ?, host = ?, path = ?, topics = ?, companies = ?, language = ?
        WHERE id = ?
        RETURNING rid`),
      upsertDoc: db.prepare('INSERT OR REPLACE INTO article_docs (rid, doc) VALUES (?, ?)'),
      deleteText: db.prepare('DELETE FROM article_text WHERE rowid = ?'),
      insertTexts: db.prepare(
        'INSERT INTO article_text (rowid, headline, introduction) SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?)',
      ),
      insertWords: db.prepare(
        'INSERT OR REPLACE INTO article_words (rid, headline, introduction) SELECT value ->> 0, value ->> 1, value ->> 2 FROM json_each(?)',
      ),
      deleteWords: db.prepare('DELETE FROM article_words WHERE rid = ?'),
      recentWords: db.prepare<[number], { rid: number; published: number; headline: string; introduction: string }>(
        `SELECT a.rid, a.published, w.headline, w.introduction FROM articles a JOIN article_words w ON w.rid = a.rid
         ORDER BY a.rid DESC LIMIT ?`,
      ),
      /** The newest (at most the limit) articles with rids strictly between the first two. */
      wordsBetween: db.prepare<
        [number, number, number],
        { rid: number; published: number; headline: string; introduction: string }
      >(
        `SELECT a.rid, a.published, w.headline, w.introduction FROM articles a JOIN article_words w ON w.rid = a.rid
         WHERE a.rid > ? AND a.rid < ? ORDER BY a.rid DESC LIMIT ?`,
      ),

      setStory: db.prepare('UPDATE articles SET story_id = ? WHERE rid = ?'),
      touchArticle: db.prepare('UPDATE articles SET seq = ? WHERE id = ?'),
      storyRids: db.prepare<[string], number>('SELECT rid FROM articles WHERE story_id = ? ORDER BY rid').pluck(),
      storySize: db.prepare<[string], number>('SELECT count(*) FROM articles WHERE story_id = ?').pluck(),
      storyCandidates: db.prepare<[string], StoryCandidate>(
        `SELECT a.rid, a.published, a.story_id AS story, w.headline, w.introduction
         FROM articles a LEFT JOIN article_words w ON w.rid = a.rid
         WHERE a.rid IN (SELECT value FROM json_each(?))`,
      ),
      pathsOf: db.prepare<[string], { rid: number; path: string }>(
        'SELECT rid, path FROM articles WHERE rid IN (SELECT value FROM json_each(?))',
      ),
      deleteArticle: db.prepare('DELETE FROM articles WHERE rid = ?'),
      flagDiffers: {
        https: db.prepare('SELECT 1 FROM articles WHERE domain = ? AND https IS NOT ? LIMIT 1').pluck(),
        iframeable: db.prepare('SELECT 1 FROM articles WHERE domain = ? AND iframeable IS NOT ? LIMIT 1').pluck(),
      },
      setFlag: {
        https: db.prepare('UPDATE articles SET https = ?, seq = ? WHERE domain = ? AND https IS NOT ?'),
        iframeable: db.prepare('UPDATE articles SET iframeable = ?, seq = ? WHERE domain = ? AND iframeable IS NOT ?'),
      },
      deleteDoc: db.prepare('DELETE FROM article_docs WHERE rid = ?'),
      tombstone: db.prepare('INSERT OR REPLACE INTO removed (rid, seq) VALUES (?, ?)'),
      ridsOfSource: db.prepare<[string], number>('SELECT rid FROM articles WHERE source_id = ?').pluck(),
      idsAfter: db
        .prepare<[string, number], string>('SELECT id FROM articles WHERE id > ? ORDER BY id LIMIT ?')
        .pluck(),
      idsOfSourceAfter: db
        .prepare<[string, string, number], string>(
          'SELECT id FROM articles WHERE source_id = ? AND id > ? ORDER BY id LIMIT ?',
        )
        .pluck(),
      ridsBefore: db.prepare<[number], number>('SELECT rid FROM articles WHERE published < ?').pluck(),
      allRows: db.prepare(ENGINE_ROW_SELECT).raw(),
      rowsSince: db.prepare(`${ENGINE_ROW_SELECT} WHERE a.seq > ?`).raw(),
      removedSince: db.prepare<[number], number>('SELECT rid FROM removed WHERE seq > ?').pluck(),
      textMatches: db
        .prepare<[string], number>('SELECT rowid FROM article_text WHERE article_text MATCH ? ORDER BY rowid')
        .pluck(),
      docs: db.prepare<[string], DocRow>(
        `SELECT a.rid, a.https, a.iframeable, a.story_id AS story,
           (SELECT count(*) FROM articles s WHERE s.story_id = a.story_id) AS storySize, d.doc
         FROM articles a JOIN article_docs d ON d.rid = a.rid
         WHERE a.rid IN (SELECT value FROM json_each(?))`,
      ),
      // The documents alone: a loaded query engine knows the rest of the row (the articles table's wide
      // rows and the story count were four fifths of what a page's documents cost at a million rows).
      docsOnly: db.prepare<[string], { rid: number; doc: string }>(
        'SELECT rid, doc FROM article_docs WHERE rid IN (SELECT value FROM json_each(?))',
      ),
      ridsOfIds: db.prepare<[string], { rid: number; id: string }>(
        'SELECT rid, id FROM articles WHERE id IN (SELECT value FROM json_each(?))',
      ),
      stats: db.prepare<[], { n: number; sources: number; newest: number | null; oldest: number | null }>(
        'SELECT count(*) AS n, count(DISTINCT source_id) AS sources, max(published) AS newest, min(published) AS oldest FROM articles',
      ),
    };
  }

  async init(): Promise<void> {
    if (this.options.warm) this.engine();
  }

  /**
   * Brings a loaded query engine up to date with what other connections wrote (a look at SQLite's data
   * version when nothing changed). Index threads call it while idle, so that the first read after a
   * burst of writes does not wait for them.
   */
  catchUp(): void {
    if (this.hot && this.db.open) this.engine();
  }

  async upsert(articles: readonly Article[]): Promise<void> {
    this.upsertSync(articles);
  }

  /** Synchronous bulk upsert in one transaction (used by the import and the benchmark seeder). */
  upsertSync(articles: readonly Article[]): void {
    this.writeSync([{ upsert: articles }]);
  }

  async ingest(batch: IngestBatch): Promise<IngestResult> {
    return this.writeSync([{ ingest: batch }])[0]!;
  }

  /**
   * Several writes in one transaction, in order (the index thread's group commit): upserts as given,
   * fetches merged by the rules of `ingest.ts` against what is stored — including what the writes
   * before them in the group stored. Returns what each ingest created and updated. Every write
   * transaction here is IMMEDIATE: it reads what is stored before it writes, and another process
   * writing in between (an import beside the worker, a second worker) would fail it at once with
   * SQLITE_BUSY; IMMEDIATE takes the file's write lock first, waiting for it (`busy_timeout`).
   */
  writeSync(writes: readonly IndexWrite[]): (IngestResult | null)[] {
    const s = this.statements;
    const results: (IngestResult | null)[] = [];
    let wrote = false;
    this.immediately(() => {
      // One write sequence number for the group, taken only if something is written: a fetch that
      // changes nothing leaves the index (and the API's caches of it) as they were.
      let seq: number | null = null;
      const nextSeq = () => {
        wrote = true;
        return (seq ??= s.bumpSeq.get()!);
      };
      // Full-text rows go in with one statement at the end: FTS5 flushes its pending terms at every
      // statement of a transaction, so one INSERT per article would build one tiny segment each.
      const texts = new Map<number, [number, string, string]>();
      for (const write of writes) {
        if ('upsert' in write) {
          this.writeRows(write.upsert, nextSeq, texts);
          results.push(null);
          continue;
        }
        const incoming = decodeArticles(write.ingest.articles);
        const stored = new Map(this.storedByIds(incoming.map((a) => a.id)).map((a) => [a.id, a]));
        const { changed, created } = mergeIngest(write.ingest, incoming, stored);
        this.writeRows(changed, nextSeq, texts);
        results.push({ created, updated: changed.length - created });
      }
      if (texts.size) {
        const rows = JSON.stringify([...texts.values()]);
        s.insertTexts.run(rows);
        s.insertWords.run(rows);
      }
    });
    if (wrote) this.wroteSinceRefresh = true;
    return results;
  }

  private writeRows(
    articles: readonly Article[],
    nextSeq: () => number,
    texts: Map<number, [number, string, string]>,
  ): void {
    const s = this.statements;
    if (!articles.length) return;
    const seq = nextSeq();
    const fresh: NewArticle[] = [];
    for (const article of articles) {
      const { host, path } = hostAndPath(article.url);
      // id, seq, published, type, paywalled, registration, https, iframeable, source_id, domain, host,
      // path, topics, companies — in the order of the columns.
      const columns = [
        article.id,
        seq,
        Date.parse(article.publishedAt),
        article.type,
        article.paywalled ? 1 : 0,
        article.registrationRequired ? 1 : 0,
        flagColumn(article.source.https),
        flagColumn(article.source.iframeable),
        article.source.id,
        article.source.domain,
        host,
        path,
        article.topics.map((t) => t.id).join(','),
        article.companies.map((c) => c.id).join(','),
        article.language,
      ];
      const words = {
        headline: wordsOf(article.headline).join(' '),
        introduction: wordsOf(article.introduction).join(' '),
      };
      // New articles (the common case) have no old text to forget; they join a story (or start one).
      let rid = (s.insertArticle.get([...columns, article.id]) as { rid: number } | undefined)?.rid;
      if (rid === undefined) {
        // A stored article keeps its story: `story.id` never changes once given.
        rid = (s.updateArticle.get([...columns.slice(1), article.id]) as { rid: number }).rid;
        if (!texts.has(rid)) s.deleteText.run(rid);
      } else {
        fresh.push({ rid, id: article.id, published: columns[2] as number, words });
      }
      // The story is derived (and its size changes): documents are stored without it.
      s.upsertDoc.run(rid, JSON.stringify({ ...article, story: undefined }));
      texts.set(rid, [rid, words.headline, words.introduction]);
    }
    if (fresh.length && this.options.groupStories !== false) this.groupStories(fresh, seq, texts);
  }

  /**
   * Puts each new article into the story of an earlier one it repeats (published within 72 hours, in
   * near-identical words), and records its band keys for the articles after it. One look-up and one
   * insert per batch: the batch's own articles are matched among themselves in memory. `unstored`
   * holds the words of what this transaction wrote before (the earlier writes of a group commit, whose
   * words are stored only when it ends).
   */
  private groupStories(
    fresh: NewArticle[],
    seq: number,
    unstored: ReadonlyMap<number, [number, string, string]>,
  ): void {
    const s = this.statements;
    const bands = this.storyBands();
    this.catchUpBands(bands, fresh[0]!.rid);
    const keysOf = fresh.map((a) => storyBands(a.words));
    const ridsOf = fresh.map((a, i) => bands.candidates(keysOf[i]!, a.published, MAX_STORY_CANDIDATES, a.words));
    // Candidates indexed before this batch: their story and words, in one query.
    const batch = new Map(fresh.map((a) => [a.rid, a]));
    const wanted = [...new Set(ridsOf.flat())].filter((rid) => !batch.has(rid));
    const stored = new Map(
      (wanted.length ? s.storyCandidates.all(JSON.stringify(wanted)) : []).map((c) => {
        const written = c.headline === null ? unstored.get(c.rid) : undefined;
        return [c.rid, written ? { ...c, headline: written[1], introduction: written[2] } : c];
      }),
    );
    const storyOf = new Map<number, string>();
    // Earlier articles of this batch are candidates too: a small index of their own.
    const local = new StoryBandIndex(fresh.length);
    const texts = new Map<number, StoryText>();
    const textOf = (rid: number, words: StoryWords) => {
      let text = texts.get(rid);
      if (!text) texts.set(rid, (text = storyText(words)));
      return text;
    };
    fresh.forEach((article, i) => {
      let story = article.id;
      const candidates = [
        ...ridsOf[i]!,
        ...local.candidates(keysOf[i]!, article.published, MAX_STORY_CANDIDATES, article.words),
      ];
      // Most articles have no candidate at all: their words are not prepared for comparing.
      const mineText = candidates.length ? textOf(article.rid, article.words) : null;
      for (const rid of candidates) {
        const mine = batch.get(rid);
        const theirs = mine ? { ...mine.words, story: storyOf.get(rid) } : stored.get(rid);
        if (!theirs || rid === article.rid || theirs.story === undefined) continue;
        if (theirs.headline === null || theirs.introduction === null) continue;
        if (sameStory(mineText!, textOf(rid, { headline: theirs.headline, introduction: theirs.introduction }))) {
          story = theirs.story;
          s.setStory.run(story, article.rid);
          // The story's first article is re-read by query engines, which now count it as grouped.
          s.touchArticle.run(seq, story);
          break;
        }
      }
      storyOf.set(article.rid, story);
      local.add(article.rid, article.published, keysOf[i]!, article.words);
    });
    fresh.forEach((article, i) => bands.add(article.rid, article.published, keysOf[i]!, article.words));
  }

  private bands: StoryBandIndex | null = null;

  /** The band index of recent articles, built from their stored words on first use. */
  private storyBands(): StoryBandIndex {
    if (this.bands) return this.bands;
    const bands = new StoryBandIndex(STORY_BAND_LIMIT);
    const recent = this.statements.recentWords.all(STORY_BAND_LIMIT).reverse();
    for (const row of recent) bands.add(row.rid, row.published, storyBands(row), row);
    this.bands = bands;
    return bands;
  }

  /**
   * Adds to the band index what other processes wrote since this one last looked (`tidings import`
   * beside the worker, say): their articles have rids between the newest this process knows and the
   * first of its own write (rids only grow, and the write holds the file's lock, so none is between
   * being written). The newest `STORY_BAND_LIMIT` of them, as at start-up.
   */
  private catchUpBands(bands: StoryBandIndex, firstFresh: number): void {
    const rows = this.statements.wordsBetween.all(bands.newest, firstFresh, STORY_BAND_LIMIT).reverse();
    for (const row of rows) bands.add(row.rid, row.published, storyBands(row), row);
  }

  /** Stored articles by id, read now (no cached documents: a write may be under way). */
  private storedByIds(ids: readonly string[]): Article[] {
    if (!ids.length) return [];
    const rids = this.statements.ridsOfIds.all(JSON.stringify(ids)).map((r) => r.rid);
    if (!rids.length) return [];
    return this.statements.docs.all(JSON.stringify(rids)).map(toArticle);
  }

  /** `work` in an IMMEDIATE transaction (see `writeSync`): the write lock is taken, or waited for, first. */
  private immediately<T>(work: () => T): T {
    return this.db.transaction(work).immediate();
  }

  private removeRids(rids: number[]): number {
    if (!rids.length) return 0;
    const s = this.statements;
    this.immediately(() => {
      const seq = s.bumpSeq.get()!;
      for (const rid of rids) {
        s.deleteArticle.run(rid);
        s.deleteDoc.run(rid);
        s.deleteText.run(rid);
        s.deleteWords.run(rid);
        s.tombstone.run(rid, seq);
      }
    });
    this.wroteSinceRefresh = true;
    return rids.length;
  }

  async remove(ids: readonly string[]): Promise<number> {
    if (!ids.length) return 0;
    return this.removeRids(this.statements.ridsOfIds.all(JSON.stringify(ids)).map((r) => r.rid));
  }

  async removeBySource(sourceId: string): Promise<number> {
    return this.removeRids(this.statements.ridsOfSource.all(sourceId));
  }

  async removePublishedBefore(ms: number): Promise<number> {
    return this.removeRids(this.statements.ridsBefore.all(ms));
  }

  /** The query engine, loaded on first use and brought up to date with every write. */
  private engine(): PostingEngine {
    const s = this.statements;
    if (!this.hot) {
      const parents = new Map(Object.entries(this.options.topicParents ?? {}).map(([c, p]) => [Number(c), p]));
      const engine = new PostingEngine(parents);
      this.db.transaction(() => {
        const seq = s.currentSeq.get()!;
        engine.apply([], s.allRows.iterate() as Iterable<EngineRow>, seq);
      })();
      this.hot = engine;
      this.docCache.clear();
      this.printedCache.clear();
      this.dataVersion = s.dataVersion.get()!;
      this.wroteSinceRefresh = false;
      return engine;
    }
    const version = s.dataVersion.get()!;
    if (version !== this.dataVersion || this.wroteSinceRefresh) {
      const engine = this.hot;
      this.db.transaction(() => {
        const seq = s.currentSeq.get()!;
        if (seq !== engine.seq) {
          const removed = s.removedSince.all(engine.seq);
          for (const rid of removed) {
            this.docCache.delete(rid);
            this.printedCache.delete(rid);
          }
          engine.apply(removed, this.forgettingDocs(s.rowsSince.iterate(engine.seq) as Iterable<EngineRow>), seq);
        }
      })();
      this.dataVersion = version;
      this.wroteSinceRefresh = false;
    }
    return this.hot;
  }

  /** The rows of a write as the engine takes them, each one's cached document dropped on the way. */
  private *forgettingDocs(rows: Iterable<EngineRow>): Iterable<EngineRow> {
    for (const row of rows) {
      this.docCache.delete(row[0]);
      this.printedCache.delete(row[0]);
      yield row;
    }
  }

  private readonly phraseMatches = (words: readonly string[]): Uint32Array =>
    Uint32Array.from(this.statements.textMatches.all(ftsMatchExpression([{ words: [...words] }])));

  private readonly pathsOf = (rids: Uint32Array): Map<number, string> =>
    new Map(this.statements.pathsOf.all(JSON.stringify(Array.from(rids))).map((r) => [r.rid, r.path]));

  /** The rows the filters select (of one story), kept with their total until the data changes. */
  private plan(engine: PostingEngine, filters: FeedFilters, storyId: string | null = null): EnginePlan {
    return engine.remember(
      `plan:${storyId ?? ''}:${canonicalFilters(filters)}`,
      () => {
        const plan = engine.plan(
          filters,
          this.phraseMatches,
          this.pathsOf,
          storyId === null ? null : Uint32Array.from(this.statements.storyRids.all(storyId)),
        );
        // Kept past this read: out of the room lent to its intermediate sets.
        return { ...plan, rows: ownSet(plan.rows) };
      },
      (plan) => setBytes(plan.rows),
    );
  }

  /** A read of the query engine: the room lent to its intermediate sets is taken back when it ends. */
  private read<T>(run: (engine: PostingEngine) => T): T {
    try {
      return run(this.engine());
    } finally {
      releaseScratch();
    }
  }

  async facets(query: FacetQuery): Promise<FacetCounts> {
    return this.read((engine) => {
      const plan = this.plan(engine, query.filters);
      const key = `facets:${query.facets.join(',')}:${query.size ?? ''}:${canonicalFilters(query.filters)}`;
      // Cut where they are counted, on the query thread: only the lists the API shows go back to it, and
      // only what can reach them is counted.
      return engine.remember(key, () => engine.facets(plan, query.facets, query.size));
    });
  }

  async story(storyId: string): Promise<StoryRef | null> {
    const size = this.statements.storySize.get(storyId)!;
    return size ? { id: storyId, size } : null;
  }

  private hydrate(rids: number[]): Article[] {
    if (!rids.length) return [];
    const byRid = this.documents(rids);
    return rids.flatMap((rid) => byRid.get(rid) ?? []);
  }

  /**
   * The stored articles of rows, with their facts (a row no longer stored is left out); those read
   * from SQLite are kept in `docCache` when `keep`.
   */
  private documents(rids: number[], keep = true): Map<number, Article> {
    // Documents are cached only once the engine has caught up with every write (see `docCache`).
    const engine = this.hot ? this.engine() : null;
    const cache = engine ? this.docCache : null;
    const byRid = new Map<number, Article>();
    const missing: number[] = [];
    for (const rid of rids) {
      const article = cache?.get(rid);
      const facts = article && engine!.rowFacts(rid);
      if (facts) byRid.set(rid, withFacts(article, facts));
      else missing.push(rid);
    }
    const unknown: number[] = engine ? [] : missing;
    if (engine && missing.length) {
      for (const row of this.statements.docsOnly.all(JSON.stringify(missing))) {
        const facts = engine.rowFacts(row.rid);
        if (!facts) {
          unknown.push(row.rid); // written after the engine last caught up
          continue;
        }
        const article = JSON.parse(row.doc) as Article;
        if (keep) {
          if (cache!.size >= DOC_CACHE_ROWS) cache!.clear();
          cache!.set(row.rid, article);
        }
        byRid.set(row.rid, withFacts(article, facts));
      }
    }
    if (unknown.length) {
      for (const row of this.statements.docs.all(JSON.stringify(unknown))) byRid.set(row.rid, toArticle(row));
    }
    return byRid;
  }

  async getByIds(ids: readonly string[], filters?: FeedFilters): Promise<Article[]> {
    if (!ids.length) return [];
    const found = new Map(this.statements.ridsOfIds.all(JSON.stringify(ids)).map((r) => [r.id, r.rid]));
    let rids = ids.flatMap((id) => found.get(id) ?? []);
    if (filters) {
      rids = this.read((engine) => {
        const plan = this.plan(engine, filters);
        return rids.filter((rid) => engine.matches(rid, plan));
      });
    }
    return this.hydrate(rids);
  }

  async query(query: IndexQuery): Promise<IndexPage> {
    const stall = this.options.stallOn;
    if (stall && query.filters.searchTerms.some((t) => t.words.includes(stall.word))) {
      // Holds the thread as an expensive query would (asleep, so that a test's timing depends on the
      // thread being taken, not on how busy the machine's cores are).
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, stall.ms);
    }
    const page = this.read((engine) => {
      const plan = this.plan(engine, query.filters, query.storyId ?? null);
      return engine.page(plan, query.limit, query.offset ?? 0, query.after ?? null, EXACT_TOTAL_LIMIT);
    });
    const answer = {
      total: Math.min(page.total, EXACT_TOTAL_LIMIT),
      totalExact: page.total <= EXACT_TOTAL_LIMIT,
      hasMore: page.hasMore,
    };
    if (!query.json || !this.printArticle) return { articles: this.hydrate(page.rids), ...answer };
    return { articles: [], ...answer, json: this.printPage(page.rids, this.printArticle) };
  }

  /** A page's articles as the API prints them: a JSON array, UTF-8, in an array of its own. */
  private printPage(rids: readonly number[], print: (article: Article) => string): PrintedArticles {
    // Cached only once the engine has caught up with every write, as documents are (see `docCache`).
    const engine = this.hot ? this.engine() : null;
    const cache = this.printedCache;
    const docs = new Array<PrintedDoc | undefined>(rids.length);
    const missing: number[] = [];
    for (let i = 0; i < rids.length; i++) {
      const rid = rids[i]!;
      const printed = engine ? cache.get(rid) : undefined;
      if (printed && sameFacts(printed.facts, engine!.rowFacts(rid))) docs[i] = printed;
      else missing.push(rid);
    }
    if (missing.length) {
      const at = new Map(rids.map((rid, i) => [rid, i]));
      for (const [rid, article] of this.documents(missing, false)) {
        const facts = engine?.rowFacts(rid) ?? null;
        const text = print(article);
        const printed: PrintedDoc = {
          text,
          bytes: Buffer.byteLength(text),
          facts,
          last: positionAfter(article)!,
        };
        docs[at.get(rid)!] = printed;
        if (facts) cache.offer(rid, printed);
      }
    }
    const found = docs.filter((d): d is PrintedDoc => d !== undefined);
    let length = found.length ? found.length + 1 : 2;
    for (const doc of found) length += doc.bytes;
    // Not from Buffer's shared pool: the page's bytes are handed to another thread.
    const bytes = Buffer.allocUnsafeSlow(ROOM_BEFORE + length + ROOM_AFTER);
    const start = ROOM_BEFORE;
    bytes[start] = 0x5b; // [
    let offset = start + 1;
    for (const [i, doc] of found.entries()) {
      if (i) bytes[offset++] = 0x2c; // ,
      offset += bytes.write(doc.text, offset, doc.bytes, 'utf8');
    }
    bytes[offset] = 0x5d; // ]
    return { bytes, start, end: offset + 1, count: found.length, last: found.at(-1)?.last ?? null };
  }

  async reclassified(articles: readonly Article[]): Promise<number> {
    if (!articles.length) return 0;
    // Read and write in one IMMEDIATE transaction: nothing else writes in between.
    return this.immediately(() => {
      const ids = articles.map((a) => a.id);
      const found = new Map(this.statements.ridsOfIds.all(JSON.stringify(ids)).map((r) => [r.id, r.rid]));
      const current = new Map(this.hydrate(ids.flatMap((id) => found.get(id) ?? [])).map((a) => [a.id, a]));
      const merged = articles.flatMap((meaning) => {
        const stored = current.get(meaning.id);
        return stored ? [withMeaning(stored, meaning)] : [];
      });
      if (merged.length) this.writeSync([{ upsert: merged }]);
      return merged.length;
    });
  }

  async setHostFlags(domain: string, flags: HostFlags): Promise<number> {
    // Mostly nothing differs (a first probe of a new host, a daily probe that finds the same): then
    // nothing is written at all.
    const keys = (['https', 'iframeable'] as const).filter(
      (key) => flags[key] !== undefined && this.statements.flagDiffers[key].get(domain, flagColumn(flags[key])),
    );
    if (!keys.length) return 0;
    let changed = 0;
    this.immediately(() => {
      const seq = this.statements.bumpSeq.get()!;
      for (const key of keys) {
        const value = flagColumn(flags[key]!);
        changed += this.statements.setFlag[key].run(value, seq, domain, value).changes;
      }
    });
    this.wroteSinceRefresh = true;
    return changed;
  }

  async stats(): Promise<IndexStats> {
    const row = this.statements.stats.get()!;
    return {
      articles: row.n,
      sources: row.sources,
      newestPublishedAt: row.newest === null ? null : formatInstant(row.newest),
      oldestPublishedAt: row.oldest === null ? null : formatInstant(row.oldest),
    };
  }

  async scan({ sourceId = null, from = null, limit }: ScanOptions): Promise<ScanBatch> {
    const ids = sourceId
      ? this.statements.idsOfSourceAfter.all(sourceId, from ?? '', limit + 1)
      : this.statements.idsAfter.all(from ?? '', limit + 1);
    const page = ids.slice(0, limit);
    return { articles: await this.getByIds(page), next: ids.length > limit ? page.at(-1)! : null };
  }

  async sourceCounts(): Promise<Map<string, number>> {
    // A loaded engine has them as posting sizes; otherwise SQLite counts.
    if (this.hot) return this.engine().sourceCounts();
    const rows = this.db
      .prepare<[], { source_id: string; n: number }>('SELECT source_id, count(*) AS n FROM articles GROUP BY source_id')
      .all();
    return new Map(rows.map((r) => [r.source_id, r.n]));
  }

  async ping(): Promise<void> {
    this.statements.currentSeq.get();
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
