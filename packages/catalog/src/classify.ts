/**
 * Meaning of an article for the worker and `tidings reindex`: its topics (source defaults, feed
 * categories, a podcast's categories, text) and the companies it mentions.
 */
import { hash } from 'node:crypto';
import type { Catalog } from './catalog.js';
import { CompanyMatcher } from './company-matcher.js';
import { isEnglishText } from './language.js';
import { TopicClassifier } from './topic-classifier.js';

export interface ClassifyInput {
  headline: string;
  introduction: string;
  categories?: readonly string[];
  /**
   * For a podcast's episode: the show's Apple Podcasts categories, one group per category (subcategories
   * after it). The worker passes them for items of type `podcast` only.
   */
  podcastCategories?: readonly (readonly string[])[];
  /** The article's URL (its sections name topics too). */
  url?: string;
  /**
   * The article's language, when known (text topics are read from English, and from nine other
   * languages through their dictionaries).
   */
  language?: string | null;
  /** The source's default topics. */
  defaultTopics: readonly number[];
}

export interface Reading {
  topics: number[];
  companies: number[];
}

/** Characters of an input's digest in {@link SourceReadings} (96 bits: one source's items never collide). */
const DIGEST_LENGTH = 16;

/**
 * One source's readings of a fetch, by a digest of each item's whole input: those of its last fetch,
 * which {@link ArticleClassifier.classify} reuses for the same items (a feed fetched again because one
 * item is new does not have its other items read again), and those of this fetch, for the next. Kept
 * between fetches as one compact string ({@link toString}: a line an item, its digest then its topics and
 * companies), ~45 bytes an item.
 */
export class SourceReadings {
  private readonly earlier = new Map<string, string>();
  private readonly now: string[] = [];

  /** `earlier`: what {@link toString} gave after the source's last fetch ('' or null: none). */
  constructor(earlier?: string | null) {
    for (const line of earlier ? earlier.split('\n') : []) {
      this.earlier.set(line.slice(0, DIGEST_LENGTH), line.slice(DIGEST_LENGTH));
    }
  }

  /** The reading of an item of the last fetch, if the same input was given then. */
  get(key: string): Reading | undefined {
    const line = this.earlier.get(key);
    if (line === undefined) return undefined;
    const [topics = '', companies = ''] = line.split('|');
    return { topics: numbers(topics), companies: numbers(companies) };
  }

  /** Records an item's reading in this fetch. */
  add(key: string, reading: Reading): void {
    this.now.push(`${key}${reading.topics.join(',')}|${reading.companies.join(',')}`);
  }

  /** This fetch's readings, for the next fetch's {@link SourceReadings}. */
  toString(): string {
    return this.now.join('\n');
  }
}

const numbers = (list: string) => (list ? list.split(',').map(Number) : []);

export class ArticleClassifier {
  readonly topics: TopicClassifier;
  readonly companies: CompanyMatcher;

  constructor(catalog: Catalog) {
    this.topics = new TopicClassifier(catalog);
    this.companies = new CompanyMatcher(catalog);
  }

  /**
   * The article's topics and companies, read now. With `readings` (its source's, {@link SourceReadings}): as read in
   * the source's last fetch when the same input was given then (the same reading: the catalog is the
   * classifier's own and does not change), and recorded for the next fetch. Several articles (a feed's)
   * cost less together: {@link classifyAll}.
   */
  classify(input: ClassifyInput, readings?: SourceReadings): Reading {
    return this.classifyAll([input], readings)[0]!;
  }

  /**
   * The topics and companies of several articles, in their order, as {@link classify} reads each. Each
   * reader reads them all before the next one starts — the English check, then the topics, then the
   * companies — so that its tables stay in the CPU's caches: among the rest of a feed's reading, an
   * article costs about half as much as when each was read through by both readers in turn
   * (bench/RESULTS.md, session 59).
   *
   * A fault in either reader costs only what it would have found (the source's default topics stay; no
   * companies) and a warning on stderr, never the article or its feed: an exception here would fail the
   * whole fetch, and the next one the same way. Such a reading is not kept for the next fetch.
   */
  classifyAll(inputs: readonly ClassifyInput[], readings?: SourceReadings): Reading[] {
    const out = new Array<Reading | undefined>(inputs.length);
    // Every field of the input is in the digest, so that whatever the readers come to read is too.
    const keys = readings
      ? inputs.map((input) => hash('sha1', JSON.stringify(input), 'base64').slice(0, DIGEST_LENGTH))
      : [];
    const unread: { at: number; input: ClassifyInput; english: boolean; topics: number[]; faulty: boolean }[] = [];
    inputs.forEach((input, at) => {
      const known = readings?.get(keys[at]!);
      if (known) out[at] = known;
      else unread.push({ at, input, english: false, topics: [], faulty: false });
    });
    // Asked once for both readers: the check costs more than the rest of the reading.
    for (const item of unread) item.english = isEnglishText(item.input);
    for (const item of unread) {
      const { input, english } = item;
      try {
        item.topics = this.topics.assign(input.defaultTopics, input, english);
      } catch (error) {
        warnOnce('topics', error, input.headline);
        item.topics = [...input.defaultTopics];
        item.faulty = true;
      }
    }
    for (const item of unread) {
      const { at, input, english, topics } = item;
      let companies: number[] = [];
      try {
        const { headline, introduction, url } = input;
        companies = this.companies.match({ headline, introduction, url, topics, english });
      } catch (error) {
        warnOnce('companies', error, input.headline);
        item.faulty = true;
      }
      out[at] = { topics, companies };
    }
    if (readings) {
      // A reading where a reader failed is not kept: the next fetch reads the item again.
      const faulty = new Set(unread.filter((item) => item.faulty).map((item) => item.at));
      out.forEach((reading, at) => faulty.has(at) || readings.add(keys[at]!, reading!));
    }
    return out as Reading[];
  }
}

/**
 * Faults already reported, by reader and message: each is reported once per process, and at most
 * {@link MAX_REPORTED} of them (a long-running worker keeps no growing list).
 */
const reported = new Set<string>();
const MAX_REPORTED = 100;

function warnOnce(reader: string, error: unknown, headline: string): void {
  const message = error instanceof Error ? error.message : String(error);
  if (reported.has(`${reader}:${message}`) || reported.size >= MAX_REPORTED) return;
  reported.add(`${reader}:${message}`);
  process.emitWarning(`reading ${reader} failed for "${headline.slice(0, 80)}": ${message}`, 'TidingsClassifyWarning');
}

const built = new WeakMap<Catalog, ArticleClassifier>();

/** One classifier per catalog (building it takes about 0.2 s). */
export function classifierFor(catalog: Catalog): ArticleClassifier {
  let classifier = built.get(catalog);
  if (!classifier) {
    classifier = new ArticleClassifier(catalog);
    built.set(catalog, classifier);
  }
  return classifier;
}
