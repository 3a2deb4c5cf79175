#!/usr/bin/env node
// Company matching, measured on our own labelled set (bench/eval/companies.jsonl: headline +
// introduction + the companies a reader sees mentioned, by ticker; a third of the lines mention none).
// Each text first gets its topics from the topic classifier (as in the worker), then the matcher runs.
// Precision and recall are over (text, company) pairs. Targets: precision ≥ 95 %, recall ≥ 80 %.
// Lines marked "set": "holdout" were written after the matcher's rules were settled and were never
// used to adjust them; their figures are printed separately (the rest is the development set).
// Usage: npm run eval:companies [-- --verbose]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadCatalog } from '@tidings/catalog/catalog';
import { CompanyMatcher } from '@tidings/catalog/company-matcher';
import { TopicClassifier } from '@tidings/catalog/topic-classifier';

const { values: args } = parseArgs({ options: { verbose: { type: 'boolean' } } });
const file = new URL('./companies.jsonl', import.meta.url);
const lines = readFileSync(file, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));

const catalog = loadCatalog();
const ciks = new Map();
for (const company of catalog.companies.values()) for (const t of company.tickers) ciks.set(t, company.id);
const cik = (ticker) => {
  const id = ciks.get(ticker);
  if (id === undefined) throw new Error(`companies.jsonl: unknown ticker ${ticker}`);
  return id;
};
const name = (id) => catalog.companies.get(id)?.name ?? id;

const started = performance.now();
const topics = new TopicClassifier(catalog);
const matcher = new CompanyMatcher(catalog);
const built = performance.now() - started;

const counts = { all: { tp: 0, fp: 0, fn: 0 }, dev: { tp: 0, fp: 0, fn: 0 }, holdout: { tp: 0, fp: 0, fn: 0 } };
let negatives = 0;
const t0 = performance.now();
for (const line of lines) {
  const expected = new Set(line.companies.map(cik));
  if (!expected.size) negatives++;
  const text = { headline: line.headline, introduction: line.introduction };
  const found = new Set(matcher.match({ ...text, topics: topics.assign([], text) }));
  for (const c of [counts.all, counts[line.set ?? 'dev']]) {
    for (const id of found) {
      if (expected.has(id)) c.tp++;
      else c.fp++;
    }
    for (const id of expected) if (!found.has(id)) c.fn++;
  }
  if (args.verbose && (found.size !== expected.size || [...found].some((id) => !expected.has(id)))) {
    console.log(
      `✗ ${line.headline}\n    expected [${[...expected].map(name).join(', ')}] found [${[...found].map(name).join(', ')}]`,
    );
  }
}
const ms = performance.now() - t0;
const pct = (x) => `${(100 * x).toFixed(1)} %`;
const line = (label, { tp, fp, fn }) => {
  const precision = tp / (tp + fp || 1);
  const recall = tp / (tp + fn || 1);
  console.log(
    `${label.padEnd(12)} precision ${pct(precision)}   recall ${pct(recall)}   ` +
      `(${tp} found, ${fp} wrong, ${fn} missed)`,
  );
};
const holdout = lines.filter((l) => l.set === 'holdout').length;
console.log(
  `labelled set: ${lines.length} texts (${negatives} with no company; ${holdout} held out), ` +
    `${counts.all.tp + counts.all.fn} expected mentions`,
);
line('all', counts.all);
line('development', counts.dev);
line('held out', counts.holdout);
console.log('targets: precision ≥ 95 %, recall ≥ 80 %');
console.log(
  `matcher built in ${built.toFixed(0)} ms over ${catalog.companies.size} companies; ${lines.length} texts in ${ms.toFixed(1)} ms`,
);
