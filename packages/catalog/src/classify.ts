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
   * classifier's own and does not change), and recorded for the next fetch.
   */
  classify(input: ClassifyInput, readings?: SourceReadings): Reading {
    if (!readings) {
      const { faulty: _, ...reading } = this.read(input);
      return reading;
    }
    // Every field of the input is in the digest, so that whatever the readers come to read is too.
    const key = hash('sha1', JSON.stringify(input), 'base64').slice(0, DIGEST_LENGTH);
    const known = readings.get(key);
    if (known) {
      readings.add(key, known);
      return known;
    }
    const { faulty, ...read } = this.read(input);
    // A reading where a reader failed is not kept: the next fetch reads the item again.
    if (!faulty) readings.add(key, read);
    return read;
  }

  /**
   * A fault in either reader costs only what it would have found (the source's default topics stay; no
   * companies) and a warning on stderr, never the article or its feed: an exception here would fail the
   * whole fetch, and the next one the same way. Such a reading is not kept for the next fetch.
   */
  private read(input: ClassifyInput): Reading & { faulty: boolean } {
    // Asked once for both readers: the check costs more than the rest of the reading.
    const english = isEnglishText(input);
    let topics: number[];
    let faulty = false;
    try {
      topics = this.topics.assign(input.defaultTopics, input, english);
    } catch (error) {
      warnOnce('topics', error, input.headline);
      topics = [...input.defaultTopics];
      faulty = true;
    }
    try {
      const { headline, introduction, url } = input;
      return { topics, companies: this.companies.match({ headline, introduction, url, topics, english }), faulty };
    } catch (error) {
      warnOnce('companies', error, input.headline);
      return { topics, companies: [], faulty: true };
    }
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
