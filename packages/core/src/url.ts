/** URL canonicalisation and the stable article id (CONTRACT §1.4). */
import { createHash } from 'node:crypto';

/** Query parameters that only track a click and never change the story. */
const TRACKING_PARAMS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  'mkt_tok',
  'oly_anon_id',
  'oly_enc_id',
  'vero_id',
  '_hsenc',
  '_hsmi',
  'wt.mc_id',
  'ocid',
  // Analytics campaign codes that publishers append to their feeds' links, one value per feed: the
  // same article in two feeds of one outlet would otherwise be two articles.
  'wt_mc', // Webtrekk (heise, …)
  'wt_zmc',
  'xtor', // AT Internet (Le Monde, France Télévisions, …)
  'at_medium',
  'at_campaign',
  'ns_mchannel', // comScore (BBC, …)
  'ns_campaign',
  'ns_source',
  'ns_linkname',
  'ns_fee',
  'cmp', // The Guardian
  'cmpid',
  'ito', // The Times, The Telegraph
  'smid', // The New York Times
  'smtyp',
  'mwrsm', // MarketWatch
  's_cid', // Adobe Analytics
  's_kwcid',
  'icid',
]);

function isTrackingParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || TRACKING_PARAMS.has(lower);
}

/** Parses an absolute http(s) URL, or returns `null` (never throws). */
export function parseHttpUrl(value: string): URL | null {
  // `new URL()` in try/catch rather than `URL.canParse()`: see ARCHITECTURE.md.
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The canonical form of an article URL: scheme and host lowercased (WHATWG parsing does that and turns
 * international names into punycode), default port, fragment and tracking parameters removed.
 * Returns `null` for anything that is not an absolute http(s) URL.
 */
export function canonicalizeUrl(value: string): string | null {
  const url = parseHttpUrl(value);
  if (!url) return null;
  url.hash = '';
  url.username = '';
  url.password = '';
  const kept = [...url.searchParams].filter(([name]) => !isTrackingParam(name));
  if (kept.length !== [...url.searchParams].length) {
    url.search = kept.length ? new URLSearchParams(kept).toString() : '';
  }
  let out = url.toString();
  if (out.endsWith('?')) out = out.slice(0, -1);
  return out;
}

/** The stable id of an article: the first 32 hex digits of SHA-256 over its canonical URL. */
export function articleIdFor(canonicalUrl: string): string {
  return createHash('sha256').update(canonicalUrl).digest('hex').slice(0, 32);
}

/** Lowercased host without a leading `www.` — the form source prefixes are compared on. */
export function comparableHost(hostname: string): string {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return host.startsWith('www.') ? host.slice(4) : host;
}
