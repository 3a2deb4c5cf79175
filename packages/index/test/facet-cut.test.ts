import { describe, expect, it } from 'vitest';
import { cutFacets } from '../src/facet-count.js';

describe('cutFacets', () => {
  it('keeps the largest counts, ties to the smaller value, and the latest days', () => {
    const cut = cutFacets(
      {
        total: 9,
        types: [
          ['video', 2],
          ['article', 5],
          ['podcast', 2],
        ],
        languages: [],
        sources: [
          ['b', 1],
          ['a', 1],
          ['c', 3],
        ],
        companies: [
          [30, 1],
          [10, 4],
          [20, 4],
          [5, 1],
        ],
        topics: [],
        days: [
          ['2026-11-20', 3],
          ['2026-11-22', 1],
          ['2026-11-21', 5],
        ],
      },
      2,
    );
    expect(cut).toEqual({
      total: 9,
      types: [
        ['article', 5],
        ['podcast', 2],
      ],
      languages: [],
      sources: [
        ['c', 3],
        ['a', 1],
      ],
      companies: [
        [10, 4],
        [20, 4],
      ],
      topics: [],
      days: [
        ['2026-11-22', 1],
        ['2026-11-21', 5],
      ],
    });
  });
});
