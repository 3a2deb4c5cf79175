import { describe, expect, it } from 'vitest';
import { loadCatalog } from '../src/catalog.js';

describe('catalog', () => {
  const catalog = loadCatalog();

  it('has the IPTC top-level topics with numeric ids', () => {
    expect(catalog.topicRef(4000000)).toEqual({ id: 4000000, name: 'economy, business and finance' });
    expect(catalog.topics.get(4000000)?.parent).toBeNull();
  });

  it('expands a topic to all of its descendants, several levels deep', () => {
    const expanded = catalog.expandTopics([4000000]);
    expect(expanded).toContain(4000000);
    const grandchildren = [...catalog.topics.values()].filter((t) => {
      const parent = t.parent === null ? undefined : catalog.topics.get(t.parent);
      return parent?.parent === 4000000;
    });
    expect(grandchildren.length).toBeGreaterThan(0);
    for (const t of grandchildren) expect(expanded).toContain(t.id);
    expect(expanded).not.toContain(1000000);
  });

  it('keys companies by CIK with share classes folded into one entry', () => {
    expect(catalog.companyRef(320193)).toEqual({ id: 320193, name: 'Apple Inc.' });
    expect(catalog.companies.get(1652044)?.tickers).toEqual(expect.arrayContaining(['GOOGL', 'GOOG']));
  });

  it('drops state-of-incorporation suffixes from company names', () => {
    for (const company of catalog.companies.values()) expect(company.name).not.toMatch(/\/DE\/?$/);
  });
});
