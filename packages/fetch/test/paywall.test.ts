import { describe, expect, it } from 'vitest';
import { paywallFromHtml } from '../src/paywall.js';

const page = (...blocks: string[]) =>
  `<html><head>${blocks.map((b) => `<script type="application/ld+json">${b}</script>`).join('')}</head><body></body></html>`;

describe('paywallFromHtml', () => {
  it('finds isAccessibleForFree: false on the article', () => {
    expect(paywallFromHtml(page('{"@type":"NewsArticle","isAccessibleForFree":false}'))).toBe(true);
    expect(paywallFromHtml(page('{"@type":"NewsArticle","isAccessibleForFree":"False"}'))).toBe(true);
  });

  it('finds it on a part of the article (hasPart) and inside @graph', () => {
    const part =
      '{"@type":"NewsArticle","isAccessibleForFree":true,"hasPart":{"@type":"WebPageElement","isAccessibleForFree":false,"cssSelector":".paywall"}}';
    expect(paywallFromHtml(page(part))).toBe(true);
    expect(
      paywallFromHtml(page('{"@graph":[{"@type":"WebSite"},{"@type":"NewsArticle","isAccessibleForFree":false}]}')),
    ).toBe(true);
  });

  it('says free when marked free, and nothing without evidence or with broken JSON', () => {
    expect(paywallFromHtml(page('{"@type":"NewsArticle","isAccessibleForFree":true}'))).toBe(false);
    expect(paywallFromHtml(page('{"@type":"NewsArticle"}'))).toBeNull();
    expect(paywallFromHtml(page('{not json'))).toBeNull();
    expect(paywallFromHtml('<html><body>No data</body></html>')).toBeNull();
  });

  it('stays linear on hostile pages: 10 MiB of unclosed script tags, JSON-LD nested thousands deep', () => {
    const started = performance.now();
    expect(paywallFromHtml('<script type="application/ld+json">{'.repeat(300_000))).toBeNull();
    const deep = `${'{"hasPart":'.repeat(5_000)}{"isAccessibleForFree":false}${'}'.repeat(5_000)}`;
    expect(() => paywallFromHtml(page(deep))).not.toThrow();
    expect(performance.now() - started).toBeLessThan(2_000);
    // Markup in upper case and attributes in any order are still read.
    expect(
      paywallFromHtml('<SCRIPT data-x="1" TYPE="application/ld+json">{"isAccessibleForFree":false}</SCRIPT>'),
    ).toBe(true);
  });
});
