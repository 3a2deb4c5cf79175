// Deterministic synthetic articles with realistic distributions, for the demo and the benchmarks:
// six types (mostly articles), 1–3 topics, 0–3 companies, ~2 000 hosts with subdomains and sections,
// ~10 % paywalled, ~5 % registration-only, publishedAt spread over a year, mixed source flags.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const catalogDir = fileURLToPath(new URL('../packages/catalog/data/', import.meta.url));

/** A function drawing one of `[value, count]` pairs in proportion to its count (bisection over the cumulative counts). */
export function weightedPicker(counts, random) {
  const cumulative = new Float64Array(counts.length);
  let sum = 0;
  counts.forEach(([, c], i) => (cumulative[i] = sum += c));
  return () => {
    const r = random() * sum;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (cumulative[mid] <= r) lo = mid + 1;
      else hi = mid;
    }
    return counts[lo][0];
  };
}

/** The ARTICLE `source` of a generated source. */
function articleSource(source) {
  const { id, name, domain, https, iframeable } = source;
  return { id, name, domain, https, iframeable };
}

/** mulberry32: a small, fast, seedable PRNG. */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = (
  'market economy election climate energy bank football health science court police school city river storm ' +
  'minister company shares profit report study vaccine film music festival budget tax trade war peace summit ' +
  'technology software chip battery car rail airport housing rent inflation rates jobs strike union farm water'
).split(' ');
const SECTIONS = ['news', 'business', 'sport', 'politics', 'tech', 'culture', 'science', 'world', 'opinion', 'local'];
const TLDS = ['com', 'co.uk', 'de', 'fr', 'org', 'net', 'com.au', 'ca', 'it', 'es'];
const TYPES = [
  ['article', 0.8],
  ['video', 0.07],
  ['gallery', 0.04],
  ['podcast', 0.04],
  ['pressrelease', 0.03],
  ['report', 0.02],
];

/**
 * `vocabulary`: optional `[word, count]` pairs (e.g. word counts of real news text); words are then
 * drawn in proportion to their counts, so that any word occurs about as often as in that text.
 * `languages`: optional `[code, share]` pairs for the articles' languages (default all `en`).
 * `copies`: share of articles that are another outlet's copy of a recent one (a wire story republished:
 * the same introduction, the headline with the outlet's suffix, a few hours later).
 */
export function createGenerator({
  seed = 42,
  hosts = 2000,
  now = Date.UTC(2026, 10, 22),
  vocabulary: counts = null,
  languages = [['en', 1]],
  copies = 0,
} = {}) {
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  // A 5 000-word vocabulary drawn with a Zipf-like skew, as in real text: made-up words from
  // syllables, with the real words above at ranks 200–260 (each then in about 1 % of articles).
  const syllables = 'ka lo mi ne ra to su vi de ban tor lin gar pel mon rist cal fen'.split(' ');
  const madeUp = () => Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(syllables)).join('');
  const vocabulary = Array.from({ length: 200 }, madeUp);
  vocabulary.push(...WORDS);
  while (vocabulary.length < 5000) vocabulary.push(madeUp());
  let word = () => vocabulary[Math.floor(vocabulary.length * random() ** 3)];
  if (counts) word = weightedPicker(counts, random);
  const language = () => {
    let r = random();
    for (const [code, share] of languages) if ((r -= share) < 0) return code;
    return languages[0][0];
  };
  const topics = JSON.parse(readFileSync(`${catalogDir}topics.json`, 'utf8'));
  const companies = JSON.parse(readFileSync(`${catalogDir}companies.json`, 'utf8')).slice(0, 1500);
  // Popular topics and companies are drawn more often (a rough power law).
  const skewed = (list) => list[Math.floor(list.length * random() ** 2.5)];
  const sources = Array.from({ length: hosts }, (_, i) => {
    const domain = `${pick(WORDS)}${pick(WORDS)}${i}.${pick(TLDS)}`;
    const sub = random() < 0.3 ? `${pick(['news', 'edition', 'local', 'sport'])}.` : 'www.';
    return {
      id: `source-${i}`,
      name: `${domain.split('.')[0]} News`,
      domain,
      host: `${sub}${domain}`,
      https: random() < 0.9 ? true : random() < 0.5 ? false : null,
      iframeable: random() < 0.6 ? true : random() < 0.7 ? false : null,
      paywalled: random() < 0.1,
    };
  });
  let n = 0;
  const recent = [];
  const next = function next() {
    if (recent.length && random() < copies) {
      const original = recent[Math.floor(random() * recent.length)];
      const source = skewed(sources);
      n += 1;
      const published = Date.parse(original.publishedAt) + Math.floor(random() * 10 * 3_600) * 1000;
      return {
        ...original,
        sourceId: source.id,
        url: `https://${source.host}/${pick(SECTIONS)}/copy-${n}`,
        headline: `${original.headline} | ${source.name}`,
        publishedAt: new Date(published).toISOString().replace('.000Z', 'Z'),
        source: articleSource(source),
      };
    }
    const article = fresh();
    recent.push(article);
    if (recent.length > 1000) recent.shift();
    return article;
  };
  const fresh = function fresh() {
    n += 1;
    const source = skewed(sources);
    const r = random();
    let acc = 0;
    const type = TYPES.find(([, p]) => (acc += p) > r)?.[0] ?? 'article';
    const headline = Array.from({ length: 5 + Math.floor(random() * 6) }, word).join(' ');
    const introduction = Array.from({ length: 15 + Math.floor(random() * 20) }, word).join(' ');
    const published = now - Math.floor(random() * 365 * 86_400_000);
    return {
      sourceId: source.id,
      url: `https://${source.host}/${pick(SECTIONS)}/${new Date(published).toISOString().slice(0, 10).replaceAll('-', '/')}/story-${n}`,
      headline: headline[0].toUpperCase() + headline.slice(1),
      introduction: `${introduction[0].toUpperCase()}${introduction.slice(1)}.`,
      type,
      publishedAt: new Date(Math.floor(published / 1000) * 1000).toISOString().replace('.000Z', 'Z'),
      language: language(),
      authors:
        random() < 0.7
          ? [`${pick(['Ann', 'Ben', 'Chloe', 'Dev', 'Eva'])} ${pick(['Smith', 'Lee', 'Novak', 'Okafor'])}`]
          : [],
      topics: Array.from({ length: 1 + Math.floor(random() * 3) }, () => skewed(topics).id),
      companies: Array.from({ length: Math.floor(random() * 4) }, () => skewed(companies).id),
      paywalled: source.paywalled && random() < 0.9,
      registrationRequired: random() < 0.05,
      source: articleSource(source),
    };
  };
  return { next, sources };
}
