// The varied query mix of bench:api: distinct seeded queries as many users would send them.
import { wordsOf } from '@tidings/core/text';
import { rng, weightedPicker } from '../../scripts/synthetic-articles.mjs';

/** The synthetic articles' languages and their shares, as the benchmarks seed them. */
export const LANGUAGES = [
  ['en', 0.7],
  ['de', 0.1],
  ['fr', 0.08],
  ['es', 0.07],
  ['it', 0.05],
];

/** `[word, count]` pairs of the texts' words (no single letters, no bare numbers), the commonest first. */
export function vocabularyOf(texts) {
  const counts = new Map();
  for (const text of texts) {
    for (const word of wordsOf(text)) {
      if (word.length > 1 && !/^\d+$/.test(word)) counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/**
 * `count` distinct feed query strings (0–4 random filters with random values, pages 1–10, page sizes
 * 10/20/50) and up to 500 facet query strings with the same filters; `feedPath`/`facetsPath` turn a
 * query string into a path.
 */
export function variedMix({ count, vocabulary, topics, companies, sources, languages, now, feedPath, facetsPath }) {
  const LANGUAGES = languages;
  const NOW = now;
  const generator = { sources };
  // Search terms as users type them: content words (the 60 commonest words — the, of, to… — left
  // out), drawn by their frequency in news text; one term in five a two-word phrase.
  const random = rng(20261122);
  const pick = (list) => list[Math.floor(random() * list.length)];
  const skewed = (list) => list[Math.floor(list.length * random() ** 2.5)];
  const contentWords = vocabulary.slice(60).filter(([w]) => w.length > 2);
  const weightedWord = weightedPicker(contentWords, random);
  const day = (offsetDays) => new Date(NOW - offsetDays * 86_400_000).toISOString().slice(0, 10);
  const filterMakers = [
    () =>
      `articleTypes=${[...new Set([pick(['article', 'video', 'gallery', 'podcast', 'pressrelease', 'report']), pick(['article', 'video'])])].join(',')}`,
    () =>
      `includeTopics=${[...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => skewed(topics).id))].join(',')}`,
    () =>
      `includeCompanies=${[...new Set(Array.from({ length: 1 + Math.floor(random() * 3) }, () => skewed(companies).id))].join(',')}`,
    () =>
      `excludeCompanies=${[...new Set(Array.from({ length: 1 + Math.floor(random() * 5) }, () => skewed(companies).id))].join(',')}`,
    () =>
      `additionalSources=${[
        ...new Set(
          Array.from({ length: 1 + Math.floor(random() * 10) }, () => {
            const s = skewed(generator.sources);
            return random() < 0.5
              ? s.domain
              : `${s.domain}/${pick(['news', 'business', 'sport', 'politics', 'world'])}`;
          }),
        ),
      ].join(',')}`,
    () =>
      pick([
        'includePaywalled=0',
        'includeRegistration=0',
        'excludeNonHttpsSources=1',
        'excludeNonIframeableSources=1',
      ]),
    () =>
      `searchTerms=${[
        ...new Set(
          Array.from({ length: 1 + Math.floor(random() * 3) }, () =>
            random() < 0.2 ? `${weightedWord()} ${weightedWord()}` : weightedWord(),
          ),
        ),
      ]
        .map(encodeURIComponent)
        .join(',')}`,
    () => {
      const from = 1 + Math.floor(random() * 300);
      return random() < 0.5 ? `from=${day(from)}` : `from=${day(from)}&to=${day(Math.floor(from * random()))}`;
    },
    () => `languages=${[...new Set([pick(LANGUAGES)[0], pick(LANGUAGES)[0]])].join(',')}`,
    () =>
      `includeSources=${[...new Set(Array.from({ length: 1 + Math.floor(random() * 5) }, () => skewed(generator.sources).id))].join(',')}`,
  ];
  const variedQueries = [];
  const facetQueries = [];
  const seenQueries = new Set();
  while (variedQueries.length < count) {
    const chosen = new Set(
      Array.from({ length: Math.floor(random() * 5) }, () => Math.floor(random() * filterMakers.length)),
    );
    const parts = [...chosen].map((i) => filterMakers[i]());
    // The same filters (at least one) as a facets query.
    if (parts.length && facetQueries.length < 500) facetQueries.push(facetsPath(parts.join('&')));
    const pageSize = pick([10, 20, 50]);
    parts.push(`pageSize=${pageSize}`, `page=${1 + Math.floor(random() * 10)}`);
    const qs = parts.join('&');
    if (seenQueries.has(qs)) continue;
    seenQueries.add(qs);
    variedQueries.push(feedPath(qs));
  }

  return { variedQueries, facetQueries };
}
