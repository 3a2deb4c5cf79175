#!/usr/bin/env node
// Writes a sample data set for the demo: N synthetic articles as JSON Lines (the `tidings import`
// format), plus the ids of a few recent ones for today's editorial selection.
// Usage: node scripts/make-demo-data.mjs <out.jsonl> [count=2000]
import { writeFileSync } from 'node:fs';
import { articleIdFor, canonicalizeUrl } from '@tidings/core/url';
import { createGenerator } from './synthetic-articles.mjs';

const [out = 'data/demo-articles.jsonl', countArg = '2000'] = process.argv.slice(2);
const count = Number(countArg);
const { next } = createGenerator({ seed: 7, hosts: 200, now: Date.now() });
const lines = [];
const recent = [];
for (let i = 0; i < count; i++) {
  const line = next();
  // Spread the demo over the last 30 days so that the feed looks alive.
  const published = Date.now() - Math.floor((((i * 7919) % count) / count) * 30 * 86_400_000);
  line.publishedAt = new Date(Math.floor(published / 1000) * 1000).toISOString().replace('.000Z', 'Z');
  lines.push(JSON.stringify(line));
  recent.push([published, articleIdFor(canonicalizeUrl(line.url))]);
}
writeFileSync(out, lines.join('\n') + '\n');
const picks = recent
  .sort((a, b) => b[0] - a[0])
  .slice(0, 5)
  .map(([, id]) => id);
console.log(picks.join(' '));
