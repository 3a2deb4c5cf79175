import { describe, expect, it } from 'vitest';
import { ASCII_WORDS, foldText, leadImage, plainText, wordsOf } from '../src/text.js';

describe('plainText: HTML as a reader sees it', () => {
  it('keeps inline runs together: no space before punctuation the source did not have', () => {
    expect(plainText('The <b>tram line</b> opens on Tuesday, in <a href="/x">spring</a>.')).toBe(
      'The tram line opens on Tuesday, in spring.',
    );
    expect(plainText('( <em>Infrastruktur</em>, <i>Glasfaser</i> )')).toBe('( Infrastruktur, Glasfaser )');
  });

  it('separates blocks, so that words across paragraphs are not glued', () => {
    expect(plainText('<p>The Committee</p><p>The vote</p><ul><li>one</li><li>two</li></ul>')).toBe(
      'The Committee The vote one two',
    );
    expect(plainText('line one<br/>line two')).toBe('line one line two');
  });

  it('decodes every HTML entity, named and numeric (also when the text came from CDATA)', () => {
    expect(plainText('Bj&ouml;rn &mdash; &bdquo;Foxes&ldquo; &amp; &#8364;5 &hellip;')).toBe('Björn — „Foxes“ & €5 …');
  });

  it('reads control characters as the windows-1252 quotes and dashes they stood for, and drops the rest', () => {
    // Text converted to UTF-8 from the wrong charset upstream (0x92 read as Latin-1), raw in a feed.
    expect(plainText('Don\u0092t panic \u0096 the \u0093caf\u00e9\u0094 costs \u00805')).toBe(
      'Don’t panic – the “café” costs €5',
    );
    expect(plainText('<p>bell\u0007 and\u0001 \u008d\u007fend</p>')).toBe('bell and end');
  });

  it('drops scripts, styles and images, leaving nothing behind', () => {
    expect(
      plainText('<style>p{color:red}</style>Hello <img src="x.jpg" alt="photo"><script>alert(1)</script>world'),
    ).toBe('Hello world');
  });

  it('reads HTML escaped twice, but leaves text like <nick> alone', () => {
    expect(plainText('&lt;p&gt;Escaped &lt;b&gt;twice&lt;/b&gt;.&lt;/p&gt;')).toBe('Escaped twice.');
    expect(plainText('a &lt;nick&gt; in text')).toBe('a <nick> in text');
  });

  it('reads HTML escaped three times (markup around escaped markup, as reddit sends it)', () => {
    expect(plainText('<td>&amp;lt;div class="md"&amp;gt;&amp;lt;p&amp;gt;Hey Reddit!&amp;lt;/p&amp;gt;</td>')).toBe(
      'Hey Reddit!',
    );
  });
});

describe('wordsOf: the words search terms match', () => {
  it('folds case, accents, compatibility forms and the ligatures œ and æ', () => {
    expect(wordsOf('CŒUR de l’œuvre, Ærø, Zürich, ﬁnance, ＡＢＣ')).toEqual([
      'coeur',
      'de',
      'l',
      'oeuvre',
      'aerø',
      'zurich',
      'finance',
      'abc',
    ]);
    expect(wordsOf('Deal worth $1.5 billion at -5°C')).toEqual(['deal', 'worth', '1', '5', 'billion', 'at', '5', 'c']);
  });

  it('makes each Chinese or Japanese character a word, and keeps kana voicing apart', () => {
    expect(wordsOf('Apple发布iPhone 17，南京')).toEqual(['apple', '发', '布', 'iphone', '17', '南', '京']);
    expect(wordsOf('東京オリンピック')).toEqual(['東', '京', 'オ', 'リ', 'ン', 'ピ', 'ッ', 'ク']);
    // Half-width kana are the full-width ones; ビル (a building) is not ヒル (a hill).
    expect(wordsOf('ｶﾞｲﾄﾞ ビル')).toEqual(['ガ', 'イ', 'ド', 'ビ', 'ル']);
    expect(wordsOf('ヒル')).toEqual(['ヒ', 'ル']);
  });

  it('keeps the marks that are letters (Indic vowel signs, Thai vowels and tones), drops Arabic and Hebrew points', () => {
    expect(wordsOf('भारत और भरत')).toEqual(['भारत', 'और', 'भरत']);
    // Thai is written without spaces: each letter with its vowel and tone marks is a word.
    expect(wordsOf('ข่าวไทย')).toEqual(['ข่', 'า', 'ว', 'ไ', 'ท', 'ย']);
    expect(wordsOf('தமிழ் বাংলা')).toEqual(['தமிழ்', 'বাংলা']);
    expect(wordsOf('مُحَمَّد שָׁלוֹם Москва́')).toEqual(['محمد', 'שלום', 'москва']);
  });
});

describe('ASCII_WORDS: texts whose words ASCII patterns read as Unicode ones do', () => {
  it('admits typographic punctuation, which is no letter or digit and folds to none', () => {
    expect(ASCII_WORDS.test('Apple’s “new” chip — 1,800 jobs… «oui» £5 ©2026\u00a0now')).toBe(true);
    for (let code = 0x80; code <= 0xffff; code++) {
      const char = String.fromCharCode(code);
      if (!ASCII_WORDS.test(char)) continue;
      expect(/[\p{L}\p{N}\p{M}]/u.test(char), char).toBe(false);
      expect(/[\p{L}\p{N}\p{M}]/u.test(foldText(char)), char).toBe(false);
      expect(char.toLowerCase()).toBe(char);
    }
  });

  it('turns away letters and digits beyond ASCII, and those that decompose to one', () => {
    for (const text of ['café', 'Zürich', 'x²', 'ª', 'µs', '½', 'ﬁnance', '南京'])
      expect(ASCII_WORDS.test(text), text).toBe(false);
  });
});

describe('leadImage: the picture of a description or content', () => {
  it('finds the first picture, lazy-loaded ones too, and in HTML escaped once more', () => {
    expect(leadImage('<p>Text <img src="/a.jpg" width="600"> <img src="/b.jpg"></p>')).toBe('/a.jpg');
    expect(leadImage('<img src="data:image/gif;base64,R0lG" data-src="https://cdn.example/lazy.jpg">')).toBe(
      'https://cdn.example/lazy.jpg',
    );
    expect(leadImage('<img srcset="/s-480.jpg 480w, /s-800.jpg 800w">')).toBe('/s-480.jpg');
    expect(leadImage('&lt;p&gt;&lt;img src=&quot;/escaped.jpg&quot;&gt;&lt;/p&gt;')).toBe('/escaped.jpg');
    expect(leadImage('no picture here')).toBeNull();
  });

  it('skips tracking pixels, ads, share buttons, emoji, icons and anything declared under 50 px', () => {
    expect(
      leadImage(
        '<img src="https://feeds.feedburner.com/~r/x/~4/abc" height="1" width="1">' +
          '<img src="http://ads.pheedo.com/img.phdo?s=1"><img src="http://images.example/mm/facebook.gif">' +
          '<img src="https://s.w.org/images/core/emoji/14.0.0/72x72/1f600.png"><img src="skins/default/jpg.gif">' +
          '<img src="/avatar.png" width="32" height="32"><img src="/story.jpg">',
      ),
    ).toBe('/story.jpg');
    // A picture whose name only contains such a word is still a picture.
    expect(leadImage('<img src="https://cdn.example/google-pixel-9-review.jpg">')).toBe(
      'https://cdn.example/google-pixel-9-review.jpg',
    );
  });
});
