#!/usr/bin/env node
// Do the two index engines answer alike? The same synthetic articles (wire copies among them, so that
// stories form) are written, in the same batches, into a fresh embedded index and a fresh index on a
// Meilisearch server; two APIs are started on them (the same Redis keys and cursor secret), and every
// query of a varied mix is asked of both: feed pages (as given, and with collapseStories=1), cursor
// pages followed three deep, facets, and the stories the answers name. Then the same writes are made
// to both while their APIs run (fetches of new and of changed articles, probe flags, a
// re-classification, removals, purges and retention), and part of the mix is asked again. Two answers
// agree when their JSON bodies and status codes are equal. Last, the articles of the real and tricky
// feeds (../shared/data/feeds) are written into both and searched by words taken from their own texts:
// the answers are compared, and each engine must find the article a term came from. Prints how many
// agreed, by kind, and the first differences with the path where each starts. The synthetic texts'
// words and search terms are drawn by the word counts of HuffPost's headlines.
// Not part of `npm test`: it needs a Meilisearch server (MEILI_API_KEY from the environment).
// Usage: npm run eval:engines -- --meili-url http://127.0.0.1:7700 [--articles 20000] [--queries 1000] [--terms 500]
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Meilisearch } from 'meilisearch';
import { loadCatalog, topicParents } from '@tidings/catalog/catalog';
import { encodeArticles } from '@tidings/core/article';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { MeilisearchArticleIndex } from '@tidings/index/meilisearch';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { createRedis } from '@tidings/store/redis';
import { toArticle } from '../../apps/cli/dist/import-articles.js';
import { createGenerator, rng } from '../../scripts/synthetic-articles.mjs';
import { LANGUAGES, variedMix, vocabularyOf } from '../api/queries.mjs';
import { readRealFeeds, realFeedBodies } from '../classify/sets.mjs';

const USAGE =
  'Usage: npm run eval:engines -- --meili-url http://127.0.0.1:7700 [--articles 20000] [--queries 1000] [--terms 500] [--show 10]';
let args;
try {
  ({ values: args } = parseArgs({
    options: {
      'meili-url': { type: 'string' },
      articles: { type: 'string', default: '20000' },
      queries: { type: 'string', default: '1000' },
      show: { type: 'string', default: '10' },
      terms: { type: 'string', default: '500' },
    },
  }));
} catch (error) {
  console.error(`eval:engines: ${error.message}\n${USAGE}`);
  process.exit(2);
}
if (!args['meili-url']) {
  console.error(`eval:engines compares the embedded index with a Meilisearch server: give --meili-url\n${USAGE}`);
  process.exit(2);
}
for (const name of ['articles', 'queries', 'show', 'terms']) {
  if (!/^\d+$/.test(args[name])) {
    console.error(`eval:engines: --${name} must be a whole number, not ${args[name]}\n${USAGE}`);
    process.exit(2);
  }
}
const MEILI_URL = args['meili-url'];
const MEILI_API_KEY = process.env.MEILI_API_KEY;
const total = Number(args.articles);
const root = fileURLToPath(new URL('../../', import.meta.url));
const NOW = Date.UTC(2026, 10, 22);
const work = mkdtempSync(join(tmpdir(), 'tidings-eval-engines-'));
/** Its own Meilisearch index, deleted at the end (and at the start, should a run have stopped half-way). */
const meiliIndex = 'tidings_eval_engines';
const children = new Set();
process.once('exit', () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(work, { recursive: true, force: true });
});

// --- the same articles into both engines ---------------------------------------------------------
const huffpost = join(root, '..', 'shared', 'data', 'topics', 'huffpost', 'news_category_v3_newest_10k.jsonl');
const vocabulary = vocabularyOf(
  readFileSync(huffpost, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line).headline),
);
const generator = createGenerator({ seed: 7, hosts: 500, now: NOW, vocabulary, languages: LANGUAGES, copies: 0.15 });
/** An adapter on each engine's index: the embedded file in `work`, and `meiliIndex` on the server. */
const adapters = () => [
  new EmbeddedArticleIndex({ file: join(work, 'articles.sqlite') }),
  new MeilisearchArticleIndex({
    host: MEILI_URL,
    ...(MEILI_API_KEY ? { apiKey: MEILI_API_KEY } : {}),
    indexUid: meiliIndex,
    topicParents: topicParents(),
    taskTimeoutMs: 600_000,
  }),
];
const [embedded, meili] = adapters();
const dropMeili = () =>
  new Meilisearch({ host: MEILI_URL, ...(MEILI_API_KEY ? { apiKey: MEILI_API_KEY } : {}) }).deleteIndexIfExists(
    meiliIndex,
  );
await dropMeili();
await embedded.init();
await meili.init();
/** Some of the articles written, for the second round's writes (updates, re-classification, removal). */
const sample = [];
const sampleRandom = rng(5);
const catalog = loadCatalog();
const indexedAt = new Date(NOW).toISOString().replace('.000Z', 'Z');
{
  const started = performance.now();
  for (let done = 0; done < total; done += 1_000) {
    const articles = await Promise.all(
      Array.from({ length: Math.min(1_000, total - done) }, () => toArticle(generator.next(), catalog, indexedAt)),
    );
    await embedded.upsert(articles);
    await meili.upsert(articles);
    for (const article of articles) if (sample.length < 2_000 && sampleRandom() < 0.1) sample.push(article);
    process.stderr.write(`\rwriting ${done + articles.length}/${total} articles into both engines`);
  }
  process.stderr.write(` (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
}
await embedded.close();
await meili.close();

// --- two APIs ------------------------------------------------------------------------------------
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Both APIs sign cursors with one secret, so that a cursor of one is a cursor of the other. */
const SECRET = randomUUID();
const prefix = `tidings-eval-engines:${randomUUID().slice(0, 8)}:`;
const redis = createRedis({ url: REDIS_URL });
const { key } = await new ApiKeyStore(redis, prefix).create('eval-engines', 1_000_000_000);

function start(port, env) {
  return new Promise((resolve, reject) => {
    const child = fork(join(root, 'apps/api/dist/server.js'), [], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        REDIS_URL,
        REDIS_PREFIX: prefix,
        CURSOR_SECRET: SECRET,
        LOG_LEVEL: 'warn',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    children.add(child);
    child.once('exit', (code) => reject(new Error(`the API on port ${port} exited with ${code}`)));
    const poll = setInterval(async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) {
          clearInterval(poll);
          child.removeAllListeners('exit');
          resolve(child);
        }
      } catch {
        // not listening yet
      }
    }, 200);
  });
}
const EMBEDDED = 'http://127.0.0.1:3295';
const MEILI = 'http://127.0.0.1:3296';
await Promise.all([
  start(3295, { DATA_DIR: work }),
  start(3296, { INDEX: 'meilisearch', MEILI_URL, MEILI_INDEX: meiliIndex }),
]);

// --- the queries, asked of both ------------------------------------------------------------------
const companies = JSON.parse(readFileSync(join(root, 'packages/catalog/data/companies.json'), 'utf8')).slice(0, 1500);
const topics = JSON.parse(readFileSync(join(root, 'packages/catalog/data/topics.json'), 'utf8'));
const { variedQueries, facetQueries } = variedMix({
  count: Number(args.queries),
  vocabulary,
  topics,
  companies,
  sources: generator.sources,
  languages: LANGUAGES,
  now: NOW,
  feedPath: (qs) => `/api/v2/feed/?${qs}`,
  facetsPath: (qs) => `/api/v2/facets/?${qs}`,
});

/** The first place where two JSON values differ, as a path, or null when they are equal. */
function firstDifference(a, b, path = '') {
  if (Object.is(a, b)) return null;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return path || '(body)';
  if (Array.isArray(a) !== Array.isArray(b)) return path;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  if (Array.isArray(a) && a.length !== b.length) {
    // Name the first differing element rather than only the lengths.
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const inner = firstDifference(a[i], b[i], `${path}[${i}]`);
      if (inner) return inner;
    }
    return `${path}.length`;
  }
  for (const k of keys) {
    const inner = firstDifference(a[k], b[k], Array.isArray(a) ? `${path}[${k}]` : `${path}.${k}`);
    if (inner) return inner;
  }
  return null;
}
const valueAt = (body, path) =>
  path
    .replace(/\.length$/, '')
    .split(/\.|\[|\]/)
    .filter(Boolean)
    .reduce((v, k) => (v == null ? v : v[k]), body);

const tally = new Map();
const differences = [];
const storiesSeen = new Set();
async function ask(kind, path) {
  const withKey = `${path}${path.includes('?') ? '&' : '?'}apiKey=${key}`;
  const [a, b] = await Promise.all([fetch(`${EMBEDDED}${withKey}`), fetch(`${MEILI}${withKey}`)]);
  const [bodyA, bodyB] = [await a.json(), await b.json()];
  for (const body of [bodyA, bodyB]) {
    delete body.requestId; // each answer's own
    for (const article of body.articles ?? []) if (article.story?.size > 1) storiesSeen.add(article.story.id);
  }
  const where = a.status !== b.status ? 'status' : firstDifference(bodyA, bodyB);
  const entry = tally.get(kind) ?? { asked: 0, agreed: 0 };
  entry.asked++;
  if (!where) entry.agreed++;
  else differences.push({ kind, path, where, embedded: valueAt(bodyA, where), meilisearch: valueAt(bodyB, where) });
  tally.set(kind, entry);
  return a.status === 200 && b.status === 200 && !where ? bodyA : null;
}

const random = rng(11);
const FACET_NAMES = ['types', 'topics', 'companies', 'sources', 'languages', 'days'];
/** One round: the mix's first `feeds` feed queries and `facets` facet queries, and the stories seen. */
async function round(name, feeds, facets) {
  storiesSeen.clear();
  for (const [i, path] of variedQueries.slice(0, feeds).entries()) {
    await ask(`${name}: feed page`, path);
    if (i % 3 === 0) await ask(`${name}: feed page, collapseStories=1`, `${path}&collapseStories=1`);
    if (i % 5 === 0) {
      // Cursor paging from the first page: the same filters without `page`, three pages deep.
      let next = path.replace(/&page=\d+/, '');
      for (let depth = 0; depth < 3 && next; depth++) {
        const body = await ask(`${name}: cursor page`, next);
        next = body?.links.next ?? null;
      }
    }
    if ((i + 1) % 100 === 0) process.stderr.write(`\r${name}: ${i + 1}/${feeds} feed queries`);
  }
  process.stderr.write('\n');
  for (const path of facetQueries.slice(0, facets)) {
    const size = 1 + Math.floor(random() * 20);
    const some = FACET_NAMES.filter(() => random() < 0.5);
    await ask(`${name}: facets`, `${path}&facetSize=${size}${some.length ? `&facets=${some.join(',')}` : ''}`);
    if (random() < 0.3) await ask(`${name}: facets, collapseStories=1`, `${path}&collapseStories=1`);
  }
  for (const id of [...storiesSeen].slice(0, 300)) await ask(`${name}: story`, `/api/v2/stories/${id}/`);
}

const started = performance.now();
await round('written', variedQueries.length, facetQueries.length);

// --- the same writes into both, as the worker, the probes, reindex and retention make them ----------
const writesStarted = performance.now();
{
  const writers = adapters();
  const each = async (write) => {
    for (const writer of writers) await write(writer);
  };
  await each((w) => w.init());
  const pick = (list, n) => Array.from({ length: n }, () => list[Math.floor(random() * list.length)]);
  // Fetches: 2 000 new articles (wire copies of recent ones among them) and 300 stored ones changed,
  // each fetch one source's.
  const fresh = await Promise.all(Array.from({ length: 2_000 }, () => toArticle(generator.next(), catalog, indexedAt)));
  const changed = [...new Set(pick(sample, 300))].map((a) => ({ ...a, headline: `${a.headline} (updated)` }));
  const bySource = Map.groupBy([...fresh, ...changed], (a) => a.source.id);
  for (const [sourceId, articles] of bySource) {
    await each((w) => w.ingest({ sourceId, articles: encodeArticles(articles), hostFlags: {} }));
  }
  // Probes, a re-classification, removals, a purge and retention.
  for (const source of pick(generator.sources, 40)) {
    const flag = () => [true, false, null][Math.floor(random() * 3)];
    const flags = { https: flag(), iframeable: flag() };
    await each((w) => w.setHostFlags(source.domain, flags));
  }
  const reclassified = [...new Set(pick(sample, 300))].map((a) => ({
    ...a,
    topics: pick(topics, 2).map((t) => ({ id: t.id, name: t.name })),
    companies: [],
  }));
  await each((w) => w.reclassified(reclassified));
  const removed = [...new Set(pick(sample, 300).map((a) => a.id))];
  await each((w) => w.remove(removed));
  for (const source of pick(generator.sources, 5)) await each((w) => w.removeBySource(source.id));
  await each((w) => w.removePublishedBefore(NOW - 200 * 86_400_000));
  await each((w) => w.close());
}
const writeSeconds = (performance.now() - writesStarted) / 1000;
await round('after more writes', 300, 200);

// --- real feeds' texts, searched by words taken from them ------------------------------------------
// The synthetic texts are plain words; a reader searches what real feeds write: apostrophes, hyphens,
// capitals, quotes, amounts, accents, other scripts. The articles of every real and tricky feed the
// worker can read go into both engines (one source a feed), and terms are taken from their headlines
// and introductions as written (a run of one to three words, its case or accents sometimes changed as a
// reader types them). Besides comparing the two answers, each engine must find the article a term was
// taken from (§1.2: a run of whole words of its headline or introduction) among that source's matches.
const realStarted = performance.now();
const realArticles = [];
{
  const seen = new Set();
  for (const kind of ['real', 'tricky']) {
    for (const [n, feed] of (await readRealFeeds(catalog, realFeedBodies(kind))).entries()) {
      const source = { id: `${kind}-${n + 1}`, name: `${kind} feed ${n + 1}` };
      for (const article of feed) {
        if (seen.has(article.id)) continue; // found in two sources, it belongs to the first
        seen.add(article.id);
        realArticles.push({ ...article, source: { ...article.source, ...source } });
      }
    }
  }
  const writers = adapters();
  for (const writer of writers) {
    await writer.init();
    for (const [sourceId, articles] of Map.groupBy(realArticles, (a) => a.source.id)) {
      await writer.ingest({ sourceId, articles: encodeArticles(articles), hostFlags: {} });
    }
    await writer.close();
  }
}
/** A run of one to three words of a text, as written, with the signs around it trimmed (none: no such run). */
function runOf(text) {
  const words = text.split(/\s+/).filter(Boolean);
  if (!words.length) return null;
  const at = Math.floor(random() * words.length);
  const run = words
    .slice(at, at + 1 + Math.floor(random() * 3))
    .join(' ')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  // A comma separates terms in the query; a term holds at most 100 characters.
  return /[\p{L}\p{N}]/u.test(run) && !run.includes(',') && run.length <= 100 ? run : null;
}
/**
 * The term as a reader may type it: as written, in lower or upper case, without its Latin accents, with a
 * keyboard's quotes and dashes for the typographic ones ("don't" for "don’t"), or with spaces for its
 * hyphens and slashes ("covid 19").
 */
function typed(term) {
  const r = random();
  if (r < 0.3) return term;
  if (r < 0.45) return term.toLowerCase();
  if (r < 0.55) return term.toUpperCase();
  if (r < 0.75)
    return term
      .normalize('NFD')
      .replace(/(?<=[a-zA-Z])\p{M}+/gu, '')
      .normalize('NFC');
  if (r < 0.9)
    return term
      .replace(/[‘’‚′]/g, "'")
      .replace(/[“”„″«»]/g, '"')
      .replace(/[‐‑‒–—―]/g, '-');
  return term.replace(/[-‐‑‒–—―/]/g, ' ');
}
const found = { embedded: 0, meilisearch: 0 };
const notFound = [];
const TERMS = Number(args.terms);
let asked = 0;
for (let tries = 0; asked < TERMS && tries < 10 * TERMS && realArticles.length; tries++) {
  const article = realArticles[Math.floor(random() * realArticles.length)];
  const run = runOf(random() < 0.5 ? article.headline : article.introduction);
  if (!run) continue;
  const term = typed(run);
  asked++;
  const searched = `/api/v2/feed/?searchTerms=${encodeURIComponent(term)}&pageSize=100`;
  await ask('real texts: search', searched);
  if (asked % 4 === 0) await ask('real texts: search, collapseStories=1', `${searched}&collapseStories=1`);
  // The source's matches, newest first, paged by cursor until the article is met.
  for (const [engine, base] of [
    ['embedded', EMBEDDED],
    ['meilisearch', MEILI],
  ]) {
    let next = `/api/v2/feed/?searchTerms=${encodeURIComponent(term)}&includeSources=${article.source.id}&pageSize=100`;
    let met = false;
    for (let pages = 0; next && !met && pages < 20; pages++) {
      const body = await (await fetch(`${base}${next}&apiKey=${key}`)).json();
      met = (body.articles ?? []).some((a) => a.id === article.id);
      next = body.links?.next ?? null; // links never hold the key
    }
    if (met) found[engine]++;
    else notFound.push({ engine, term, id: article.id, headline: article.headline });
  }
  if (asked % 50 === 0) process.stderr.write(`\rreal texts: ${asked}/${TERMS} terms`);
}
process.stderr.write('\n');
const realSeconds = (performance.now() - realStarted) / 1000;
const seconds = (performance.now() - started) / 1000;

console.log(
  `\neval:engines — ${total.toLocaleString('en')} synthetic articles (15 % wire copies) written into the embedded ` +
    `index and into Meilisearch at ${MEILI_URL} (index ${meiliIndex}); each query asked of an API on each ` +
    `(${seconds.toFixed(0)} s, of which ${writeSeconds.toFixed(0)} s the second round's writes, one fetch at a time). Agreement = equal status and equal JSON body (requestId aside).\n`,
);
console.log('| kind | asked | agreed |\n|---|---|---|');
for (const [kind, { asked, agreed }] of tally) console.log(`| ${kind} | ${asked} | ${agreed} |`);
console.log(
  `\nReal texts: ${realArticles.length} articles of the real and tricky feeds, ${asked} terms taken from them ` +
    `(${realSeconds.toFixed(0)} s). The article a term came from was found by the embedded index for ` +
    `${found.embedded}, by Meilisearch for ${found.meilisearch}.`,
);
for (const miss of notFound.slice(0, Number(args.show))) {
  console.log(
    `- ${miss.engine} did not find ${miss.id} for ${JSON.stringify(miss.term)} (headline ${JSON.stringify(miss.headline)})`,
  );
}
const byWhere = new Map();
for (const d of differences) {
  const where = d.where.replace(/\[\d+\]/g, '[]');
  byWhere.set(where, (byWhere.get(where) ?? 0) + 1);
}
if (differences.length) {
  console.log('\nWhere the answers first differ:');
  for (const [where, n] of [...byWhere].sort((a, b) => b[1] - a[1])) console.log(`  ${n}× ${where}`);
  console.log(`\nThe first ${Math.min(Number(args.show), differences.length)} differences:`);
  for (const d of differences.slice(0, Number(args.show))) {
    console.log(`- ${d.kind}: ${d.path}\n  at ${d.where}: embedded ${JSON.stringify(d.embedded)?.slice(0, 300)}`);
    console.log(`  meilisearch ${JSON.stringify(d.meilisearch)?.slice(0, 300)}`);
  }
}
const ours = await redis.keys(`${prefix}*`);
if (ours.length) await redis.del(ours);
await redis.quit();
await dropMeili();
process.exit(differences.length || notFound.length ? 1 : 0);
