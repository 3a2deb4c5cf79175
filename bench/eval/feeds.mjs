#!/usr/bin/env node
// Feed reading fidelity: Tidings against Universal Feed Parser (Python's feedparser 6), item by item,
// over the 241 files of ../shared/data/feeds/{real,tricky}. Both read the same bytes; feedparser is
// told the file was fetched from the same URL that Tidings is given. Counts items found, merged (two
// distinct feedparser items that became one article) and missing (a feedparser item with a link that
// became no article); per matched item the agreement of title, link, date and introduction (word
// overlap ≥ 0.9); and defects in Tidings' own text: U+FFFD, tags, undecoded entities, spaces before
// punctuation that the source text did not have, words glued across block elements, and empty
// introductions where feedparser has text.
//
// Needs Debian's python3-feedparser:  apt-get install -y python3-feedparser
// Usage: npm run eval:feeds [-- --show N] [-- --file <part of a file name>]
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalog } from '@tidings/catalog/catalog';
import { wordsOf } from '@tidings/core/text';
import { canonicalizeUrl } from '@tidings/core/url';
import { toSettings } from '@tidings/store/sources';
import { readFeed } from '../../apps/worker/dist/feed/feed-work.js';

const args = process.argv.slice(2);
const option = (name) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const show = Number(option('--show') ?? 0);
const only = option('--file');

const root = fileURLToPath(new URL('../../../shared/data/feeds/', import.meta.url));
const BASE = 'https://feeds.example/';
const files = ['real', 'tricky'].flatMap((kind) =>
  readdirSync(join(root, kind))
    .sort()
    .filter((name) => !only || name.includes(only))
    .map((name) => ({ kind, name, path: join(root, kind, name) })),
);

const PYTHON = ['/usr/bin/python3', 'python3'].find(
  (bin) => spawnSync(bin, ['-c', 'import feedparser'], { stdio: 'ignore' }).status === 0,
);
if (!PYTHON) {
  console.error('eval:feeds needs feedparser 6 for Python 3: apt-get install -y python3-feedparser');
  process.exit(1);
}
const started = performance.now();
const reference = spawnSync(
  PYTHON,
  [fileURLToPath(new URL('./feeds.py', import.meta.url)), BASE, ...files.map((f) => f.path)],
  { encoding: 'utf8', maxBuffer: 1 << 30 },
);
if (reference.status !== 0) {
  console.error(reference.stderr);
  process.exit(1);
}
const parsed = JSON.parse(reference.stdout);
const referenceMs = performance.now() - started;

const catalog = loadCatalog();
const source = { ...toSettings({ feedUrl: `${BASE}feed`, id: 'eval' }), state: 'active' };
/** Far in the future, so that no date is capped at "now" (undated items get exactly this). */
const FETCHED_AT = Date.UTC(2100, 0, 1);

const squash = (text) => (text ?? '').normalize('NFC').replace(/\s+/g, ' ').trim();
const canonical = (url) => {
  if (!url) return null;
  try {
    return canonicalizeUrl(new URL(url, BASE).toString());
  } catch {
    return null;
  }
};
const withoutHash = (url) => url?.replace(/#.*$/, '') ?? null;

/** Share of the reference's words found in Tidings' text (a truncated introduction: its own length). */
function overlap(reference, ours) {
  const want = wordsOf(reference);
  const have = wordsOf(ours.replace(/…$/, ''));
  if (!want.length) return 1;
  const n = ours.endsWith('…') ? Math.min(want.length, have.length) : want.length;
  const bag = new Map();
  for (const w of have) bag.set(w, (bag.get(w) ?? 0) + 1);
  let found = 0;
  for (const w of want.slice(0, n)) {
    const left = bag.get(w) ?? 0;
    if (left) {
      found++;
      bag.set(w, left - 1);
    }
  }
  return found / Math.max(1, n);
}

const count = (text, re) => (text.match(re) ?? []).length;
const SPACE_PUNCT = /\s[,.;:!?)\]]/g;
const ENTITY = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});/gi;
const TAG = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?>/gi;

/** Defects of one text of Tidings against the reference text of the same field. */
function defects(ours, ref) {
  const out = { fffd: count(ours, /\uFFFD/g) };
  out.tags = Math.max(0, count(ours, TAG) - count(ref, TAG));
  out.entities = Math.max(0, count(ours, ENTITY) - count(ref, ENTITY));
  out.spaceBeforePunct = Math.max(0, count(ours, SPACE_PUNCT) - count(ref, SPACE_PUNCT));
  out.glued = 0;
  for (const m of ours.matchAll(/(\p{Ll}{2,})(\p{Lu}\p{Ll}+)/gu)) {
    if (ref.includes(`${m[1]} ${m[2]}`) && !ref.includes(m[0])) out.glued++;
  }
  return out;
}
const DEFECTS = ['fffd', 'tags', 'entities', 'spaceBeforePunct', 'glued', 'emptyIntro'];

const rows = [];
const examples = [];
const note = (kind, file, what) => examples.push({ kind, file, what });
for (const file of files) {
  const ref = parsed[file.path];
  const body = readFileSync(file.path);
  const read = await readFeed(
    {
      body: new Uint8Array(body),
      contentType: null,
      source,
      feedUrl: `${BASE}${file.name}`,
      fetchedAt: FETCHED_AT,
    },
    catalog,
  );
  const articles = read.ok ? read.articles : [];
  const row = {
    kind: file.kind,
    name: file.name,
    feedparser: ref.entries.length,
    withLink: 0,
    tidings: articles.length,
    matched: 0,
    merged: 0,
    missing: 0,
    title: 0,
    link: 0,
    dated: 0,
    date: 0,
    intros: 0,
    intro: 0,
    ...Object.fromEntries(DEFECTS.map((d) => [d, 0])),
    error: ref.error ?? (read.ok ? null : read.error),
  };
  // Tidings' articles by canonical URL without fragment (a distinct URL keeps its fragment) and by title.
  const byLink = new Map();
  const byTitle = new Map();
  for (const a of articles) {
    const key = withoutHash(a.url);
    byLink.set(key, [...(byLink.get(key) ?? []), a]);
    byTitle.set(squash(a.headline), [...(byTitle.get(squash(a.headline)) ?? []), a]);
  }
  const taken = new Set();
  const seen = new Set();
  for (const entry of ref.entries) {
    // The same item repeated in a feed is one item: the same guid, or no guid and the same link and title.
    const identity = entry.id ?? `${entry.link ?? ''}|${entry.title}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    const link = canonical(entry.link) ?? canonical(entry.id?.startsWith('http') ? entry.id : null);
    if (!link) continue;
    row.withLink++;
    // Where Tidings may have put the item: its link, its guid, its enclosure (CONTRACT §1.4).
    const keys = [link, canonical(entry.id?.startsWith('http') ? entry.id : null), ...entry.enclosures.map(canonical)]
      .filter(Boolean)
      .map(withoutHash);
    const candidates = [...new Set(keys.flatMap((k) => byLink.get(k) ?? []))];
    const free = candidates.filter((a) => !taken.has(a));
    const sameTitle = (a) => squash(a.headline) === squash(entry.title);
    const byItsTitle = (byTitle.get(squash(entry.title)) ?? []).filter((a) => !taken.has(a));
    // The link as written, fragment and all (an item's own URL may keep its fragment).
    const hash = /#.+$/.exec(entry.link ?? '')?.[0] ?? '';
    const match =
      free.find((a) => hash && a.url === `${link}${hash}`) ??
      free.find(sameTitle) ??
      free.find((a) => a.url === link) ??
      (free.length === 1 ? free[0] : undefined) ??
      (byItsTitle.length === 1 ? byItsTitle[0] : undefined);
    if (!match) {
      if (candidates.length) {
        row.merged++;
        note('merged', file.name, `${entry.title.slice(0, 60)} → ${candidates[0].url}`);
      } else {
        row.missing++;
        note('missing', file.name, `${entry.title.slice(0, 60)} ${link}`);
      }
      continue;
    }
    taken.add(match);
    row.matched++;
    // Title: Tidings keeps at most 300 characters; an empty title becomes the introduction.
    const title = squash(entry.title);
    const ours = squash(match.headline).replace(/…$/, '');
    if (!title || ours === title || (match.headline.endsWith('…') && title.startsWith(ours))) row.title++;
    else note('title', file.name, `${JSON.stringify(title.slice(0, 80))} ≠ ${JSON.stringify(ours.slice(0, 80))}`);
    // A relative link resolves against xml:base, then the feed's link (CONTRACT §1.4); feedparser's
    // against the document URL: the same path on the document's host agrees.
    const path = (url) => url.replace(/^https?:\/\/[^/]+/, '');
    const ourLink = withoutHash(match.url);
    if (keys.includes(ourLink) || (link.startsWith(BASE) && path(ourLink) === path(withoutHash(link)))) row.link++;
    else note('link', file.name, `${link} ≠ ${match.url}`);
    if (entry.date !== null) {
      row.dated++;
      if (Math.abs(Date.parse(match.publishedAt) - entry.date) <= 1000) row.date++;
      else
        note('date', file.name, `${new Date(entry.date).toISOString()} ≠ ${match.publishedAt} (${title.slice(0, 40)})`);
    }
    const summary = squash(entry.summary);
    if (wordsOf(summary).length) {
      row.intros++;
      if (!match.introduction) {
        row.emptyIntro++;
        note('emptyIntro', file.name, title.slice(0, 60));
      } else if (overlap(summary.replace(/<!--.*?-->/g, ' ').replace(TAG, ' '), match.introduction) >= 0.9) row.intro++;
      else
        note(
          'intro',
          file.name,
          `${JSON.stringify(summary.slice(0, 80))} ≠ ${JSON.stringify(match.introduction.slice(0, 80))}`,
        );
    }
    for (const [field, text, refText] of [
      ['headline', match.headline, title],
      ['introduction', match.introduction, summary],
    ]) {
      const found = defects(text, refText);
      for (const [name, n] of Object.entries(found)) {
        if (!n) continue;
        row[name] += n;
        note(name, file.name, `${field}: ${JSON.stringify(text.slice(0, 120))}`);
      }
    }
  }
  rows.push(row);
}

const pct = (a, b) => (b ? `${((100 * a) / b).toFixed(2)} %` : '—');
function summarize(kind) {
  const picked = rows.filter((r) => !kind || r.kind === kind);
  const sum = (key) => picked.reduce((n, r) => n + r[key], 0);
  return {
    files: picked.length,
    ...Object.fromEntries(
      Object.keys(rows[0])
        .filter((k) => typeof rows[0][k] === 'number')
        .map((k) => [k, sum(k)]),
    ),
  };
}

console.log(
  `eval:feeds — Tidings vs feedparser ${PYTHON} (feedparser read the ${files.length} files in ${(referenceMs / 1000).toFixed(1)} s)\n`,
);
const table = [
  [
    '',
    'files',
    'fp items',
    'with link',
    'tidings',
    'matched',
    'merged',
    'missing',
    'title',
    'link',
    'date',
    'intro',
    ...DEFECTS,
  ],
];
for (const kind of ['real', 'tricky', null]) {
  const s = summarize(kind);
  table.push([
    kind ?? 'all',
    s.files,
    s.feedparser,
    s.withLink,
    s.tidings,
    s.matched,
    s.merged,
    s.missing,
    pct(s.title, s.matched),
    pct(s.link, s.matched),
    pct(s.date, s.dated),
    pct(s.intro, s.intros),
    ...DEFECTS.map((d) => s[d]),
  ]);
}
const widths = table[0].map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
for (const r of table) console.log(r.map((c, i) => String(c).padStart(widths[i])).join('  '));

const badness = (r) =>
  r.merged +
  r.missing +
  DEFECTS.reduce((n, d) => n + r[d], 0) +
  (r.matched - r.title) +
  (r.intros - r.intro - r.emptyIntro);
const worst = rows
  .filter((r) => badness(r) > 0)
  .sort((a, b) => badness(b) - badness(a))
  .slice(0, 15);
if (worst.length) {
  console.log('\nWorst feeds (merged + missing + defects + disagreements):');
  for (const r of worst) {
    const parts = ['merged', 'missing', ...DEFECTS].filter((k) => r[k]).map((k) => `${k} ${r[k]}`);
    if (r.matched - r.title) parts.push(`title ≠ ${r.matched - r.title}`);
    if (r.intros - r.intro - r.emptyIntro) parts.push(`intro ≠ ${r.intros - r.intro - r.emptyIntro}`);
    console.log(`  ${r.kind}/${r.name}: ${parts.join(', ')}${r.error ? ` (${r.error.slice(0, 60)})` : ''}`);
  }
}
const notFeeds = rows.filter((r) => r.withLink && !r.tidings);
if (notFeeds.length) {
  console.log(
    `\nFiles with items for feedparser and none for Tidings: ${notFeeds.map((r) => `${r.kind}/${r.name}`).join(', ')}`,
  );
}
if (show) {
  const byKind = new Map();
  for (const e of examples) byKind.set(e.kind, [...(byKind.get(e.kind) ?? []), e]);
  for (const [kind, list] of byKind) {
    console.log(`\n${kind} (${list.length}):`);
    for (const e of list.slice(0, show)) console.log(`  ${e.file}: ${e.what}`);
  }
}
console.log(
  `\nHow: each file read by feedparser.parse(bytes) and by Tidings' readFeed (the worker's code, the same` +
    ` bytes, no Content-Type); items matched by canonical link (fragment aside), then by title; repeated` +
    ` identical items count once. Intro agreement: ≥ 90 % of feedparser's words (up to Tidings' length` +
    ` when it cut the introduction; tags left in feedparser's text aside) found in Tidings'. Defects are counted only beyond what feedparser's` +
    ` own text of the same field shows. Run: ${new Date().toISOString()}.`,
);
