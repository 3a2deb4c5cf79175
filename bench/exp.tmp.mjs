import Database from 'better-sqlite3';
import { rmSync } from 'node:fs';
import { loadCatalog } from '@tidings/catalog/catalog';
import { toArticle } from '/work/main/apps/cli/dist/import-articles.js';
import { createGenerator } from '/work/main/scripts/synthetic-articles.mjs';
import { wordsOf } from '@tidings/core/text';
const g = createGenerator({ seed: 1 });
const arts = Array.from({ length: 100000 }, () => toArticle(g.next(), loadCatalog(), '2026-11-22T00:00:00Z'));
const texts = arts.map((a) => [wordsOf(a.headline).join(' '), wordsOf(a.introduction).join(' ')]);
const docs = arts.map((a) => JSON.stringify(a));
for (const [variant, tok, bs] of [
  ['u61-5k', 'unicode61 remove_diacritics 2', 5000],
  ['u61-50k', 'unicode61 remove_diacritics 2', 50000],
  ['u61-5k', 'unicode61 remove_diacritics 2', 5000],
  ['u61-50k', 'unicode61 remove_diacritics 2', 50000],
]) {
  rmSync('/tmp/exp.sqlite', { force: true });
  rmSync('/tmp/exp.sqlite-wal', { force: true });
  const db = new Database('/tmp/exp.sqlite');
  db.pragma('journal_mode=WAL');
  db.pragma('synchronous=NORMAL');
  db.pragma('cache_size=-262144');
  db.exec(`CREATE TABLE articles (rid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, published INTEGER NOT NULL, type TEXT, host TEXT, path TEXT);
  CREATE INDEX articles_order ON articles (published DESC, id DESC);
  CREATE TABLE docs (rid INTEGER PRIMARY KEY, doc TEXT);
  CREATE TABLE t (topic INTEGER, rid INTEGER, PRIMARY KEY(topic, rid)) WITHOUT ROWID; CREATE INDEX t_rid ON t(rid);
  CREATE VIRTUAL TABLE f USING fts5(h, i, content='', contentless_delete=1, tokenize='${tok ?? 'ascii'}');`);
  const ins = db.prepare('INSERT INTO articles (id, published, type, host, path) VALUES (?,?,?,?,?) RETURNING rid');
  const insd = db.prepare('INSERT INTO docs VALUES (?,?)');
  const inst = db.prepare('INSERT OR IGNORE INTO t VALUES (?,?)');
  const insf = db.prepare('INSERT INTO f (rowid,h,i) VALUES (?,?,?)');
  const t0 = performance.now();
  const level = tok ? 3 : 2;
  for (let b = 0; b < 100000 / bs; b++)
    db.transaction(() => {
      for (let i = b * bs; i < (b + 1) * bs; i++) {
        const a = arts[i];
        const { rid } = ins.get(a.id, Date.parse(a.publishedAt), a.type, 'h', 'p');
        if (level >= 1) insd.run(rid, docs[i]);
        if (level >= 2) {
          for (const x of a.topics) inst.run(x.id, rid);
          for (const x of a.companies) inst.run(x.id + 1e9, rid);
        }
        if (level >= 3) insf.run(rid, texts[i][0], texts[i][1]);
      }
    })();
  console.log(variant, Math.round(100000 / ((performance.now() - t0) / 1000)), '/s');
  db.close();
}
