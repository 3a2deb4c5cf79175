import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../src/catalog.js';
import { TopicClassifier } from '../src/topic-classifier.js';
import { companyContextModel, TopicModel, topicModel } from '../src/topic-model.js';

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

  it('reads a text of ASCII words as it reads the same words among other characters', () => {
    // A plain text is read character by character, any other through the Unicode word pattern: the same
    // words (case, digits, possessives, hyphens, rare and unknown words) must give the same guess.
    const texts = [
      [
        "Apple's Q3 revenue beats forecasts; shares up 4.5% in after-hours trading",
        'CEO Tim Cook said AI-driven iPhone sales rose.',
      ],
      ['Zzqx pleuromutilin trial: 2,000 patients, phase-3', 'Results due 2027 (NASDAQ: ABCD) — or so'],
      ['', 'a b c 1 2 3 the of and'],
    ];
    for (const [headline, introduction] of texts) {
      const plain = model.guess(introduction!, headline, 1.5);
      // A check mark is no word, but not ASCII: the Unicode path reads the same words.
      const other = model.guess(`${introduction} ✓`, `✓ ${headline}`, 1.5);
      expect(other).toEqual(plain);
      expect(plain.known).toBeGreaterThan(0);
    }
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

  it('reads news in the words of outlets its training headlines never used (clubs, cricket, markets, wars)', () => {
    const classifier = new TopicClassifier(catalog);
    const rootOf = (id: number) => {
      let at = catalog.topics.get(id);
      while (at?.parent != null) at = catalog.topics.get(at.parent);
      return at?.id;
    };
    const first = (headline: string, introduction: string) =>
      rootOf(classifier.classifyText({ headline, introduction }).topics[0]!);
    // Written for this test; the cricket line was read as arts before the lexicon's terms and
    // HuffPost's world-news items were examples and the lexicon counted as much as the model.
    expect(
      first(
        'Root and Brook put on 200 as tourists dominate in Multan',
        'The pair batted through the afternoon session on a flat pitch.',
      ),
    ).toBe(15000000);
    expect(
      first(
        'Everton grab late winner at Goodison to climb out of bottom three',
        'A header in stoppage time earned the hosts three points against Crystal Palace.',
      ),
    ).toBe(15000000);
    expect(
      first(
        'Sterling slips as gilt yields climb',
        'The pound fell half a cent against the dollar as traders bet on fewer rate cuts.',
      ),
    ).toBe(4000000);
    expect(
      first(
        'Aftershocks rattle survivors as death toll rises to 300',
        'Rescue teams are searching collapsed homes in the mountain villages.',
      ),
    ).toBe(3000000);
    expect(
      first(
        'Artillery pounds frontline towns as offensive stalls',
        'Both armies reported heavy losses in the fighting overnight.',
      ),
    ).toBe(16000000);
    expect(
      first(
        'Minister quits as coalition splits over budget',
        'The junior partner withdrew from government, leaving the premier without a majority.',
      ),
    ).toBe(11000000);
  });

  it('refuses a file that is not a model', () => {
    expect(() => new TopicModel(Buffer.from('not a model at all'))).toThrow(/not a topic model/);
    expect(new TopicModel(readFileSync(new URL('../data/topic-model.bin', import.meta.url))).size).toBe(model.size);
  });

  /** A model file of the layout `TopicModel` reads: two classes, and each word's scores. */
  const tinyModel = (words: readonly string[], scores: readonly [number, number][]) => {
    const head = Buffer.alloc(12 + 2 * 4 * 3 + 8);
    head.write('TTM1', 0, 'latin1');
    head.writeUInt32LE(2, 4);
    head.writeUInt32LE(words.length, 8);
    head.writeInt32LE(4000000, 12);
    head.writeInt32LE(15000000, 16);
    // bias 0, 0; scale 1, 1; a = 1, H = 1
    for (const [at, value] of [
      [28, 1],
      [32, 1],
      [36, 1],
      [40, 1],
    ] as const)
      head.writeFloatLE(value, at);
    return Buffer.concat([head, Buffer.from(Int8Array.from(scores.flat()).buffer), Buffer.from(words.join('\n'))]);
  };

  it("shares the topic model's word table with the company matcher's model, which reads as if loaded alone", () => {
    const shared = companyContextModel()!;
    const alone = new TopicModel(readFileSync(new URL('../data/company-context-model.bin', import.meta.url)));
    // One table of 100 000 words in each thread, not two (2 MB less).
    expect((shared as unknown as { slots: Int32Array }).slots).toBe((model as unknown as { slots: Int32Array }).slots);
    expect((alone as unknown as { slots: Int32Array }).slots).not.toBe(
      (model as unknown as { slots: Int32Array }).slots,
    );
    for (const text of [
      'Apple shares rise after record iPhone sales',
      'Rebels shell the capital',
      'zzqx vvbrt',
      'the',
    ]) {
      expect(shared.guess(text)).toEqual(alone.guess(text));
    }
    // A model of other words keeps its own table: its words are read, the first model's are not.
    const other = new TopicModel(
      tinyModel(
        ['goal', 'bank'],
        [
          [0, 100],
          [100, 0],
        ],
      ),
      model,
    );
    expect(other.guess('bank').topics[0]).toBe(4000000);
    expect(other.guess('goal').topics[0]).toBe(15000000);
    expect(other.guess('election').known).toBe(0);
  });
});
