import Database from 'better-sqlite3';
const db = new Database('bench/.data/api-v4-1000000/articles.sqlite', { readonly: true });
const rows = db.prepare('SELECT key, count(*) AS n FROM story_bands GROUP BY key ORDER BY n DESC LIMIT 8').all();
console.log(rows);
console.log(db.prepare('SELECT count(*) AS bands, count(DISTINCT key) AS keys FROM story_bands').get());
