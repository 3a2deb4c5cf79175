import { describe, expect, it } from 'vitest';
import { matchesSourcePrefix, parseSourcePrefix, sourcePrefixesOf } from '../src/source-prefix.js';
import { articleIdFor, canonicalizeUrl } from '../src/url.js';

describe('canonicalizeUrl', () => {
  it('lowercases scheme and host and drops fragment, default port and tracking parameters', () => {
    expect(canonicalizeUrl('HTTPS://News.Example.COM:443/Story?id=7&utm_source=x&fbclid=y&gclid=z#top')).toBe(
      'https://news.example.com/Story?id=7',
    );
    expect(canonicalizeUrl('https://example.com/a?utm_medium=rss')).toBe('https://example.com/a');
    // One article in two feeds of an outlet, each feed's links with its own campaign code.
    expect(canonicalizeUrl('https://www.heise.de/news/x-123.html?wt_mc=rss.red.ho.ho.atom.beitrag.beitrag')).toBe(
      'https://www.heise.de/news/x-123.html',
    );
    expect(canonicalizeUrl('https://www.lemonde.fr/a.html?xtor=RSS-3208&page=2')).toBe(
      'https://www.lemonde.fr/a.html?page=2',
    );
    expect(canonicalizeUrl('https://www.bbc.co.uk/news/a?at_medium=RSS&at_campaign=KARANGA')).toBe(
      'https://www.bbc.co.uk/news/a',
    );
    expect(canonicalizeUrl('https://www.theguardian.com/a?CMP=Share_iOSApp_Other')).toBe(
      'https://www.theguardian.com/a',
    );
  });

  it('gives the same id to the same story', () => {
    const a = articleIdFor(canonicalizeUrl('https://example.com/a?utm_campaign=1')!);
    const b = articleIdFor(canonicalizeUrl('https://EXAMPLE.com/a#comments')!);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses what is not an absolute http(s) URL', () => {
    expect(canonicalizeUrl('ftp://example.com/a')).toBeNull();
    expect(canonicalizeUrl('/relative')).toBeNull();
  });
});

describe('source prefixes', () => {
  const p = (entry: string) => {
    const prefix = parseSourcePrefix(entry);
    if (typeof prefix === 'string') throw new Error(prefix);
    return prefix;
  };

  it('matches hosts on label boundaries and paths on segment boundaries', () => {
    expect(matchesSourcePrefix('https://news.example.com/x', p('example.com'))).toBe(true);
    expect(matchesSourcePrefix('https://notexample.com/x', p('example.com'))).toBe(false);
    expect(matchesSourcePrefix('https://www.example.com/Sport', p('example.com/sport'))).toBe(true);
    expect(matchesSourcePrefix('https://example.com/sport/x', p('example.com/sport'))).toBe(true);
    expect(matchesSourcePrefix('https://example.com/sports', p('example.com/sport'))).toBe(false);
  });

  it('rejects entries with ?, #, *, spaces or no valid host', () => {
    for (const bad of [
      'example.com?a',
      'example.com#a',
      '*.example.com',
      'exa mple.com',
      '/path',
      'http://',
      '-bad-.com',
    ]) {
      expect(typeof parseSourcePrefix(bad)).toBe('string');
    }
  });

  it('lists every prefix a URL falls under', () => {
    expect(sourcePrefixesOf('https://www.news.example.com/Sport/x')).toEqual([
      'news.example.com',
      'news.example.com/sport',
      'news.example.com/sport/x',
      'example.com',
      'example.com/sport',
      'example.com/sport/x',
      'com',
      'com/sport',
      'com/sport/x',
    ]);
  });
});
