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

/**
 * Readings remembered, the most recently asked for: a feed fetched again holds mostly the items read
 * last time, and a reading costs 100–400 µs where its memory costs ~200 bytes (4 MB in all).
 */
const REMEMBERED = 20_000;

export interface Reading {
  topics: number[];
  companies: number[];
}

export class ArticleClassifier {
  readonly topics: TopicClassifier;
  readonly companies: CompanyMatcher;
  /** Readings by a digest of their whole input, least recently asked for first. */
  private readonly remembered = new Map<string, Reading>();

  constructor(catalog: Catalog) {
    this.topics = new TopicClassifier(catalog);
    this.companies = new CompanyMatcher(catalog);
  }

  /**
   * The article's topics and companies: read afresh ({@link classifyAfresh}), or as they were read
   * when the same input was last given, if among the {@link REMEMBERED} last (the same reading: the
   * catalog is the classifier's own and does not change).
   */
  classify(input: ClassifyInput): Reading {
    // Every field of the input is in the digest, so that whatever the readers come to read is too.
    const key = hash('sha1', JSON.stringify(input), 'base64');
    let reading = this.remembered.get(key);
    if (reading) {
      this.remembered.delete(key);
    } else {
      const { faulty, ...read } = this.read(input);
      if (faulty) return read;
      reading = read;
      if (this.remembered.size >= REMEMBERED) this.remembered.delete(this.remembered.keys().next().value!);
    }
    this.remembered.set(key, reading);
    return { topics: [...reading.topics], companies: [...reading.companies] };
  }

  /** The article's topics and companies, read now (what {@link classify} remembers). */
  classifyAfresh(input: ClassifyInput): Reading {
    const { faulty: _, ...reading } = this.read(input);
    return reading;
  }

  /**
   * A fault in either reader costs only what it would have found (the source's default topics stay; no
   * companies) and a warning on stderr, never the article or its feed: an exception here would fail the
   * whole fetch, and the next one the same way. Such a reading is not remembered.
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
