/**
 * Paywall evidence in an article page: schema.org `isAccessibleForFree: false` in JSON-LD, on the
 * article itself or on a part of it (`hasPart`), as publishers mark up paywalled content for search
 * engines. `null` when the page says nothing either way.
 */

/** JSON-LD blocks larger than this are not read (no publisher's markup comes near it). */
const MAX_BLOCK = 1024 * 1024;
/** Nesting followed through `@graph` and `hasPart` (hostile pages nest deeper to overflow the stack). */
const MAX_DEPTH = 32;

/**
 * The JSON-LD blocks of a page, found in one linear pass (a regular expression over a page with many
 * unclosed `<script>` tags takes quadratic time: pages may be 10 MiB).
 */
function* jsonLdBlocks(html: string): Generator<string> {
  const lower = html.toLowerCase();
  for (let at = lower.indexOf('<script'); at !== -1; at = lower.indexOf('<script', at + 7)) {
    const tagEnd = lower.indexOf('>', at);
    if (tagEnd === -1) return;
    if (!/type\s*=\s*["']?application\/ld\+json/.test(lower.slice(at, tagEnd))) continue;
    const close = lower.indexOf('</script', tagEnd);
    if (close === -1) return;
    if (close - tagEnd <= MAX_BLOCK) yield html.slice(tagEnd + 1, close);
    at = close;
  }
}

function accessFlag(value: unknown): boolean | null {
  if (value === false || value === 'false' || value === 'False') return false;
  if (value === true || value === 'true' || value === 'True') return true;
  return null;
}

/** Walks JSON-LD nodes (arrays, `@graph`, `hasPart`) and collects every `isAccessibleForFree`. */
function collect(node: unknown, out: boolean[], depth = 0): void {
  if (depth > MAX_DEPTH) return;
  if (Array.isArray(node)) {
    for (const item of node) collect(item, out, depth + 1);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const flag = accessFlag(record.isAccessibleForFree);
  if (flag !== null) out.push(flag);
  collect(record['@graph'], out, depth + 1);
  collect(record.hasPart, out, depth + 1);
}

/** `true`: paywalled; `false`: marked free; `null`: no evidence. */
export function paywallFromHtml(html: string): boolean | null {
  const flags: boolean[] = [];
  for (const block of jsonLdBlocks(html)) {
    try {
      collect(JSON.parse(block.trim()), flags);
    } catch {
      // A broken JSON-LD block is no evidence.
    }
  }
  if (!flags.length) return null;
  return flags.includes(false);
}
