/**
 * Words that feeds put under every item and that say nothing about it: they are read neither for
 * topics nor for companies.
 */

/** The link that ends every Google News item's description: a link's label, no mention of Google. */
const AGGREGATOR_LINK = 'View Full Coverage on Google News';

/**
 * Whether an item is an aggregator's digest: Google News lists the story's headline and then other
 * outlets' headlines on it, each with the outlet's name, and ends with its coverage link (which a
 * shortened introduction may have lost: the item's link is Google News's own then).
 */
export function isAggregatorDigest(introduction: string, url?: string): boolean {
  return introduction.includes(AGGREGATOR_LINK) || (url !== undefined && /^https?:\/\/news\.google\.com\//.test(url));
}

/**
 * Portals that syndicate other newsrooms' stories, named in a digest as the outlet of a headline ("…
 * found in US soil AOL", "… Yahoo News"): in a digest these name no technology company.
 */
const SYNDICATORS =
  /\b(?:Yahoo!?(?: (?:News|Finance|Life|Sports|Entertainment|Voices|Movies))?|AOL|MSN)(?![\p{L}\p{N}])/gu;

/** A digest's text without the syndicating portals' names (see above). */
export function withoutSyndicators(text: string): string {
  return text.replace(SYNDICATORS, ' ');
}

/**
 * The line Reddit's feeds put under every post: "submitted by /u/name to /r/funny [link] [12 comments]"
 * (older feeds: "submitted by name to funny", or the names run together where the feed's links have no
 * spaces between them). Its words ("submitted", "comments") read as politics, and a user's name can be
 * a company's.
 */
const REDDIT_FOOTER = /\bsubmitted by[^[\]]{0,120}?\[link\]\s*\[(?:[\d.,]+k?|no) comments?\]/gu;

/** The text without the boilerplate above (each occurrence read as a space). */
export function withoutBoilerplate(text: string): string {
  const read = text.includes(AGGREGATOR_LINK) ? text.replaceAll(AGGREGATOR_LINK, ' ') : text;
  return read.includes('submitted by') ? read.replace(REDDIT_FOOTER, ' ') : read;
}

/**
 * Wire copy opens with where it was filed and whose it is: "NEW YORK (Reuters) - ", "NEWARK, N.J. (AP) —",
 * "LONDON, Nov 24 (Reuters) -", "WASHINGTON — ", "AFP - ". The place says where the story was written,
 * not what it is about ("NEW YORK" read as markets, "WASHINGTON" as politics), and the agency's name says
 * nothing of the story.
 */
const PLACE = String.raw`\p{Lu}[\p{Lu}\p{M}.'’ -]*\p{Lu}\.?(?:,\s*[\p{L}\p{N}.'’ ]{1,24}){0,2}`;
const CREDITED = new RegExp(String.raw`^\s*(?:${PLACE}\s*)?\(\p{Lu}[^()]{0,30}\)\s*(?:--?|[—–:])\s*`, 'u');
const PLACE_ONLY = new RegExp(String.raw`^\s*${PLACE}\s*(?:--|[—–])\s+`, 'u');
const AGENCY = new RegExp(
  String.raw`^\s*(?:Reuters|AP|AFP|UPI|dpa|PA|PA Media|PTI|IANS|ANI|AAP|Xinhua|Kyodo|Yonhap|Bloomberg|EFE|ANSA|TASS|Interfax|Anadolu|` +
    String.raw`(?:The )?Associated Press|(?:The )?Canadian Press|Press Association|Agence France-Presse)\s*(?:--?|[—–:])\s+`,
  'u',
);

/** The introduction without a wire dateline or agency credit at its start (see above). */
export function withoutDateline(introduction: string): string {
  const match = CREDITED.exec(introduction) ?? PLACE_ONLY.exec(introduction) ?? AGENCY.exec(introduction);
  return match ? introduction.slice(match[0].length) : introduction;
}
