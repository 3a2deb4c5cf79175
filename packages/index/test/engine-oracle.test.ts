/**
 * The embedded engine against a plain reading of the contract: random articles, random filters, pages
 * and cursors, with articles added, changed and removed between queries — every answer must equal
 * what filtering and sorting the stored articles by hand gives.
 */
import { describe, expect, it } from 'vitest';
import { ARTICLE_TYPES, type Article } from '@tidings/core/article';
import { type FeedFilters, NO_FILTERS } from '@tidings/core/query';
import { matchesSourcePrefix, parseSourcePrefix, type SourcePrefix } from '@tidings/core/source-prefix';
import { wordsOf } from '@tidings/core/text';
import { EmbeddedArticleIndex } from '../src/embedded.js';
import { cutFacets } from '../src/facet-count.js';
import { makeArticle } from './fixtures.js';

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = 'rates bank storm city vote court club river oil chip'.split(' ');
const HOSTS = ['a.com', 'news.a.com', 'b.org', 'www.c.net', 'sport.c.net'];
const SECTIONS = ['/world', '/world/europe', '/sport', '/sport/football', '/'];
const DAY = 86_400_000;
const BASE = Date.UTC(2026, 10, 1);

function phraseIn(text: string, words: string[]): boolean {
  const all = wordsOf(text);
  outer: for (let i = 0; i + words.length <= all.length; i++) {
    for (let j = 0; j < words.length; j++) if (all[i + j] !== words[j]) continue outer;
    return true;
  }
  return false;
}

/** The contract's filters, read literally. */
function oracleMatches(a: Article, f: FeedFilters): boolean {
  const published = Date.parse(a.publishedAt);
  if (f.articleTypes.length && !f.articleTypes.includes(a.type)) return false;
  if (f.includeTopics.length && !a.topics.some((t) => f.includeTopics.includes(t.id))) return false;
  if (f.includeCompanies.length && !a.companies.some((c) => f.includeCompanies.includes(c.id))) return false;
  if (a.companies.some((c) => f.excludeCompanies.includes(c.id))) return false;
  if (f.additionalSources.some((p) => matchesSourcePrefix(a.url, p))) return false;
  if (!f.includePaywalled && a.paywalled) return false;
  if (!f.includeRegistration && a.registrationRequired) return false;
  if (f.excludeNonHttpsSources && a.source.https !== true) return false;
  if (f.excludeNonIframeableSources && a.source.iframeable !== true) return false;
  if (f.languages.length && !(a.language && f.languages.includes(a.language))) return false;
  if (f.includeSources.length && !f.includeSources.includes(a.source.id)) return false;
  if (
    f.searchTerms.length &&
    !f.searchTerms.some((t) => phraseIn(a.headline, t.words) || phraseIn(a.introduction, t.words))
  ) {
    return false;
  }
  if (f.from !== null && published < f.from) return false;
  if (f.to !== null && published > f.to) return false;
  return true;
}

function newestFirst(a: Article, b: Article): number {
  const d = Date.parse(b.publishedAt) - Date.parse(a.publishedAt);
  return d !== 0 ? d : a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

describe('the embedded query engine', () => {
  // Thousands of queries against a brute-force reading: seconds, more on a busy machine.
  it(
    'answers random filters, pages and cursors exactly while articles are added, changed and removed',
    { timeout: 60_000 },
    async () => {
      const random = rng(7);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const some = <T>(list: readonly T[], max: number): T[] => [
        ...new Set(Array.from({ length: 1 + Math.floor(random() * max) }, () => pick(list))),
      ];
      const text = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
      let serial = 0;
      const randomArticle = (): Article => {
        serial += 1;
        const host = pick(HOSTS);
        // Whole seconds over ten days, so that many articles share a second and the id breaks ties.
        const published = BASE + Math.floor(random() * 10 * 86_400) * 1000 * (random() < 0.3 ? 0 : 1);
        return makeArticle({
          url: `https://${host}${pick(SECTIONS)}/item-${serial}`,
          headline: `${text(3)}, ${text(2)}!`,
          introduction: text(6),
          type: pick(ARTICLE_TYPES),
          publishedAt: new Date(published).toISOString().replace('.000Z', 'Z'),
          language: random() < 0.15 ? null : pick(['en', 'de', 'fr']),
          topics: some([1, 2, 3, 4, 5, 10], 2).map((id) => ({ id, name: `t${id}` })),
          companies: random() < 0.4 ? [] : some([10, 11, 12, 13], 2).map((id) => ({ id, name: `c${id}` })),
          paywalled: random() < 0.2,
          registrationRequired: random() < 0.1,
          source: {
            id: pick(['s-one', 's-two', 's-three']),
            name: 'S',
            domain: host.replace(/^www\./, ''),
            https: pick([true, false, null]),
            iframeable: pick([true, false, null]),
          },
        });
      };
      const randomFilters = (): FeedFilters => {
        const f: FeedFilters = { ...NO_FILTERS };
        const n = Math.floor(random() * 5);
        for (let i = 0; i < n; i++) {
          switch (Math.floor(random() * 12)) {
            case 0:
              f.articleTypes = some(ARTICLE_TYPES, 2);
              break;
            case 1:
              // Lists closed under descent (10 with 1 and 2) and lists that are not (10 alone, 20 without 3).
              f.includeTopics = some([1, 2, 3, 4, 5, 10, 20, 30, 99], 4);
              break;
            case 2:
              f.includeCompanies = some([10, 11, 12, 13], 2);
              break;
            case 3:
              f.excludeCompanies = some([10, 11, 12, 13], 2);
              break;
            case 4:
              f.additionalSources = some(['a.com', 'c.net/sport', 'b.org/world/europe', 'news.a.com/world'], 2).map(
                (e) => parseSourcePrefix(e) as SourcePrefix,
              );
              break;
            case 5:
              f.includePaywalled = false;
              f.includeRegistration = random() < 0.5;
              break;
            case 6:
              f.excludeNonHttpsSources = true;
              f.excludeNonIframeableSources = random() < 0.5;
              break;
            case 7:
              f.searchTerms = some([...WORDS, 'rates bank', 'storm city vote', 'absent'], 2).map((t) => ({
                words: t.split(' '),
              }));
              break;
            case 8: {
              const from = BASE + Math.floor(random() * 8) * DAY + Math.floor(random() * DAY);
              f.from = from;
              f.to = random() < 0.5 ? null : from + Math.floor(random() * 3 * DAY);
              break;
            }
            case 9:
              f.languages = some(['en', 'de', 'fr', 'it'], 2);
              break;
            case 10:
              f.includeSources = some(['s-one', 's-two', 's-three', 's-none'], 2);
              break;
            default:
              f.to = BASE + Math.floor(random() * 10) * DAY;
          }
        }
        return f;
      };

      // Topics 1 and 2 are under 10, 3 under 20, and 10 under 30.
      const topicParents: Record<number, number> = { 1: 10, 2: 10, 3: 20, 10: 30 };
      const index = new EmbeddedArticleIndex({ file: ':memory:', warm: true, topicParents });
      await index.init();
      const stored = new Map<string, Article>();
      const put = async (articles: Article[]) => {
        await index.upsert(articles);
        for (const a of articles) stored.set(a.id, a);
      };
      await put(Array.from({ length: 3000 }, randomArticle));

      for (let round = 0; round < 150; round++) {
        // Writes between queries: new articles, changed ones (text, topics, flags), removals, probes.
        const ids = [...stored.keys()];
        const action = random();
        if (action < 0.3) await put(Array.from({ length: 1 + Math.floor(random() * 20) }, randomArticle));
        else if (action < 0.5) {
          const changed = some(ids, 10).map((id) => {
            const fresh = randomArticle();
            const old = stored.get(id)!;
            return { ...fresh, id: old.id, url: old.url, source: { ...fresh.source, domain: old.source.domain } };
          });
          await put(changed);
        } else if (action < 0.6) {
          const gone = some(ids, 15);
          await index.remove(gone);
          for (const id of gone) stored.delete(id);
        } else if (action < 0.7) {
          const domain = pick(HOSTS).replace(/^www\./, '');
          const flags = { https: pick([true, false, null]), iframeable: pick([true, false, null]) };
          await index.setHostFlags(domain, flags);
          for (const a of stored.values()) if (a.source.domain === domain) a.source = { ...a.source, ...flags };
        }

        for (let q = 0; q < 4; q++) {
          const filters = randomFilters();
          const expected = [...stored.values()].filter((a) => oracleMatches(a, filters)).sort(newestFirst);
          const limit = 1 + Math.floor(random() * 25);
          const offset = Math.floor(random() * 3) * limit;
          const page = await index.query({ filters, limit, offset });
          const context = JSON.stringify({ round, filters, limit, offset });
          expect(
            page.articles.map((a) => a.id),
            context,
          ).toEqual(expected.slice(offset, offset + limit).map((a) => a.id));
          // …as they are now: documents kept from earlier pages must not outlive a change.
          const shown = (a: Article) => [a.headline, a.introduction, a.topics, a.source.https, a.source.iframeable];
          expect(page.articles.map(shown), context).toEqual(expected.slice(offset, offset + limit).map(shown));
          expect(page.total, context).toBe(expected.length);
          expect(page.hasMore, context).toBe(expected.length > offset + limit);
          // Walk on by cursor from the page's last article.
          const last = page.articles.at(-1);
          if (last) {
            const next = await index.query({
              filters,
              limit,
              after: { key: Date.parse(last.publishedAt), id: last.id },
            });
            const at = expected.findIndex((a) => a.id === last.id);
            expect(
              next.articles.map((a) => a.id),
              context,
            ).toEqual(expected.slice(at + 1, at + 1 + limit).map((a) => a.id));
            expect(next.total, context).toBe(expected.length);
          }
          // Facets: every value's count, as counting the matching articles by hand gives.
          if (q % 2 === 0 && !filters.collapseStories) {
            const facets = await index.facets({
              filters,
              facets: ['types', 'topics', 'companies', 'sources', 'languages', 'days'],
            });
            const tally = <K>(keys: (a: Article) => K[]) => {
              const counts = new Map<K, number>();
              for (const a of expected) for (const k of new Set(keys(a))) counts.set(k, (counts.get(k) ?? 0) + 1);
              return counts;
            };
            const ancestors = (id: number): number[] =>
              topicParents[id] ? [id, ...ancestors(topicParents[id])] : [id];
            const sorted = <K>(list: [K, number][]) =>
              [...list].sort((x, y) => String(x[0]).localeCompare(String(y[0])));
            expect(facets.total, context).toBe(expected.length);
            expect(sorted(facets.types), context).toEqual(sorted([...tally((a) => [a.type])]));
            expect(sorted(facets.topics), context).toEqual(
              sorted([...tally((a) => a.topics.flatMap((t) => ancestors(t.id)))]),
            );
            expect(sorted(facets.companies), context).toEqual(sorted([...tally((a) => a.companies.map((c) => c.id))]));
            expect(sorted(facets.sources), context).toEqual(sorted([...tally((a) => [a.source.id])]));
            expect(sorted(facets.languages), context).toEqual(
              sorted([...tally((a) => (a.language ? [a.language] : []))]),
            );
            expect(sorted(facets.days), context).toEqual(sorted([...tally((a) => [a.publishedAt.slice(0, 10)])]));
            // Cut where counted (what the API asks): the same as cutting the whole lists, ties and all.
            const size = 1 + Math.floor(random() * 4);
            const cut = await index.facets({
              filters,
              facets: ['types', 'topics', 'companies', 'sources', 'languages', 'days'],
              size,
            });
            expect(cut, `${context} size ${size}`).toEqual(cutFacets(facets, size));
          }
          // getByIds with filters keeps exactly the matching ones, in the order asked for.
          const asked = some(ids, 8);
          const kept = await index.getByIds(asked, filters);
          expect(
            kept.map((a) => a.id),
            context,
          ).toEqual(asked.filter((id) => stored.has(id) && oracleMatches(stored.get(id)!, filters)));
        }
      }
      await index.close();
    },
  );
});
