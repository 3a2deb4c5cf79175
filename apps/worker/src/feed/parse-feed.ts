/**
 * Feed reading: one lenient, namespace-aware route for RSS 0.9x/1.0/2.0 and Atom 0.3/1.0. The text is
 * repaired where strict XML parsers break (junk before the root, DOCTYPEs, HTML entities, bare
 * ampersands, control characters), then read by htmlparser2 in XML mode, which closes what is left
 * open. Elements are matched by the namespace their prefix is bound to (`a10:link` is Atom's link),
 * and element content keeps the text of every child in document order (Atom `xhtml`, unescaped HTML
 * in a description), which a parser that maps XML to objects cannot do.
 */
import { decodeHTML } from 'entities';
import { type Handler, Parser } from 'htmlparser2';
import { type Document, DomHandler, type Element, isTag } from 'domhandler';
import { getElementsByTagName, getInnerHTML, textContent } from 'domutils';
import { attributesOf } from '@tidings/core/text';

export interface ParsedEnclosure {
  url: string;
  type: string | null;
  medium: string | null;
  /** `media:content`'s declared width in pixels, when given. */
  width?: number | null;
}

export interface ParsedItem {
  title: string | null;
  link: string | null;
  /** The item's other links (Atom `related`, `via`, …), most telling first. */
  links: string[];
  guid: string | null;
  /** HTML or text, as the feed gives it: `description` / Atom `summary`. */
  description: string | null;
  /** `content:encoded` / Atom `content`. */
  content: string | null;
  /** `media:description`, else `itunes:summary` / `itunes:subtitle`. */
  media: string | null;
  published: string | null;
  updated: string | null;
  authors: string[];
  categories: string[];
  enclosures: ParsedEnclosure[];
  thumbnails: string[];
  /** `xml:base` values in scope of the item, outermost first (each may be relative to the one before). */
  bases: string[];
  /** The item carries iTunes podcast fields. */
  itunes: boolean;
}

export interface ParsedFeed {
  title: string | null;
  link: string | null;
  /** `xml:base` of the feed element, when given. */
  base: string | null;
  language: string | null;
  /** `<ttl>` in minutes. */
  ttlMinutes: number | null;
  /**
   * A podcast's Apple Podcasts categories (`<itunes:category text="…">` on the channel), one group per
   * category with its subcategories after it, in the feed's order.
   */
  podcastCategories: string[][];
  items: ParsedItem[];
  /** Whether the text needed repairs before it could be read. */
  repaired: boolean;
}

export class FeedParseError extends Error {
  override name = 'FeedParseError';
}

/** Feed types a web page announces its feeds with (`<link rel="alternate" type=…>`). */
const FEED_TYPES = /^application\/(?:rss|atom|feed|rdf)\+xml$|^application\/(?:x\.atom\+xml|x-rss\+xml)$|^text\/xml$/i;

/**
 * The feed an HTML page announces (the first `<link rel="alternate">` of a feed type in it, as
 * browsers and feed readers discover it), absolute against the page's address; `null` when it
 * announces none.
 */
export function feedLinkOfPage(html: string, pageUrl: string): string | null {
  if (!/<link\b/i.test(html)) return null;
  for (const [tag] of html.matchAll(/<link\b[^>]*>/gi)) {
    const attributes = attributesOf(tag);
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    if (!rel.includes('alternate') || !FEED_TYPES.test((attributes.type ?? '').trim()) || !attributes.href) continue;
    try {
      const url = new URL(attributes.href.trim(), pageUrl);
      if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
    } catch {
      // not a URL: the next one
    }
  }
  return null;
}

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

/**
 * Fixes what breaks strict XML parsers in real feeds: junk before the first tag, a DOCTYPE, HTML
 * entities XML does not know, bare ampersands, control characters, and a feed wrapped in HTML.
 */
export function repairXml(text: string): string {
  let out = text.replace(/^\uFEFF/, '');
  const firstTag = out.indexOf('<');
  if (firstTag > 0) out = out.slice(firstTag);
  out = withoutDoctypes(out);
  // eslint-disable-next-line no-control-regex
  out = out.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]+/g, '');
  // Only a text with an ampersand XML does not read needs the (per-match) rewrite below.
  if (!NEEDS_ENTITY_REPAIR.test(out)) return unwrapHtml(out);
  out = out.replace(/&(#x[0-9a-fA-F]+;|#[0-9]+;|[A-Za-z][A-Za-z0-9]*;)?/g, (whole, entity: string | undefined) => {
    if (!entity) return '&amp;';
    if (entity[0] === '#') return whole;
    const name = entity.slice(0, -1);
    if (XML_ENTITIES.has(name)) return whole;
    const decoded = decodeHTML(whole);
    if (decoded === whole) return `&amp;${entity}`;
    return [...decoded].map((ch) => `&#x${ch.codePointAt(0)!.toString(16)};`).join('');
  });
  return unwrapHtml(out);
}

/**
 * The text without its DOCTYPE declarations (internal subsets included), found with indexOf: a
 * regular expression takes quadratic time on hostile input (many unclosed `<!DOCTYPE [`).
 */
function withoutDoctypes(text: string): string {
  const lower = text.slice(0, Math.min(text.length, 1 << 20)).toLowerCase();
  let at = lower.indexOf('<!doctype');
  if (at === -1) return text;
  let out = '';
  let from = 0;
  while (at !== -1) {
    const bracket = text.indexOf('[', at);
    const close = text.indexOf('>', at);
    if (close === -1) break;
    let end = close;
    if (bracket !== -1 && bracket < close) {
      const subsetEnd = text.indexOf(']', bracket);
      if (subsetEnd === -1) break;
      end = text.indexOf('>', subsetEnd);
      if (end === -1) break;
    }
    out += text.slice(from, at);
    from = end + 1;
    at = lower.indexOf('<!doctype', from);
  }
  return out + text.slice(from);
}

/** An ampersand that does not start one of XML's own entities or a character reference. */
const NEEDS_ENTITY_REPAIR = /&(?!(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);)/;

/** A feed inside an HTML page: keep the feed element. */
function unwrapHtml(out: string): string {
  const root = /<(rss|feed|rdf:RDF)[\s>]/.exec(out);
  if (root && /^\s*(<\?xml[^>]*\?>\s*)?<html[\s>]/i.test(out)) {
    const end = out.lastIndexOf(`</${root[1]}>`);
    out = out.slice(root.index, end === -1 ? undefined : end + root[1]!.length + 3);
  }
  return out;
}

// ---- namespaces --------------------------------------------------------------------------------

/** The vocabularies a feed mixes, whatever prefix a document gives them. */
type Vocabulary = 'core' | 'atom' | 'media' | 'itunes' | 'dc' | 'content' | 'other';

const NAMESPACES: Record<string, Vocabulary> = {
  'http://www.w3.org/2005/Atom': 'atom',
  'http://purl.org/atom/ns#': 'atom',
  'http://search.yahoo.com/mrss/': 'media',
  'http://search.yahoo.com/mrss': 'media',
  'http://www.itunes.com/dtds/podcast-1.0.dtd': 'itunes',
  'http://www.itunes.com/DTDs/Podcast-1.0.dtd': 'itunes',
  'http://purl.org/dc/elements/1.1/': 'dc',
  'http://purl.org/dc/terms/': 'dc',
  'http://purl.org/rss/1.0/modules/content/': 'content',
  'http://purl.org/rss/1.0/': 'core',
  'http://my.netscape.com/rdf/simple/0.9/': 'core',
  'http://backend.userland.com/rss2': 'core',
  'http://www.w3.org/1999/02/22-rdf-syntax-ns#': 'core',
};

/** The usual prefixes, for documents that use one without declaring it. */
const CONVENTIONAL: Record<string, Vocabulary> = {
  '': 'core',
  atom: 'atom',
  a10: 'atom',
  media: 'media',
  itunes: 'itunes',
  dc: 'dc',
  dcterms: 'dc',
  content: 'content',
  rdf: 'core',
  rss: 'core',
};

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const prefixOf = (name: string) => (name.includes(':') ? name.slice(0, name.indexOf(':')) : '');

/**
 * Per element, the vocabulary each prefix has in its scope (asked for every child of an item), and its
 * child elements by lower-cased local name. Plain maps, emptied after each document: reading is
 * synchronous, and weak maps of thousands of short-lived keys cost the garbage collector dearly.
 */
const scopes = new Map<Element, Map<string, Vocabulary>>();
const childIndexes = new Map<Element, Map<string, Element[]>>();

function vocabularyIn(node: Element | null, prefix: string): Vocabulary {
  if (!node) return CONVENTIONAL[prefix.toLowerCase()] ?? 'other';
  let scope = scopes.get(node);
  const known = scope?.get(prefix);
  if (known) return known;
  const uri = node.attribs[prefix ? `xmlns:${prefix}` : 'xmlns'];
  const found =
    uri !== undefined
      ? (NAMESPACES[uri.trim()] ?? (prefix ? 'other' : 'core'))
      : vocabularyIn(node.parent && isTag(node.parent) ? node.parent : null, prefix);
  if (!scope) scopes.set(node, (scope = new Map<string, Vocabulary>()));
  scope.set(prefix, found);
  return found;
}

/** The vocabulary of an element, from the namespace its prefix is bound to (xmlns declarations in scope). */
function vocabularyOf(el: Element): Vocabulary {
  return vocabularyIn(el, prefixOf(el.name));
}

/** The element's children named `local` in one of the vocabularies (`core` and `atom` for feed fields). */
function kids(el: Element, local: string, vocabularies: readonly Vocabulary[] = FEED): Element[] {
  let index = childIndexes.get(el);
  if (!index) {
    index = new Map();
    for (const child of el.children) {
      if (!isTag(child)) continue;
      const name = localName(child.name).toLowerCase();
      const list = index.get(name);
      if (list) list.push(child);
      else index.set(name, [child]);
    }
    childIndexes.set(el, index);
  }
  const named = index.get(local);
  return named ? named.filter((c) => vocabularies.includes(vocabularyOf(c))) : [];
}
const FEED: readonly Vocabulary[] = ['core', 'atom'];

/**
 * An element's content as the feed means it: its text (escaped HTML or CDATA arrive as text), or,
 * when it holds elements (Atom `xhtml`, unescaped HTML in a description), those elements serialised
 * as HTML so that the text of every child is kept, in order.
 */
function contentOf(el: Element): string {
  const markup = el.children.some(isTag);
  const value = markup ? getInnerHTML(el, { xmlMode: false, decodeEntities: true }) : textContent(el);
  return value.trim();
}

/** The first non-empty content of the named children, in the order of the names. */
function first(el: Element, names: readonly string[], vocabularies: readonly Vocabulary[] = FEED): string | null {
  for (const name of names) {
    for (const child of kids(el, name, vocabularies)) {
      const value = contentOf(child);
      if (value) return value;
    }
  }
  return null;
}

/**
 * Media RSS elements named `local`: children of the item, and children of its Media RSS elements
 * (`media:group`, `media:content`), where YouTube and others put them.
 */
function mediaElements(el: Element, local: string): Element[] {
  const out: Element[] = [];
  for (const child of el.children) {
    if (!isTag(child) || vocabularyOf(child) !== 'media') continue;
    if (localName(child.name).toLowerCase() === local) out.push(child);
    for (const inner of child.children) {
      if (isTag(inner) && localName(inner.name).toLowerCase() === local && vocabularyOf(inner) === 'media')
        out.push(inner);
    }
  }
  return out;
}

// ---- items -------------------------------------------------------------------------------------

/**
 * A link as written: an entity that survived into it (`&amp;` inside CDATA, where the XML parser
 * leaves it alone) is decoded, as every browser would before following it.
 */
function cleanLink(value: string | null): string | null {
  return value && value.includes('&') ? decodeHTML(value) : value;
}

/** The item's other links (Atom `related`, `via`, `shorturl`, …): what may tell apart items that share one. */
function otherLinks(el: Element, main: string | null): string[] {
  const rank = (rel: string) => ['related', 'via', 'shorturl'].indexOf(rel) >>> 0;
  return kids(el, 'link')
    .filter(
      (l) =>
        l.attribs.href?.trim() && !['alternate', 'enclosure', 'self'].includes(l.attribs.rel?.trim() ?? 'alternate'),
    )
    .sort((a, b) => rank(a.attribs.rel!.trim()) - rank(b.attribs.rel!.trim()))
    .map((l) => cleanLink(l.attribs.href!.trim())!)
    .filter((href) => href !== main);
}

/** An Atom link's href, or an RSS link's text. */
function linkOf(el: Element): string | null {
  const links = kids(el, 'link');
  const href = (l: Element) => l.attribs.href?.trim() || null;
  const alternate =
    links.find((l) => href(l) && (l.attribs.rel ?? 'alternate').trim() === 'alternate') ??
    links.find((l) => !href(l) && textContent(l).trim());
  if (!alternate) return null;
  return cleanLink(href(alternate) ?? textContent(alternate).trim());
}

/** RSS `author` is "email (Name)" or a name; Atom's has a `name` child. */
function authorsOf(el: Element): string[] {
  const names: string[] = [];
  for (const author of [...kids(el, 'author'), ...kids(el, 'creator', ['dc']), ...kids(el, 'author', ['itunes'])]) {
    const name = (first(author, ['name']) ?? textContent(author).trim()).slice(0, 200);
    const email = /^\S+@\S+\s*\((.+)\)$/.exec(name);
    if (name) names.push(email ? email[1]!.trim() : name);
  }
  return [...new Set(names)];
}

function mediaOf(el: Element): { enclosures: ParsedEnclosure[]; thumbnails: string[] } {
  const enclosures: ParsedEnclosure[] = [];
  const thumbnails: string[] = [];
  for (const e of kids(el, 'enclosure')) {
    const url = e.attribs.url?.trim();
    if (url) enclosures.push({ url, type: e.attribs.type ?? null, medium: null });
  }
  for (const l of kids(el, 'link')) {
    if (l.attribs.rel?.trim() === 'enclosure' && l.attribs.href?.trim())
      enclosures.push({ url: l.attribs.href.trim(), type: l.attribs.type ?? null, medium: null });
  }
  for (const m of mediaElements(el, 'content')) {
    const url = m.attribs.url?.trim();
    const width = Number(m.attribs.width);
    if (url) {
      enclosures.push({
        url,
        type: m.attribs.type ?? null,
        medium: m.attribs.medium ?? null,
        width: Number.isFinite(width) && width > 0 ? width : null,
      });
    }
  }
  for (const t of mediaElements(el, 'thumbnail')) if (t.attribs.url?.trim()) thumbnails.push(t.attribs.url.trim());
  for (const i of kids(el, 'image', ['itunes'])) if (i.attribs.href?.trim()) thumbnails.push(i.attribs.href.trim());
  return { enclosures, thumbnails };
}

/** The xml:base values in scope of an element, outermost first. */
function basesOf(el: Element): string[] {
  const out: string[] = [];
  for (let node: Element | null = el; node; node = node.parent && isTag(node.parent) ? node.parent : null) {
    const base = node.attribs['xml:base'];
    if (base !== undefined) out.unshift(base.trim());
  }
  return out;
}

function itemOf(el: Element): ParsedItem {
  const media = mediaOf(el);
  const guidEl = kids(el, 'guid')[0];
  const mediaText =
    mediaElements(el, 'description').map(contentOf).find(Boolean) ?? first(el, ['summary', 'subtitle'], ['itunes']);
  const link = linkOf(el);
  return {
    title: first(el, ['title']),
    link,
    links: otherLinks(el, link),
    // RSS 1.0 names an item by its rdf:about.
    guid: cleanLink(
      (guidEl ? textContent(guidEl).trim() : null) || first(el, ['id']) || el.attribs['rdf:about'] || null,
    ),
    description: first(el, ['description', 'summary']),
    content: first(el, ['encoded'], ['content']) ?? first(el, ['content']),
    media: mediaText ?? null,
    published:
      first(el, ['pubdate', 'published', 'issued', 'created']) ?? first(el, ['date', 'created', 'issued'], ['dc']),
    updated: first(el, ['updated', 'modified']) ?? first(el, ['modified'], ['dc']),
    authors: authorsOf(el),
    categories: [
      ...kids(el, 'category').flatMap((c) => c.attribs.term?.trim() || textContent(c).trim() || []),
      ...kids(el, 'subject', ['dc']).flatMap((c) => textContent(c).trim() || []),
    ],
    enclosures: media.enclosures,
    thumbnails: media.thumbnails,
    bases: basesOf(el),
    itunes: el.children.some((c) => isTag(c) && vocabularyOf(c) === 'itunes'),
  };
}

/** At most this many `<itunes:category>` groups, names in a group, and characters in a name are kept. */
const PODCAST_CATEGORIES_MAX = { groups: 10, names: 5, length: 100 };

/**
 * The channel's `<itunes:category>` names, one group per category (its subcategories after it). They
 * are kept with the source, so a feed that lists thousands keeps only the first few (Apple's own
 * list has two levels and takes three categories).
 */
function podcastCategoriesOf(feedEl: Element): string[][] {
  const { groups, names, length } = PODCAST_CATEGORIES_MAX;
  const nameOf = (el: Element) => el.attribs.text?.trim().slice(0, length) || [];
  return kids(feedEl, 'category', ['itunes'])
    .slice(0, groups)
    .map((el) => [nameOf(el), ...kids(el, 'category', ['itunes']).flatMap(nameOf)].flat().slice(0, names))
    .filter((group) => group.length > 0);
}

function readDom(text: string): Omit<ParsedFeed, 'repaired'> {
  try {
    return readDocument(text);
  } finally {
    scopes.clear();
    childIndexes.clear();
  }
}

const ITEM_NAMES = new Set(['item', 'entry']);
const isNamed =
  (...names: string[]) =>
  (name: string) =>
    names.includes(localName(name).toLowerCase());

/**
 * Builds the tree of a feed without its items (the skeleton: channel fields, namespace declarations)
 * and one item at a time beside it: each item's tree is read into a `ParsedItem` as soon as it closes
 * and then dropped, so memory stays that of one item however long the feed (a 9 MB feed as one tree
 * took ~100 MB more than a parser thread's 128 MiB allows with everything else).
 */
class ItemSplitter implements Partial<Handler> {
  readonly skeleton = new DomHandler(undefined, { xmlMode: true });
  readonly items: ParsedItem[] = [];
  private item: DomHandler | null = null;
  private depth = 0;
  /** The skeleton element an item sits in (its namespace declarations are in scope for the item). */
  private anchor: Element | null = null;

  private get open(): Element | null {
    const stack = (this.skeleton as unknown as { tagStack: (Element | Document)[] }).tagStack;
    const top = stack.at(-1);
    return top && isTag(top) ? top : null;
  }

  onopentag(name: string, attribs: Record<string, string>): void {
    if (this.item) {
      this.depth++;
      this.item.onopentag(name, attribs);
    } else if (ITEM_NAMES.has(localName(name).toLowerCase())) {
      this.item = new DomHandler(undefined, { xmlMode: true });
      this.depth = 1;
      this.anchor = this.open;
      this.item.onopentag(name, attribs);
    } else this.skeleton.onopentag(name, attribs);
  }

  onclosetag(): void {
    if (!this.item) return this.skeleton.onclosetag();
    this.item.onclosetag();
    if (--this.depth === 0) this.finishItem();
  }

  private finishItem(): void {
    const handler = this.item!;
    this.item = null;
    handler.onend();
    const el = handler.root.children.find(isTag);
    if (!el) return;
    el.parent = this.anchor;
    try {
      if (FEED.includes(vocabularyOf(el))) this.items.push(itemOf(el));
    } finally {
      el.parent = null;
      scopes.clear();
      childIndexes.clear();
    }
  }

  ontext(text: string): void {
    (this.item ?? this.skeleton).ontext(text);
  }
  oncomment(text: string): void {
    (this.item ?? this.skeleton).oncomment(text);
  }
  oncommentend(): void {
    (this.item ?? this.skeleton).oncommentend();
  }
  oncdatastart(): void {
    (this.item ?? this.skeleton).oncdatastart();
  }
  oncdataend(): void {
    (this.item ?? this.skeleton).oncdataend();
  }
  onprocessinginstruction(name: string, data: string): void {
    (this.item ?? this.skeleton).onprocessinginstruction(name, data);
  }
  onend(): void {
    if (this.item) this.finishItem(); // an item left open at the end of the text
    this.skeleton.onend();
  }
}

function readDocument(text: string): Omit<ParsedFeed, 'repaired'> {
  const splitter = new ItemSplitter();
  const parser = new Parser(splitter, { xmlMode: true, recognizeSelfClosing: true, decodeEntities: true });
  parser.write(text);
  parser.end();
  const doc = splitter.skeleton.root;
  const items = splitter.items;
  const root = getElementsByTagName(isNamed('rss', 'feed', 'rdf'), doc, true, 1)[0] ?? null;
  const channel = getElementsByTagName(isNamed('channel'), doc, true, 1)[0] ?? null;
  if (!root && !channel && !items.length)
    throw new FeedParseError('not a feed: no rss, feed, channel, item or entry element');
  const feedEl = channel ?? root;
  const base = [root, channel].flatMap((el) => (el?.attribs['xml:base'] !== undefined ? [el.attribs['xml:base']] : []));
  return {
    title: feedEl ? first(feedEl, ['title']) : null,
    link: feedEl ? linkOf(feedEl) : null,
    base: base.at(-1)?.trim() ?? null,
    language:
      (feedEl && (first(feedEl, ['language']) ?? first(feedEl, ['language'], ['dc']) ?? feedEl.attribs['xml:lang'])) ??
      root?.attribs['xml:lang'] ??
      null,
    ttlMinutes: (feedEl && Number(first(feedEl, ['ttl']))) || null,
    podcastCategories: feedEl ? podcastCategoriesOf(feedEl) : [],
    items,
  };
}

/** Parses a decoded feed text; throws `FeedParseError` when nothing feed-like can be recovered. */
export async function parseFeed(text: string): Promise<ParsedFeed> {
  const repaired = repairXml(text);
  return { ...readDom(repaired), repaired: repaired !== text };
}
