#!/usr/bin/env node
// Language detection, measured on the real feed corpus (../shared/data/feeds/real): every item of a
// feed that declares its language is read by the worker's own code and its headline + introduction
// given to the detector; the declared language (as ISO 639-1) is the truth. Prints accuracy over the
// items the detector decides, how many it leaves unknown (too few letters, or a short text CLD3 is not
// sure of and franc reads otherwise), and the confusions.
// Usage: npm run eval:languages
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCatalog } from '@tidings/catalog/catalog';
import { detectLanguage, primaryLanguage } from '@tidings/catalog/language';
import { toSettings } from '@tidings/store/sources';
import { readFeed } from '../../apps/worker/dist/feed/feed-work.js';

const dir = fileURLToPath(new URL('../../../shared/data/feeds/real/', import.meta.url));
const byLanguage = new Map();
const confusions = new Map();
let items = 0;
let decided = 0;
let right = 0;
let feeds = 0;
const perFeed = [];
const started = performance.now();
let detectMs = 0;
const catalog = loadCatalog();
const source = { ...toSettings({ feedUrl: 'https://x.example/feed', id: 'x' }), state: 'active' };
for (const file of readdirSync(dir).sort()) {
  const body = readFileSync(join(dir, file));
  // The truth: what the feed declares (<language> of RSS, xml:lang of Atom).
  const head = body.subarray(0, 4096).toString('latin1');
  const truth = primaryLanguage(
    /<(?:\w+:)?language>\s*([^<\s]+)/i.exec(head)?.[1] ?? /xml:lang="([^"]+)"/.exec(head)?.[1],
  );
  if (!truth) continue;
  const read = await readFeed(
    { body: new Uint8Array(body), contentType: null, source, feedUrl: 'https://x.example/feed', fetchedAt: Date.now() },
    catalog,
  );
  if (!read.ok) continue;
  feeds++;
  // As the worker does when a feed declares nothing: one detection over the feed's text.
  const sample = read.articles
    .map((a) => `${a.headline} ${a.introduction}`)
    .join(' ')
    .slice(0, 4_000);
  perFeed.push([file, truth, await detectLanguage(sample)]);
  for (const article of read.articles) {
    // The text as Tidings stores it: plain headline and introduction.
    const text = `${article.headline} ${article.introduction}`.trim();
    if (!text) continue;
    items++;
    const t0 = performance.now();
    const guess = await detectLanguage(text);
    detectMs += performance.now() - t0;
    const row = byLanguage.get(truth) ?? { items: 0, decided: 0, right: 0 };
    row.items++;
    if (guess) {
      decided++;
      row.decided++;
      if (guess === truth) {
        right++;
        row.right++;
      } else confusions.set(`${truth} → ${guess}`, (confusions.get(`${truth} → ${guess}`) ?? 0) + 1);
    }
    byLanguage.set(truth, row);
  }
}
console.log(
  `Language detection (ISO 639-1: CLD3 below 1 000 characters, franc from there) on ${items} items of ${feeds} real feeds that declare their language`,
);
console.log(
  `accuracy ${(right / decided).toFixed(3)} over the ${decided} items decided; ${items - decided} left unknown (${((100 * (items - decided)) / items).toFixed(1)} %: too few letters, or CLD3 unsure and franc not agreeing)`,
);
console.log(
  `${((1000 * detectMs) / items).toFixed(0)} µs per item; run ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
console.log('| declared | items | decided | right |');
console.log('|---|---:|---:|---:|');
for (const [lang, r] of [...byLanguage].sort((a, b) => b[1].items - a[1].items)) {
  console.log(`| ${lang} | ${r.items} | ${r.decided} | ${r.right} |`);
}
console.log(
  `\nconfusions: ${
    [...confusions]
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ×${n}`)
      .join(', ') || 'none'
  }`,
);
const feedRight = perFeed.filter(([, truth, guess]) => guess === truth).length;
const feedWrong = perFeed
  .filter(([, truth, guess]) => guess !== truth)
  .map(([f, t, g]) => `${f} (${t} → ${g ?? 'unknown'})`);
console.log(
  `\nper feed (the worker's way for a feed that declares nothing: one detection over up to 4 000 characters of its items): ` +
    `${feedRight} of ${perFeed.length} right; wrong: ${feedWrong.join(', ') || 'none'}`,
);
