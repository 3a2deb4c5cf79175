import { readFileSync, writeFileSync } from 'node:fs';
import { wordsOf } from '@tidings/core/text';
import { createGenerator } from '../scripts/synthetic-articles.mjs';
import { variedMix } from './api/queries.mjs';
const wordCounts = new Map();
for (const line of readFileSync('../shared/data/topics/ag_news/test.csv', 'utf8').split('\n')) {
  for (const word of wordsOf(line.replace(/^"\d+",/, '').replaceAll('\\', ' '))) {
    if (word.length > 1 && !/^\d+$/.test(word)) wordCounts.set(word, (wordCounts.get(word) ?? 0) + 1);
  }
}
const vocabulary = [...wordCounts].sort((a, b) => b[1] - a[1]);
const LANGUAGES = [
  ['en', 0.7],
  ['de', 0.1],
  ['fr', 0.08],
  ['es', 0.07],
  ['it', 0.05],
];
const NOW = Date.UTC(2026, 10, 22);
const generator = createGenerator({ seed: 1, hosts: 2000, now: NOW, vocabulary, languages: LANGUAGES, copies: 0.1 });
const companies = JSON.parse(readFileSync('packages/catalog/data/companies.json', 'utf8')).slice(0, 1500);
const topics = JSON.parse(readFileSync('packages/catalog/data/topics.json', 'utf8'));
const { variedQueries, facetQueries } = variedMix({
  count: 3000,
  vocabulary,
  topics,
  companies,
  sources: generator.sources,
  languages: LANGUAGES,
  now: NOW,
  feedPath: (qs) => `/api/v2/feed/?${qs}`,
  facetsPath: (qs) => `/api/v2/facets/?${qs}`,
});
writeFileSync('/tmp/prof/varied.txt', variedQueries.join('\n') + '\n');
writeFileSync('/tmp/prof/facets.txt', facetQueries.join('\n') + '\n');
console.log(variedQueries.length, facetQueries.length);
