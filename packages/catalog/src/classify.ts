/**
 * Meaning of an article for the worker and `tidings reindex`: its topics (source defaults, feed
 * categories, a podcast's categories, text) and the companies it mentions.
 */
import type { Catalog } from './catalog.js';
import { CompanyMatcher } from './company-matcher.js';
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

  classify(input: ClassifyInput): { topics: number[]; companies: number[] } {
    const topics = this.topics.assign(input.defaultTopics, input);
    return { topics, companies: this.companies.match({ ...input, topics }) };
  }
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
