/** `additionalSources` entries: parsing, normalisation and matching (CONTRACT §1.2). */
import { comparableHost, parseHttpUrl } from './url.js';

export interface SourcePrefix {
  /** Lowercase, punycode, no `www.`, no port. */
  host: string;
  /** Lowercase path without trailing slash, e.g. `/sport`; `''` for the whole host. */
  path: string;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** Normalises one entry (`host` or `host/path`, scheme, port and `www.` allowed); `string` = why it is invalid. */
export function parseSourcePrefix(raw: string): SourcePrefix | string {
  const entry = raw.trim();
  if (/[?#*\s]/.test(entry)) return 'must be a host or host/path without ?, #, * or spaces';
  const withoutScheme = entry.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');
  if (withoutScheme.startsWith('/')) return 'has no host';
  const url = parseHttpUrl(`http://${withoutScheme}`);
  if (!url || url.username || url.password) return 'has no valid host';
  const host = comparableHost(url.hostname);
  const labels = host.split('.');
  if (!host || !labels.every((label) => LABEL.test(label))) return 'has no valid host';
  if (/^[0-9]+$/.test(labels[labels.length - 1]!) && !/^\d{1,3}(\.\d{1,3}){3}$/.test(host)) {
    return 'has no valid host';
  }
  const path = url.pathname.replace(/\/+$/, '').toLowerCase();
  return { host, path };
}

/** Canonical text of a prefix, e.g. `example.com/sport`. */
export function formatSourcePrefix(prefix: SourcePrefix): string {
  return prefix.host + prefix.path;
}

/** Whether a host (already in comparable form) is the prefix host or a subdomain of it. */
export function hostMatches(articleHost: string, prefixHost: string): boolean {
  return articleHost === prefixHost || articleHost.endsWith(`.${prefixHost}`);
}

/** Whether a lowercase URL path is the prefix path or below it, on segment boundaries. */
export function pathMatches(articlePath: string, prefixPath: string): boolean {
  return prefixPath === '' || articlePath === prefixPath || articlePath.startsWith(`${prefixPath}/`);
}

/** Whether an article URL falls under a source prefix. */
export function matchesSourcePrefix(articleUrl: string, prefix: SourcePrefix): boolean {
  const url = parseHttpUrl(articleUrl);
  if (!url) return false;
  return hostMatches(comparableHost(url.hostname), prefix.host) && pathMatches(url.pathname.toLowerCase(), prefix.path);
}

/**
 * Every prefix an article URL falls under — host suffixes times path prefixes — so that an engine with
 * only exact-value filters (Meilisearch) can test `additionalSources` with `NOT IN`.
 */
export function sourcePrefixesOf(articleUrl: string): string[] {
  const url = parseHttpUrl(articleUrl);
  if (!url) return [];
  const labels = comparableHost(url.hostname).split('.');
  const segments = url.pathname.toLowerCase().split('/').filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < labels.length; i++) {
    const host = labels.slice(i).join('.');
    out.push(host);
    let path = '';
    for (const segment of segments.slice(0, 8)) {
      path += `/${segment}`;
      out.push(host + path);
    }
  }
  return out;
}
