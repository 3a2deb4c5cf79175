import { describe, expect, it } from 'vitest';
import { withoutGivenNames, withoutNameWords } from '../src/person-names.js';

describe('people named in full', () => {
  it('drops the given name of a person named with a common surname', () => {
    expect(withoutGivenNames('Gene Sharp, US scholar, dies at 90')).toBe('Sharp, US scholar, dies at 90');
    expect(withoutGivenNames('Bill Cosby wins defamation case')).toBe('Cosby wins defamation case');
    expect(withoutGivenNames("Fans queue for Taylor Swift's tour")).toBe("Fans queue for Swift's tour");
    expect(withoutGivenNames('The film stars Grant Williams. Drew Scanlon hosts.')).toBe(
      'The film stars Williams. Scanlon hosts.',
    );
  });

  it('leaves words that only look like names: a run of capitals, a word alone, a word in small letters', () => {
    for (const text of [
      'Bill clears key hurdle in Senate',
      'Bill Banning Phones In Schools Passes Senate',
      'Flooding in Palm Beach County closes schools',
      'The New York Post reported the deal',
      'Gene therapy trial shows promise',
      'The grant went to Williams College',
      'GENE SHARP DIES',
    ]) {
      expect(withoutGivenNames(text)).toBe(text);
    }
  });

  it('drops the words of a full name that the caller names: a given name, a surname, keeping what closes it', () => {
    const given = new Set(['bill', 'mark']);
    const family = new Set(['rock', 'brand', 'price']);
    expect(withoutNameWords('Chris Rock says he is still hurt', given, family)).toBe('Chris  says he is still hurt');
    expect(withoutNameWords("Russell Brand's new show", given, family)).toBe("Russell 's new show");
    expect(withoutNameWords('Mark Price hits a century', given, family)).toBe(' hits a century');
    expect(withoutNameWords('Bill Cosby wins defamation case', given, family)).toBe('Cosby wins defamation case');
    // Not in a run of capitals (a title-case headline), nor a surname alone or in small letters.
    for (const text of ['Chris Rock Says He Is Still Hurt', 'Rock legend dies', 'Fans of rock music']) {
      expect(withoutNameWords(text, given, family)).toBe(text);
    }
  });
});
