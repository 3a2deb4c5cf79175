/**
 * May an arbitrary third-party https origin frame this page? (CONTRACT §2.1, `iframeable`.)
 * An enforced CSP `frame-ancestors` decides when present — every enforced policy that has one must
 * admit such an origin (`*` or `https:`); report-only policies and `<meta>` never count. Otherwise
 * X-Frame-Options is processed as the HTML standard says.
 */

export interface FramingHeaders {
  /** Every `X-Frame-Options` header line, as received. */
  xFrameOptions: string[];
  /** Every enforced `Content-Security-Policy` header line (not `…-Report-Only`). */
  contentSecurityPolicy: string[];
}

/** The sources of the first `frame-ancestors` directive of each policy that has one. */
function frameAncestorPolicies(lines: string[]): string[][] {
  const policies = lines.flatMap((line) => line.split(','));
  const out: string[][] = [];
  for (const policy of policies) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (name?.toLowerCase() === 'frame-ancestors') {
        out.push(sources.map((s) => s.toLowerCase()));
        break;
      }
    }
  }
  return out;
}

function admitsAnyHttpsOrigin(sources: string[]): boolean {
  return sources.some((s) => s === '*' || s === 'https:' || s === 'https://*');
}

/** HTML: "check a navigation response's adherence to X-Frame-Options", for a cross-origin parent. */
function xfoAllowsCrossOrigin(lines: string[]): boolean {
  const values = new Set(lines.flatMap((line) => line.split(',')).map((v) => v.trim().toLowerCase()));
  if (values.size === 0) return true;
  if (values.size > 1) return !['deny', 'allowall', 'sameorigin'].some((v) => values.has(v));
  return !values.has('deny') && !values.has('sameorigin');
}

export function isFrameable(headers: FramingHeaders): boolean {
  const policies = frameAncestorPolicies(headers.contentSecurityPolicy);
  if (policies.length) return policies.every(admitsAnyHttpsOrigin);
  return xfoAllowsCrossOrigin(headers.xFrameOptions);
}
