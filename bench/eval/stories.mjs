#!/usr/bin/env node
// Story grouping, measured: every labelled pair of `stories-set.mjs` is written, one article after the
// other, into a fresh embedded index (the same path as the worker and `tidings import`), and the pair
// counts as grouped when both articles end up with the same `story.id`. Prints pair precision and
// recall, by kind of pair, and the mistakes.
// Usage: npm run eval:stories [-- --verbose]
import { parseArgs } from 'node:util';
import { articleIdFor, canonicalizeUrl } from '@tidings/core/url';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { storyPairs } from './stories-set.mjs';

const { values: args } = parseArgs({ options: { verbose: { type: 'boolean', default: false } } });
const pairs = storyPairs();

function article(item, outlet, n) {
  const url = canonicalizeUrl(`https://www.${outlet}.example/news/${n}`);
  const publishedAt = new Date(Date.parse(item.publishedAt)).toISOString().replace('.000Z', 'Z');
  return {
    id: articleIdFor(url),
    url,
    headline: item.headline,
    introduction: item.introduction,
    type: 'article',
    publishedAt,
    updatedAt: null,
    indexedAt: publishedAt,
    language: 'en',
    authors: [],
    imageUrl: null,
    topics: [],
    companies: [],
    paywalled: false,
    registrationRequired: false,
    source: { id: outlet, name: outlet, domain: `${outlet}.example`, https: true, iframeable: true },
  };
}

const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
const byKind = new Map();
const mistakes = [];
let n = 0;
for (const pair of pairs) {
  const index = new EmbeddedArticleIndex({ file: ':memory:' });
  const a = article(pair.a, 'first-outlet', n++);
  const b = article(pair.b, 'second-outlet', n++);
  await index.upsert([a]);
  await index.upsert([b]);
  const [sa, sb] = await index.getByIds([a.id, b.id]);
  const grouped = sa.story.id === sb.story.id;
  await index.close();
  const kind = byKind.get(pair.kind) ?? { pairs: 0, grouped: 0 };
  kind.pairs++;
  if (grouped) kind.grouped++;
  byKind.set(pair.kind, kind);
  if (grouped && pair.same) counts.tp++;
  else if (grouped) counts.fp++;
  else if (pair.same) counts.fn++;
  else counts.tn++;
  if (grouped !== pair.same) mistakes.push({ kind: pair.kind, expected: pair.same, a: pair.a, b: pair.b });
}

const precision = counts.tp / (counts.tp + counts.fp || 1);
const recall = counts.tp / (counts.tp + counts.fn || 1);
console.log(`Story grouping — ${pairs.length} labelled pairs (${pairs.filter((p) => p.same).length} same story)`);
console.log(`pair precision ${precision.toFixed(3)} (target ≥ 0.97), recall ${recall.toFixed(3)} (target ≥ 0.90)`);
console.log(`tp ${counts.tp}, fp ${counts.fp}, fn ${counts.fn}, tn ${counts.tn}\n`);
console.log('| kind | pairs | grouped | expected |');
console.log('|---|---:|---:|---|');
for (const [kind, k] of byKind) {
  console.log(`| ${kind} | ${k.pairs} | ${k.grouped} | ${kind === 'rewrite' ? 'all' : 'none'} |`);
}
console.log(`\n${mistakes.length} mistakes${args.verbose ? ':' : ' (--verbose lists them)'}`);
if (args.verbose) {
  for (const m of mistakes) {
    console.log(
      `- ${m.kind}, expected ${m.expected ? 'same' : 'different'}:\n    ${m.a.headline} | ${m.a.introduction}\n    ${m.b.headline} | ${m.b.introduction}`,
    );
  }
}
