/**
 * From a parsed feed item to an ARTICLE: absolute canonical URL (xml:base, then the feed link, then
 * the feed URL), plain-text headline and introduction, dates in UTC, authors, image, type by
 * evidence, topics and companies (packages/catalog), and the source's flags.
 */
import { classifyArticleType } from '@tidings/catalog/article-type';
import type { Catalog } from '@tidings/catalog/catalog';
import { type ClassifyInput, classifierFor, type SourceReadings } from '@tidings/catalog/classify';
import { detectLanguage, primaryLanguage } from '@tidings/catalog/language';
import { type Article, formatInstant } from '@tidings/core/article';
import { leadImage, plainText } from '@tidings/core/text';
import { articleIdFor, canonicalizeUrl, comparableHost, parseHttpUrl } from '@tidings/core/url';
import type { Source } from '@tidings/store/sources';
import type { ParsedEnclosure, ParsedFeed, ParsedItem } from './parse-feed.js';

/** Longest introduction kept, in characters (cut at a word boundary). */
export const MAX_INTRODUCTION = 500;
export const MAX_HEADLINE = 300;

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, '')}…`;
}

function absolute(value: string | null, bases: (string | null)[]): string | null {
  if (!value) return null;
  for (const base of [...bases.filter(Boolean), undefined] as (string | undefined)[]) {
    try {
      const url = base ? new URL(value.trim(), base) : new URL(value.trim());
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
    } catch {
      // try the next base
    }
  }
  return null;
}

/** ISO 8601 date-time without an offset: `2026-11-22T10:00:00`, `2026-11-22 10:00`. */
const ISO_WITHOUT_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/i;
/** ISO 8601 date alone (`2026-11-22`): UTC midnight, as Date.parse reads it everywhere. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/**
 * A numeric offset after a time (`10:00 +0100`, `10:00:00+01:00`, `10:00 GMT+0100`) or ISO's `Z`
 * after a digit, at the end (not the year of `24-Nov-2026`).
 */
const NUMERIC_ZONE = /(?:\d:\d{2}(?::\d{2}(?:\.\d+)?)?(?: ?[ap]m)? ?(?:gmt|utc)?[+-]\d{2}:?\d{2}|\dZ)$/i;
/** A word at the end, after a time (and its `AM`/`PM`, and an offset): a time zone's name. */
const ZONE_NAME = /(?<=\d:\d{2}(?::\d{2}(?:\.\d+)?)?(?: [ap]m)?(?: ?(?:gmt)?[+-]\d{2}:?\d{2})?) ?([a-z]{1,5})$/i;

/**
 * Time zones by the names feeds write them with, in minutes east of UTC. Date.parse knows only UT,
 * GMT, Z and the four US zones; news is published in every other zone too. Where a name is
 * ambiguous, the zone of the outlets that use it most: `IST` India, `CST` US Central (as Date.parse),
 * `BST` British Summer Time.
 */
// prettier-ignore
const ZONES: Record<string, number> = {
  UT: 0, UTC: 0, GMT: 0, Z: 0, WET: 0,
  WEST: 60, BST: 60, CET: 60, MET: 60, WAT: 60,
  CEST: 120, MEST: 120, EET: 120, SAST: 120, CAT: 120,
  EEST: 180, MSK: 180, EAT: 180, TRT: 180,
  GST: 240, PKT: 300, IST: 330, NPT: 345, ICT: 420, WIB: 420,
  HKT: 480, SGT: 480, PHT: 480, MYT: 480, AWST: 480, JST: 540, KST: 540,
  ACST: 570, AEST: 600, ACDT: 630, AEDT: 660, NZST: 720, NZDT: 780,
  NDT: -150, NST: -210, BRT: -180, ART: -180,
  EDT: -240, EST: -300, CDT: -300, CST: -360, MDT: -360, MST: -420, PDT: -420, PST: -480,
  AKDT: -480, AKST: -540, HST: -600,
};

const offsetText = (minutes: number) =>
  `${minutes < 0 ? '-' : '+'}${String(Math.floor(Math.abs(minutes) / 60)).padStart(2, '0')}${String(Math.abs(minutes) % 60).padStart(2, '0')}`;

/**
 * A feed's date as ms, or `null` when unreadable. A date without a time zone — or with a zone name
 * nobody knows — is read as UTC (CONTRACT §1.4), never as the server's local time, whatever the
 * format Date.parse reads it in (RFC 822 and its variants, ISO 8601, `Dec 16 2023 02:02:33 PM`).
 */
export function parseFeedDate(value: string | null): number | null {
  // No date is longer than this; a longer value is no date (and would cost the patterns below).
  if (!value || value.length > 200) return null;
  // "Mon, 02 Jan 2006 15:04:05 +0000 (UTC)" and similar trailing comments.
  let text = value
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/\s*\(.*\)$/, '');
  if (ISO_WITHOUT_ZONE.test(text)) text = `${text.replace(' ', 'T')}Z`;
  let zoned = ISO_DATE.test(text) || NUMERIC_ZONE.test(text);
  const name = zoned ? null : ZONE_NAME.exec(text);
  if (name && !/^[ap]m$/i.test(name[1]!)) {
    const minutes = ZONES[name[1]!.toUpperCase()];
    text = text.slice(0, name.index).trimEnd();
    // `+0100 CET`: the offset says it. An unknown name says nothing: the time is read as UTC.
    zoned = NUMERIC_ZONE.test(text) || minutes !== undefined;
    if (minutes !== undefined && !NUMERIC_ZONE.test(text)) text += ` ${offsetText(minutes)}`;
  }
  let ms = zoned ? Date.parse(text) : Date.parse(`${text} +0000`);
  if (!zoned && Number.isNaN(ms)) {
    // A format that takes no offset after it (`Nov 24, 2026`): read in the server's time zone, then
    // moved to the same wall-clock time in UTC.
    ms = Date.parse(text);
    ms -= new Date(ms).getTimezoneOffset() * 60_000;
  }
  return Number.isNaN(ms) || ms < Date.UTC(1990, 0, 1) ? null : ms;
}

export interface NormalizeContext {
  feed: ParsedFeed;
  source: Source;
  catalog: Catalog;
  /** The feed URL after redirects (the last base for relative links). */
  feedUrl: string;
  now: Date;
  /** The source's readings of its last fetch, reused for the same items; this fetch's are recorded there. */
  readings?: SourceReadings;
  /**
   * The language the feed declares, else the one its items' text is written in (`null`: too little text
   * to tell), as {@link feedLanguageOf} gives it.
   */
  feedLanguage: string | null;
}

/**
 * Where relative links and guids resolve (CONTRACT §1.4): the `xml:base` in scope (the item's own, each
 * resolved against the one outside it and the first against the feed URL), then the feed's link, then
 * the feed URL.
 */
function basesOf(ctx: NormalizeContext, item?: ParsedItem): (string | null)[] {
  const chain = item?.bases ?? (ctx.feed.base === null ? [] : [ctx.feed.base]);
  let base: string | null = null;
  for (const value of chain) base = absolute(value, [base, ctx.feedUrl]) ?? base;
  return [base, absolute(ctx.feed.link, [ctx.feedUrl]), ctx.feedUrl];
}

/** A guid that is a URL (absolute, or a path such as a relative permalink). */
function guidLink(item: ParsedItem): string | null {
  return item.guid && (/^https?:\/\//i.test(item.guid) || item.guid.startsWith('/')) ? item.guid : null;
}

/**
 * The item's canonical URL (fragment and tracking parameters removed), or null: its link, else its
 * guid when that is a URL, else its first enclosure (a podcast episode without a page of its own).
 */
function itemUrl(item: ParsedItem, bases: (string | null)[]): string | null {
  const link =
    absolute(item.link, bases) ??
    absolute(guidLink(item), bases) ??
    item.enclosures.map((e) => absolute(e.url, bases)).find(Boolean) ??
    null;
  return link ? canonicalizeUrl(link) : null;
}

/**
 * URLs for items of one feed that share a link but are distinct items (a podcast linking every
 * episode to its home page, a blog linking posts by `#fragment`): each gets the most specific URL
 * that tells them apart — the link with its fragment, else its guid when that is a URL, else its
 * enclosure (CONTRACT §1.4). Items that really are one (the same guid, or no guid and the same title)
 * stay one.
 */
function distinctUrls(items: readonly ParsedItem[], ctx: NormalizeContext): Map<ParsedItem, string> {
  const byUrl = new Map<string, ParsedItem[]>();
  const basesFor = new Map(items.map((item) => [item, basesOf(ctx, item)]));
  for (const item of items) {
    const url = itemUrl(item, basesFor.get(item)!);
    if (url) byUrl.set(url, [...(byUrl.get(url) ?? []), item]);
  }
  const out = new Map<ParsedItem, string>();
  for (const [url, group] of byUrl) {
    const identities = new Set(group.map((i) => i.guid ?? `${i.title ?? ''}|${i.published ?? ''}`));
    if (group.length < 2 || identities.size < 2) continue;
    const ways: ((i: ParsedItem) => string | null)[] = [
      (i) => {
        const link = absolute(i.link, basesFor.get(i)!);
        const hash = link ? new URL(link).hash : '';
        return link && hash.length > 1 ? `${canonicalizeUrl(link)}${hash}` : null;
      },
      (i) => {
        const guid = absolute(guidLink(i), basesFor.get(i)!);
        return guid ? canonicalizeUrl(guid) : null;
      },
      (i) => {
        const enclosure = absolute(i.enclosures[0]?.url ?? null, basesFor.get(i)!);
        return enclosure ? canonicalizeUrl(enclosure) : null;
      },
      // Beyond CONTRACT §1.4's three: another link of the item (Atom `related`: a blog's own post
      // about a link it shares with another post), then the link with the guid as its fragment.
      (i) => {
        const other = absolute(i.links[0] ?? null, basesFor.get(i)!);
        return other ? canonicalizeUrl(other) : null;
      },
      (i) => (i.guid ? `${url}#${encodeURIComponent(i.guid)}` : null),
    ];
    for (const item of group) {
      for (const way of ways) {
        const candidate = way(item);
        // Only a URL that no other item of the group shares tells this one apart.
        if (candidate && candidate !== url && group.filter((other) => way(other) === candidate).length === 1) {
          out.set(item, candidate);
          break;
        }
      }
    }
  }
  return out;
}

const IMAGE_FILE = /\.(?:jpe?g|png|webp|gif|avif)$/i;

/** An image enclosure: by its type or medium, or — with neither (The Guardian's `media:content`) — by its file name. */
function isPicture(e: ParsedEnclosure): boolean {
  if (e.type) return e.type.startsWith('image/');
  if (e.medium) return e.medium === 'image';
  return IMAGE_FILE.test(e.url.split(/[?#]/)[0]!);
}

/**
 * The item's picture among its enclosures: the first image, at the largest width the feed offers it
 * in (the same file at several sizes, `?w=140` and `?w=460`).
 */
function pictureEnclosure(enclosures: readonly ParsedEnclosure[]): string | null {
  const pictures = enclosures.filter(isPicture);
  if (!pictures.length) return null;
  const file = (e: ParsedEnclosure) => e.url.split(/[?#]/)[0];
  const first = pictures[0]!;
  return pictures
    .filter((e) => file(e) === file(first))
    .reduce((best, e) => ((e.width ?? 0) > (best.width ?? 0) ? e : best), first).url;
}

/** Returns `null` for an item that has no usable link (it cannot become an article). */
export function normalizeItem(item: ParsedItem, ctx: NormalizeContext, distinctUrl?: string): Article | null {
  const read = readItem(item, ctx, distinctUrl);
  return read && withMeaning([read], ctx)[0]!;
}

/** An item read up to its meaning: the article, still without topics or companies, and what they are read from. */
interface ReadItem {
  article: Article;
  input: ClassifyInput;
}

/** The articles with their topics and companies, read from their inputs together (`ArticleClassifier.classifyAll`). */
function withMeaning(items: readonly ReadItem[], ctx: NormalizeContext): Article[] {
  const { catalog } = ctx;
  const meanings = classifierFor(catalog).classifyAll(
    items.map((item) => item.input),
    ctx.readings,
  );
  return items.map(({ article }, k) => ({
    ...article,
    topics: meanings[k]!.topics.flatMap((id) => catalog.topicRef(id) ?? []),
    companies: meanings[k]!.companies.flatMap((id) => catalog.companyRef(id) ?? []),
  }));
}

/** {@link normalizeItem} but its topics and companies. */
function readItem(item: ParsedItem, ctx: NormalizeContext, distinctUrl?: string): ReadItem | null {
  const bases = basesOf(ctx, item);
  const url = distinctUrl ?? itemUrl(item, bases);
  if (!url) return null;
  const host = comparableHost(parseHttpUrl(url)!.hostname);

  // The first of description (Atom summary), content, media:description / itunes:summary with text.
  const summary = plainText(item.description ?? '') || plainText(item.content ?? '') || plainText(item.media ?? '');
  const headline = truncate(plainText(item.title ?? '') || summary || url, MAX_HEADLINE);
  const now = ctx.now.getTime();
  const published = parseFeedDate(item.published) ?? parseFeedDate(item.updated);
  const updated = parseFeedDate(item.updated);
  // A date in the future (a publisher's clock or time zone) would pin the item to the top.
  const publishedAt = published === null ? now : Math.min(published, now);
  const image =
    item.thumbnails.map((t) => absolute(t, bases)).find(Boolean) ??
    absolute(pictureEnclosure(item.enclosures), bases) ??
    // Many feeds carry their picture only inside the description or content, whose relative URLs
    // are the article page's (after an `xml:base` in scope).
    absolute(leadImage(item.description ?? '') ?? leadImage(item.content ?? ''), [
      bases[0] ?? null,
      url,
      ...bases.slice(1),
    ]) ??
    null;
  const { source } = ctx;
  const introduction = truncate(summary, MAX_INTRODUCTION);
  const language = languageOf(ctx);
  const type = classifyArticleType({
    sourceType: source.type,
    link: url,
    categories: item.categories,
    enclosures: item.enclosures,
    itunes: item.itunes,
  });
  const input: ClassifyInput = {
    headline,
    introduction,
    categories: item.categories,
    // The show's categories name its episodes' topics, not those of other items the feed carries.
    podcastCategories: type === 'podcast' ? ctx.feed.podcastCategories : [],
    url,
    language,
    defaultTopics: source.topics,
  };
  const article: Article = {
    id: articleIdFor(url),
    url,
    headline,
    introduction,
    type,
    publishedAt: formatInstant(publishedAt),
    updatedAt:
      updated !== null && published !== null && updated > published ? formatInstant(Math.min(updated, now)) : null,
    indexedAt: formatInstant(now),
    language,
    authors: item.authors
      .map((a) => plainText(a))
      .filter(Boolean)
      .slice(0, 10),
    imageUrl: image,
    topics: [],
    companies: [],
    paywalled: source.paywalled === 'all',
    registrationRequired: source.registrationRequired,
    source: { id: source.id, name: source.name, domain: host, https: null, iframeable: null },
  };
  return { article, input };
}

/** Text of a feed's items that language detection reads (a few KB are plenty). */
const DETECTION_TEXT = 4_000;

/**
 * The item's language: declared by the source or the feed, else detected — once per feed, from its
 * items' text together (a feed is written in one language).
 */
function languageOf(ctx: NormalizeContext): string | null {
  return primaryLanguage(ctx.source.language) ?? ctx.feedLanguage;
}

/**
 * The language a feed declares, else the one its items' text is written in (`null`: too little text),
 * for {@link NormalizeContext.feedLanguage}. Not detected when the source names its language: its
 * articles do not need it then.
 */
export async function feedLanguageOf(feed: ParsedFeed, source: Source): Promise<string | null> {
  const declared = primaryLanguage(feed.language);
  if (declared || primaryLanguage(source.language)) return declared;
  let sample = '';
  for (const item of feed.items) {
    sample += ` ${plainText(item.title ?? '')} ${plainText(item.description ?? '')}`;
    if (sample.length > DETECTION_TEXT) break;
  }
  return detectLanguage(sample);
}

/** What a feed says about the site it belongs to (the sources endpoint shows it, CONTRACT §2.2). */
export interface FeedSite {
  /**
   * The host most of its articles live on, as their `source.domain` (without `www.`): the host whose
   * probes the articles carry. `null` when the feed has no article.
   */
  domain: string | null;
  /**
   * The site's home page: the feed's own link (`<channel><link>`, Atom's alternate link), absolute;
   * else the root of the articles' host.
   */
  homepage: string | null;
  /** Its language (ISO 639-1): declared by the feed, else detected in its items (unless the source names one). */
  language: string | null;
  /** The podcast's Apple Podcasts categories, as the feed names them (kept with the source for `reindex`). */
  podcastCategories: string[][];
}

export function feedSite(ctx: NormalizeContext, articles: readonly Article[]): FeedSite {
  const counts = new Map<string, { n: number; url: string }>();
  for (const article of articles) {
    const seen = counts.get(article.source.domain);
    if (seen) seen.n++;
    else counts.set(article.source.domain, { n: 1, url: article.url });
  }
  let main: [string, { n: number; url: string }] | null = null;
  for (const entry of counts) if (!main || entry[1].n > main[1].n) main = entry;
  let homepage = absolute(ctx.feed.link, [basesOf(ctx)[0]!, ctx.feedUrl])?.replace(/#.*$/, '') ?? null;
  // A channel link to the feed itself names no site.
  if (homepage === new URL(ctx.feedUrl).toString()) homepage = null;
  homepage ??= main ? `${new URL(main[1].url).origin}/` : null;
  // Detection reads the items' text once a feed and only when the source names no language (the
  // articles needed it then, so it is known already); with a setting, what the feed declares is kept.
  const language = ctx.source.language ? primaryLanguage(ctx.feed.language) : ctx.feedLanguage;
  return { domain: main?.[0] ?? null, homepage, language, podcastCategories: ctx.feed.podcastCategories };
}

/**
 * Every article of a feed, one per canonical URL (the first item wins). Every item is read first, then
 * their topics and companies all together: the classifiers' tables stay in the CPU's caches from one
 * item to the next instead of being pushed out by each item's HTML and URLs (bench/RESULTS.md, session
 * 59). A later item of the same URL is not classified at all.
 */
export function normalizeFeed(ctx: NormalizeContext): Article[] {
  const byId = new Map<string, ReadItem>();
  const distinct = distinctUrls(ctx.feed.items, ctx);
  for (const item of ctx.feed.items) {
    const read = readItem(item, ctx, distinct.get(item));
    if (read && !byId.has(read.article.id)) byId.set(read.article.id, read);
  }
  return withMeaning([...byId.values()], ctx);
}
