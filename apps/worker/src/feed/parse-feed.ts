/**
 * Feed parsing: rss-parser's `parseString` on a repaired text first; when it still fails, a lenient
 * route (htmlparser2 in XML mode, which closes what is left open) recovers what it can. rss-parser's
 * own `xml2js: {strict: false}` is not an option: it upper-cases every tag and then no feed is
 * recognised (see ARCHITECTURE.md).
 */
import { decodeHTML } from 'entities';
import { parseDocument } from 'htmlparser2';
import { type Element, isTag } from 'domhandler';
import { getElementsByTagName, textContent } from 'domutils';
import Parser from 'rss-parser';

export interface ParsedEnclosure {
  url: string;
  type: string | null;
  medium: string | null;
}

export interface ParsedItem {
  title: string | null;
  link: string | null;
  guid: string | null;
  /** HTML or text, as the feed gives it. */
  description: string | null;
  content: string | null;
  published: string | null;
  updated: string | null;
  authors: string[];
  categories: string[];
  enclosures: ParsedEnclosure[];
  thumbnails: string[];
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
  items: ParsedItem[];
  /** How it was read: `strict` (rss-parser), `repaired` (rss-parser after repair), `lenient`. */
  route: 'strict' | 'repaired' | 'lenient';
}

export class FeedParseError extends Error {
  override name = 'FeedParseError';
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
  out = out.replace(/<!DOCTYPE[^[>]*(\[[\s\S]*?\])?\s*>/gi, '');
  // eslint-disable-next-line no-control-regex
  out = out.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
  out = out.replace(/&(#x[0-9a-fA-F]+;|#[0-9]+;|[A-Za-z][A-Za-z0-9]*;)?/g, (whole, entity: string | undefined) => {
    if (!entity) return '&amp;';
    if (entity[0] === '#') return whole;
    const name = entity.slice(0, -1);
    if (XML_ENTITIES.has(name)) return whole;
    const decoded = decodeHTML(whole);
    if (decoded === whole) return `&amp;${entity}`;
    return [...decoded].map((ch) => `&#x${ch.codePointAt(0)!.toString(16)};`).join('');
  });
  // A feed inside an HTML page: keep the feed element.
  const root = /<(rss|feed|rdf:RDF)[\s>]/.exec(out);
  if (root && /^\s*(<\?xml[^>]*\?>\s*)?<html[\s>]/i.test(out)) {
    const end = out.lastIndexOf(`</${root[1]}>`);
    out = out.slice(root.index, end === -1 ? undefined : end + root[1]!.length + 3);
  }
  return out;
}

type RssItem = Parser.Item & Record<string, unknown>;

const parser = new Parser<Record<string, unknown>, Record<string, unknown>>({
  customFields: {
    feed: ['language', 'ttl', 'xml:base'],
    item: [
      ['media:content', 'mediaContent', { keepArray: true }],
      ['media:thumbnail', 'mediaThumbnail', { keepArray: true }],
      ['media:group', 'mediaGroup', { keepArray: true }],
      ['dc:creator', 'dcCreator', { keepArray: true }],
      ['dc:date', 'dcDate'],
      ['updated', 'updated'],
      ['published', 'published'],
      ['description', 'description'],
      ['author', 'authorRaw', { keepArray: true }],
    ],
  },
});

function str(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v._ === 'string') return v._.trim() || null;
    if (Array.isArray(value)) return str(value[0]);
  }
  return null;
}

function attrs(value: unknown): Record<string, string> {
  const a = (value as { $?: Record<string, string> } | undefined)?.$;
  return a ?? {};
}

function authorNames(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.flatMap((entry): string[] => {
    if (typeof entry === 'string') return entry.trim() ? [entry.trim()] : [];
    const e = entry as Record<string, unknown>;
    const name = str(e.name) ?? str(e);
    return name ? [name] : [];
  });
}

function mediaEntries(item: RssItem): { enclosures: ParsedEnclosure[]; thumbnails: string[] } {
  const enclosures: ParsedEnclosure[] = [];
  const thumbnails: string[] = [];
  const contents = [...((item.mediaContent as unknown[]) ?? [])];
  for (const group of (item.mediaGroup as Record<string, unknown>[] | undefined) ?? []) {
    contents.push(...((group['media:content'] as unknown[]) ?? []));
    for (const thumb of (group['media:thumbnail'] as unknown[]) ?? [])
      if (attrs(thumb).url) thumbnails.push(attrs(thumb).url!);
  }
  for (const content of contents) {
    const a = attrs(content);
    if (a.url) enclosures.push({ url: a.url, type: a.type ?? null, medium: a.medium ?? null });
  }
  for (const thumb of (item.mediaThumbnail as unknown[]) ?? [])
    if (attrs(thumb).url) thumbnails.push(attrs(thumb).url!);
  if (item.enclosure?.url)
    enclosures.push({ url: item.enclosure.url, type: item.enclosure.type ?? null, medium: null });
  const itunesImage = (item.itunes as { image?: string } | undefined)?.image;
  if (itunesImage) thumbnails.push(itunesImage);
  return { enclosures, thumbnails };
}

function fromRssParser(
  feed: Parser.Output<Record<string, unknown>> & Record<string, unknown>,
  route: ParsedFeed['route'],
): ParsedFeed {
  return {
    title: str(feed.title),
    link: str(feed.link),
    base: str(feed['xml:base']),
    language: str(feed.language),
    ttlMinutes: Number(str(feed.ttl)) || null,
    route,
    items: (feed.items as RssItem[]).map((item) => {
      const media = mediaEntries(item);
      const itunes = item.itunes as Record<string, unknown> | undefined;
      return {
        title: str(item.title),
        link: str(item.link),
        guid: str(item.guid) ?? str(item.id),
        description: str(item.description) ?? str(item.summary) ?? str(item.contentSnippet),
        content: str(item['content:encoded']) ?? str(item.content),
        published: str(item.pubDate) ?? str(item.published) ?? str(item.dcDate) ?? str(item.isoDate),
        updated: str(item.updated),
        authors: [
          ...new Set([...authorNames(item.dcCreator), ...authorNames(item.authorRaw), ...authorNames(item.creator)]),
        ],
        categories: (item.categories ?? []).flatMap((c: unknown) => str(c) ?? []),
        enclosures: media.enclosures,
        thumbnails: media.thumbnails,
        itunes: Boolean(itunes && Object.keys(itunes).length),
      };
    }),
  };
}

// ---- lenient route --------------------------------------------------------------------------

function children(el: Element, name: string): Element[] {
  return el.children.filter((c): c is Element => isTag(c) && (c.name === name || c.name.endsWith(`:${name}`)));
}

function childText(el: Element, ...names: string[]): string | null {
  for (const name of names) {
    for (const child of children(el, name)) {
      const text = textContent(child).trim();
      if (text) return text;
    }
  }
  return null;
}

function atomLink(el: Element): string | null {
  const links = children(el, 'link');
  const alternate = links.find((l) => !l.attribs.rel || l.attribs.rel === 'alternate') ?? links[0];
  return alternate?.attribs.href?.trim() || (alternate ? textContent(alternate).trim() || null : null);
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);
const named =
  (...names: string[]) =>
  (name: string) =>
    names.includes(localName(name)) || names.includes(name);

function fromDom(text: string): ParsedFeed {
  const doc = parseDocument(text, { xmlMode: true, recognizeSelfClosing: true, decodeEntities: true });
  const root = getElementsByTagName(named('rss', 'feed', 'RDF'), doc, true, 1)[0] ?? null;
  const channel = getElementsByTagName(named('channel'), doc, true, 1)[0] ?? null;
  const itemEls = getElementsByTagName(named('item', 'entry'), doc, true);
  if (!root && !channel && !itemEls.length)
    throw new FeedParseError('not a feed: no rss, feed, channel, item or entry element');
  const feedEl = channel ?? root ?? (itemEls[0]!.parent as Element);
  const items = itemEls.map((el): ParsedItem => {
    const enclosures: ParsedEnclosure[] = [];
    const thumbnails: string[] = [];
    for (const e of getElementsByTagName((n) => n === 'enclosure' || n === 'media:content', el.children, true)) {
      if (e.attribs.url)
        enclosures.push({ url: e.attribs.url, type: e.attribs.type ?? null, medium: e.attribs.medium ?? null });
    }
    for (const l of children(el, 'link')) {
      if (l.attribs.rel === 'enclosure' && l.attribs.href)
        enclosures.push({ url: l.attribs.href, type: l.attribs.type ?? null, medium: null });
    }
    for (const t of getElementsByTagName((n) => n === 'media:thumbnail' || n === 'itunes:image', el.children, true)) {
      const url = t.attribs.url ?? t.attribs.href;
      if (url) thumbnails.push(url);
    }
    const authors = [...children(el, 'creator'), ...children(el, 'author')].flatMap((a) => {
      const name = childText(a, 'name') ?? textContent(a).trim();
      return name ? [name] : [];
    });
    return {
      title: childText(el, 'title'),
      link: localName(el.name) === 'entry' ? atomLink(el) : (childText(el, 'link') ?? atomLink(el)),
      guid: childText(el, 'guid', 'id'),
      description: childText(el, 'description', 'summary'),
      content: childText(el, 'encoded', 'content'),
      published: childText(el, 'pubDate', 'published', 'date', 'issued', 'created'),
      updated: childText(el, 'updated', 'modified'),
      authors: [...new Set(authors)],
      categories: children(el, 'category').flatMap((c) => c.attribs.term ?? (textContent(c).trim() || [])),
      enclosures,
      thumbnails,
      itunes: el.children.some((c) => isTag(c) && c.name.startsWith('itunes:')),
    };
  });
  return {
    title: childText(feedEl, 'title'),
    link: localName(feedEl.name) === 'feed' ? atomLink(feedEl) : childText(feedEl, 'link'),
    base: feedEl.attribs?.['xml:base'] ?? null,
    language: childText(feedEl, 'language') ?? feedEl.attribs?.['xml:lang'] ?? null,
    ttlMinutes: Number(childText(feedEl, 'ttl')) || null,
    items,
    route: 'lenient',
  };
}

/** Parses a decoded feed text; throws `FeedParseError` when nothing feed-like can be recovered. */
export async function parseFeed(text: string): Promise<ParsedFeed> {
  try {
    return fromRssParser(await parser.parseString(text), 'strict');
  } catch {
    // fall through to the repaired text
  }
  const repaired = repairXml(text);
  try {
    return fromRssParser(await parser.parseString(repaired), 'repaired');
  } catch {
    // fall through to the lenient route
  }
  return fromDom(repaired);
}
