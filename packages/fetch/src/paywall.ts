/**
 * Paywall evidence in an article page: schema.org `isAccessibleForFree: false` in JSON-LD, on the
 * article itself or on a part of it (`hasPart`), as publishers mark up paywalled content for search
 * engines. `null` when the page says nothing either way.
 */

const JSON_LD = /<script[^>]*type\s*=\s*["']?application\/ld\+json["']?[^>]*>([\s\S]*?)<\/script>/gi;

function accessFlag(value: unknown): boolean | null {
  if (value === false || value === 'false' || value === 'False') return false;
  if (value === true || value === 'true' || value === 'True') return true;
  return null;
}

/** Walks JSON-LD nodes (arrays, `@graph`, `hasPart`) and collects every `isAccessibleForFree`. */
function collect(node: unknown, out: boolean[]): void {
  if (Array.isArray(node)) {
    for (const item of node) collect(item, out);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const flag = accessFlag(record.isAccessibleForFree);
  if (flag !== null) out.push(flag);
  collect(record['@graph'], out);
  collect(record.hasPart, out);
}

/** `true`: paywalled; `false`: marked free; `null`: no evidence. */
export function paywallFromHtml(html: string): boolean | null {
  const flags: boolean[] = [];
  for (const match of html.matchAll(JSON_LD)) {
    try {
      collect(JSON.parse(match[1]!.trim()), flags);
    } catch {
      // A broken JSON-LD block is no evidence.
    }
  }
  if (!flags.length) return null;
  return flags.includes(false);
}
