import { describe, expect, it } from 'vitest';
import { classifyArticleType, type TypeEvidence } from '../src/article-type.js';

const base: TypeEvidence = {
  sourceType: 'article',
  link: 'https://example.com/a',
  categories: [],
  enclosures: [],
  itunes: false,
};
const enc = (type: string | null, medium: string | null = null, url = 'https://cdn.example.com/f') => ({
  url,
  type,
  medium,
});

describe('classifyArticleType', () => {
  it('keeps the source type without evidence', () => {
    expect(classifyArticleType(base)).toBe('article');
    expect(classifyArticleType({ ...base, sourceType: 'report' })).toBe('report');
  });

  it('takes audio enclosures and iTunes items as podcasts', () => {
    expect(classifyArticleType({ ...base, enclosures: [enc('audio/mpeg')] })).toBe('podcast');
    expect(classifyArticleType({ ...base, itunes: true })).toBe('podcast');
    expect(classifyArticleType({ ...base, enclosures: [enc(null, null, 'https://x.org/e1.mp3')] })).toBe('podcast');
  });

  it('takes video enclosures, media:content video and video hosts as videos, but not image thumbnails', () => {
    expect(classifyArticleType({ ...base, enclosures: [enc('video/mp4')] })).toBe('video');
    expect(classifyArticleType({ ...base, enclosures: [enc(null, 'video')] })).toBe('video');
    expect(classifyArticleType({ ...base, link: 'https://www.youtube.com/watch?v=x' })).toBe('video');
    expect(classifyArticleType({ ...base, enclosures: [enc('image/jpeg', 'image')] })).toBe('article');
    expect(
      classifyArticleType({ ...base, enclosures: [enc(null, null, 'https://i.guim.co.uk/img/a.jpg?w=140')] }),
    ).toBe('article');
  });

  it('recognises galleries, press releases and reports by evidence', () => {
    const images = Array.from({ length: 5 }, (_, i) => enc('image/jpeg', null, `https://x.org/${i}.jpg`));
    expect(classifyArticleType({ ...base, enclosures: images })).toBe('gallery');
    expect(classifyArticleType({ ...base, categories: ['Photo gallery'] })).toBe('gallery');
    expect(classifyArticleType({ ...base, categories: ['Press Releases'] })).toBe('pressrelease');
    expect(classifyArticleType({ ...base, categories: ['Report'] })).toBe('report');
  });
});
