/**
 * Meaning of an article for the worker and `tidings reindex`: its topics (source defaults, feed
 * categories, a podcast's categories, text) and the companies it mentions.
 */
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

export class ArticleClassifier {
  readonly topics: TopicClassifier;
  readonly companies: CompanyMatcher;

  constructor(catalog: Catalog) {
    this.topics = new TopicClassifier(catalog);
    this.companies = new CompanyMatcher(catalog);
  }

  /**
   * The article's topics and companies. A fault in either reader costs only what it would have found
   * (the source's default topics stay; no companies) and a warning on stderr, never the article or its
   * feed: an exception here would fail the whole fetch, and the next one the same way.
   */
  classify(input: ClassifyInput): { topics: number[]; companies: number[] } {
    // Asked once for both readers: the check costs more than the rest of the reading.
    const english = isEnglishText(input);
    let topics: number[];
    try {
      topics = this.topics.assign(input.defaultTopics, input, english);
    } catch (error) {
      warnOnce('topics', error, input.headline);
      topics = [...input.defaultTopics];
    }
    try {
      const { headline, introduction, url } = input;
      return { topics, companies: this.companies.match({ headline, introduction, url, topics, english }) };
    } catch (error) {
      warnOnce('companies', error, input.headline);
      return { topics, companies: [] };
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
