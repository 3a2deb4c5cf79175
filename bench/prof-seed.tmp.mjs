import { loadCatalog } from '@tidings/catalog/catalog';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { toArticle } from '/work/main/apps/cli/dist/import-articles.js';
import { createGenerator } from '/work/main/scripts/synthetic-articles.mjs';
import { rmSync } from 'node:fs';
const g = createGenerator({ seed: 1 });
const catalog = loadCatalog();
const batches = [];
for (let b = 0; b < 10; b++)
  batches.push(Array.from({ length: 20000 }, () => toArticle(g.next(), catalog, '2026-11-22T00:00:00Z')));
import Database from 'better-sqlite3';
for (const [cacheMiB, am] of [
  [64, null],
  [64, 16],
  [64, 0],
  [64, null],
  [64, 16],
]) {
  rmSync('/work/main/bench/.data/seedprof', { recursive: true, force: true });
  const index = new EmbeddedArticleIndex({ file: '/work/main/bench/.data/seedprof/a.sqlite', cacheMiB });
  if (am !== null) {
    const db = new Database('/work/main/bench/.data/seedprof/a.sqlite');
    db.exec(
      `INSERT INTO article_text(article_text, rank) VALUES('automerge', ${am}); INSERT INTO article_text(article_text, rank) VALUES('crisismerge', 64)`,
    );
    db.close();
  }
  const t = performance.now();
  for (const b of batches) index.upsertSync(b);
  console.log('automerge', am, (200000 / ((performance.now() - t) / 1000)).toFixed(0), '/s');
  await index.close();
}
