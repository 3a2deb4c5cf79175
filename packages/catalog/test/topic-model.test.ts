import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../src/catalog.js';
import { TopicClassifier } from '../src/topic-classifier.js';
import { TopicModel, topicModel } from '../src/topic-model.js';

const catalog = loadCatalog();
const model = topicModel()!;
const top = (text: string) => model.guess(text).topics[0];

describe('the learned top-level topic model', () => {
  it('ships with the package: 17 top-level topics, a few MB', () => {
    expect(model).not.toBeNull();
    expect([...model.classes].sort((a, b) => a - b)).toEqual(
      [...catalog.topics.values()]
        .filter((t) => t.parent === null)
        .map((t) => t.id)
        .sort((a, b) => a - b),
    );
    expect(model.size).toBeLessThan(5_000_000);
  });

  it('gives probabilities that add up to 1, best first, and no guess for text it does not know', () => {
    const guess = model.guess('Central bank holds interest rates as inflation cools');
    expect(guess.probabilities.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
    expect([...guess.probabilities].sort((a, b) => b - a)).toEqual(guess.probabilities);
    expect(model.guess('zzqx vvbrt').known).toBe(0);
  });

  it('reads news of every kind, including topics its training headlines lack', () => {
    expect(top('Central bank holds interest rates as inflation cools')).toBe(4000000);
    expect(top('Local team wins the cup after penalties')).toBe(15000000);
    expect(top('Researchers map the genome of an ancient wheat')).toBe(13000000);
    expect(top('Rebels shell the capital as ceasefire talks collapse')).toBe(16000000);
    expect(top('Nurses strike over pay and staffing')).toBe(9000000);
  });

  it('picks the top-level topic for the classifier, which descends with the lexicon', () => {
    const classifier = new TopicClassifier(catalog);
    const ids = classifier.classifyText({
      headline: 'Rebels shell the capital as ceasefire talks collapse',
      introduction: '',
    }).topics;
    expect(ids.length).toBeGreaterThan(0);
    expect(classifier.isAncestor(16000000, ids[0]!) || ids[0] === 16000000).toBe(true);
    // Without the model the lexicon alone decides, as before.
    expect(new TopicClassifier(catalog, {}, { model: null }).model).toBeNull();
  });

  it('refuses a file that is not a model', () => {
    expect(() => new TopicModel(Buffer.from('not a model at all'))).toThrow(/not a topic model/);
    expect(new TopicModel(readFileSync(new URL('../data/topic-model.bin', import.meta.url))).size).toBe(model.size);
  });
});
