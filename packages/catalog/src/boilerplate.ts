/**
 * Words that feeds put under every item and that say nothing about it: they are read neither for
 * topics nor for companies.
 */

/** The link that ends every Google News item's description: a link's label, no mention of Google. */
const AGGREGATOR_LINK = 'View Full Coverage on Google News';

/** The text without the boilerplate above (each occurrence read as a space). */
export function withoutBoilerplate(text: string): string {
  return text.includes(AGGREGATOR_LINK) ? text.replaceAll(AGGREGATOR_LINK, ' ') : text;
}
