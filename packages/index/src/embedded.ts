/**
 * `EmbeddedArticleIndex`: the default index, one SQLite file (WAL) beside the process.
 *
 * Layout, chosen for filtered newest-first queries at a million articles:
 * - `articles`: one narrow row per article with only the columns filters read, and an index on
 *   (published DESC, id DESC) so that an unselective query walks the order index and stops early;
 * - `article_topics` / `article_companies`: (value, rid) keys, so that a selective filter drives the
 *   query from the few matching rows instead;
 * - `article_text`: a contentless FTS5 table over pre-folded headline and introduction (phrase search);
 * - `article_docs`: the ARTICLE JSON, read only for the page being served.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { type Article, formatInstant } from '@tidings/core/article';
import type { FeedFilters } from '@tidings/core/query';
import { wordsOf } from '@tidings/core/text';
import { comparableHost, parseHttpUrl } from '@tidings/core/url';
import {
  type ArticleIndex,
  EXACT_TOTAL_LIMIT,
  type HostFlags,
  type IndexPage,
  type IndexQuery,
  type IndexStats,
} from './port.js';
import { buildWhere } from './sql-filters.js';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS articles (
  rid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  published INTEGER NOT NULL,
  type TEXT NOT NULL,
  paywalled INTEGER NOT NULL,
  registration INTEGER NOT NULL,
  https INTEGER,
  iframeable INTEGER,
  source_id TEXT NOT NULL,
  domain TEXT NOT NULL,
  host TEXT NOT NULL,
  path TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS articles_order ON articles (published DESC, id DESC);
CREATE INDEX IF NOT EXISTS articles_domain ON articles (domain);
CREATE INDEX IF NOT EXISTS articles_source ON articles (source_id);
CREATE TABLE IF NOT EXISTS article_docs (rid INTEGER PRIMARY KEY, doc TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS article_topics (topic INTEGER NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (topic, rid)) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS article_companies (company INTEGER NOT NULL, rid INTEGER NOT NULL, PRIMARY KEY (company, rid)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS article_topics_rid ON article_topics (rid);
CREATE INDEX IF NOT EXISTS article_companies_rid ON article_companies (rid);
CREATE VIRTUAL TABLE IF NOT EXISTS article_text USING fts5 (
  headline, introduction, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
);
`;

interface Row {
  rid: number;
  doc: string;
  https: number | null;
  iframeable: number | null;
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
  /** Page cache in MiB (default 256). */
  cacheMiB?: number;
}

export class EmbeddedArticleIndex implements ArticleIndex {
  readonly kind = 'embedded';
  private readonly db: Database.Database;
  private statements!: ReturnType<EmbeddedArticleIndex['prepare']>;
  private readonly queryCache = new Map<string, Database.Statement>();

  constructor(options: EmbeddedIndexOptions) {
    if (options.file !== ':memory:') mkdirSync(dirname(options.file), { recursive: true });
    this.db = new Database(options.file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    this.db.pragma('busy_timeout = 5000');
    this.db.pragma(`cache_size = -${(options.cacheMiB ?? 256) * 1024}`);
    this.db.pragma('temp_store = MEMORY');
    this.db.pragma('mmap_size = 1073741824');
    this.db.exec(SCHEMA);
    this.statements = this.prepare();
  }

  private prepare() {
    const db = this.db;
    return {
      upsertArticle: db.prepare(`
        INSERT INTO articles (id, published, type, paywalled, registration, https, iframeable, source_id, domain, host, path)
        VALUES (@id, @published, @type, @paywalled, @registration, @https, @iframeable, @source_id, @domain, @host, @path)
        ON CONFLICT (id) DO UPDATE SET published = excluded.published, type = excluded.type,
          paywalled = excluded.paywalled, registration = excluded.registration, https = excluded.https,
          iframeable = excluded.iframeable, source_id = excluded.source_id, domain = excluded.domain,
          host = excluded.host, path = excluded.path
        RETURNING rid`),
      upsertDoc: db.prepare('INSERT OR REPLACE INTO article_docs (rid, doc) VALUES (?, ?)'),
      deleteTopics: db.prepare('DELETE FROM article_topics WHERE rid = ?'),
      deleteCompanies: db.prepare('DELETE FROM article_companies WHERE rid = ?'),
      deleteText: db.prepare('DELETE FROM article_text WHERE rowid = ?'),
      insertTopic: db.prepare('INSERT OR IGNORE INTO article_topics (topic, rid) VALUES (?, ?)'),
      insertCompany: db.prepare('INSERT OR IGNORE INTO article_companies (company, rid) VALUES (?, ?)'),
      insertText: db.prepare('INSERT INTO article_text (rowid, headline, introduction) VALUES (?, ?, ?)'),
      ridOf: db.prepare<[string], { rid: number }>('SELECT rid FROM articles WHERE id = ?'),
      deleteArticle: db.prepare('DELETE FROM articles WHERE rid = ?'),
      deleteDoc: db.prepare('DELETE FROM article_docs WHERE rid = ?'),
      ridsOfSource: db.prepare<[string], { rid: number }>('SELECT rid FROM articles WHERE source_id = ?'),
      ridsBefore: db.prepare<[number], { rid: number }>('SELECT rid FROM articles WHERE published < ?'),
      stats: db.prepare<[], { n: number; sources: number; newest: number | null; oldest: number | null }>(
        'SELECT count(*) AS n, count(DISTINCT source_id) AS sources, max(published) AS newest, min(published) AS oldest FROM articles',
      ),
    };
  }

  async init(): Promise<void> {
    // Schema is created in the constructor; nothing else to do.
  }

  async upsert(articles: readonly Article[]): Promise<void> {
    this.upsertSync(articles);
  }

  /** Synchronous bulk upsert in one transaction (used by the import and the benchmark seeder). */
  upsertSync(articles: readonly Article[]): void {
    const s = this.statements;
    this.db.transaction(() => {
      for (const article of articles) {
        const url = parseHttpUrl(article.url);
        const row = s.upsertArticle.get({
          id: article.id,
          published: Date.parse(article.publishedAt),
          type: article.type,
          paywalled: article.paywalled ? 1 : 0,
          registration: article.registrationRequired ? 1 : 0,
          https: flagColumn(article.source.https),
          iframeable: flagColumn(article.source.iframeable),
          source_id: article.source.id,
          domain: article.source.domain,
          host: url ? comparableHost(url.hostname) : '',
          path: url ? url.pathname.toLowerCase() : '',
        }) as { rid: number };
        const rid = row.rid;
        s.upsertDoc.run(rid, JSON.stringify(article));
        s.deleteTopics.run(rid);
        s.deleteCompanies.run(rid);
        s.deleteText.run(rid);
        for (const topic of article.topics) s.insertTopic.run(topic.id, rid);
        for (const company of article.companies) s.insertCompany.run(company.id, rid);
        s.insertText.run(rid, wordsOf(article.headline).join(' '), wordsOf(article.introduction).join(' '));
      }
    })();
  }

  private removeRids(rids: number[]): number {
    const s = this.statements;
    this.db.transaction(() => {
      for (const rid of rids) {
        s.deleteArticle.run(rid);
        s.deleteDoc.run(rid);
        s.deleteTopics.run(rid);
        s.deleteCompanies.run(rid);
        s.deleteText.run(rid);
      }
    })();
    return rids.length;
  }

  async remove(ids: readonly string[]): Promise<number> {
    const rids = ids.flatMap((id) => this.statements.ridOf.get(id)?.rid ?? []);
    return this.removeRids(rids);
  }

  async removeBySource(sourceId: string): Promise<number> {
    return this.removeRids(this.statements.ridsOfSource.all(sourceId).map((r) => r.rid));
  }

  async removePublishedBefore(ms: number): Promise<number> {
    return this.removeRids(this.statements.ridsBefore.all(ms).map((r) => r.rid));
  }

  private cached(sql: string): Database.Statement {
    let statement = this.queryCache.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      if (this.queryCache.size > 500) this.queryCache.clear();
      this.queryCache.set(sql, statement);
    }
    return statement;
  }

  private hydrate(rows: Row[]): Article[] {
    return rows.map((row) => {
      const article = JSON.parse(row.doc) as Article;
      article.source.https = toBool(row.https);
      article.source.iframeable = toBool(row.iframeable);
      return article;
    });
  }

  async getByIds(ids: readonly string[], filters?: FeedFilters): Promise<Article[]> {
    if (!ids.length) return [];
    const where = filters ? buildWhere(filters) : { sql: '1', params: [] };
    const rows = this.cached(
      `SELECT a.id, a.https, a.iframeable, d.doc FROM articles a JOIN article_docs d ON d.rid = a.rid
       WHERE a.id IN (SELECT value FROM json_each(?)) AND ${where.sql}`,
    ).all(JSON.stringify(ids), ...where.params) as (Row & { id: string })[];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return this.hydrate(ids.flatMap((id) => byId.get(id) ?? []));
  }

  async query(query: IndexQuery): Promise<IndexPage> {
    const where = buildWhere(query.filters);
    let pageSql = where.sql;
    const pageParams = [...where.params];
    if (query.after) {
      pageSql += ' AND (a.published, a.id) < (?, ?)';
      pageParams.push(query.after.key, query.after.id);
    }
    const rows = this.cached(
      `SELECT a.rid, a.https, a.iframeable, d.doc FROM articles a JOIN article_docs d ON d.rid = a.rid
       WHERE ${pageSql} ORDER BY a.published DESC, a.id DESC LIMIT ? OFFSET ?`,
    ).all(...pageParams, query.limit + 1, query.offset ?? 0) as Row[];
    const hasMore = rows.length > query.limit;
    const counted = this.cached(
      `SELECT count(*) AS n FROM (SELECT 1 FROM articles a WHERE ${where.sql} LIMIT ${EXACT_TOTAL_LIMIT + 1})`,
    ).get(...where.params) as { n: number };
    const totalExact = counted.n <= EXACT_TOTAL_LIMIT;
    return {
      articles: this.hydrate(rows.slice(0, query.limit)),
      total: totalExact ? counted.n : EXACT_TOTAL_LIMIT,
      totalExact,
      hasMore,
    };
  }

  async setHostFlags(domain: string, flags: HostFlags): Promise<number> {
    let changed = 0;
    for (const key of ['https', 'iframeable'] as const) {
      const value = flags[key];
      if (value === undefined) continue;
      changed += this.db
        .prepare(`UPDATE articles SET ${key} = ? WHERE domain = ? AND ${key} IS NOT ?`)
        .run(flagColumn(value), domain, flagColumn(value)).changes;
    }
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

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  /** Refreshes the planner's statistics (after bulk loads). */
  optimize(): void {
    this.db.pragma('optimize=0x10002');
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
  }
}
