import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFrameable } from '../src/frame-policy.js';

interface XfoCase {
  source: string;
  x_frame_options_header_lines: string[];
  content_security_policy: string | null;
  cross_origin_framing_allowed: boolean | null;
  note?: string;
}

const file = join(
  process.cwd(),
  '..',
  '..',
  '..',
  'shared',
  'data',
  'conformance',
  'wpt-x-frame-options',
  'DERIVED_xfo_cases.json',
);
const cases = (JSON.parse(readFileSync(file, 'utf8')) as { cases: XfoCase[] }).cases;

describe('isFrameable against the web-platform-tests X-Frame-Options cases', () => {
  it('has the 61 cases', () => expect(cases).toHaveLength(61));

  it.each(
    cases
      .filter((c) => c.cross_origin_framing_allowed !== null)
      .map((c) => [
        JSON.stringify(c.x_frame_options_header_lines),
        c.content_security_policy,
        c.cross_origin_framing_allowed,
        c,
      ]),
  )('XFO %s with CSP %s → framable by a third party: %s', (_xfo, _csp, allowed, c) => {
    const input = c;
    expect(
      isFrameable({
        xFrameOptions: input.x_frame_options_header_lines,
        contentSecurityPolicy: input.content_security_policy ? [input.content_security_policy] : [],
      }),
    ).toBe(allowed);
  });
});

describe('isFrameable with CSP frame-ancestors', () => {
  const csp = (...lines: string[]) => ({ xFrameOptions: [], contentSecurityPolicy: lines });

  it('admits * and https:, refuses none, self and named hosts', () => {
    expect(isFrameable(csp('frame-ancestors *'))).toBe(true);
    expect(isFrameable(csp("default-src 'self'; frame-ancestors https:"))).toBe(true);
    expect(isFrameable(csp("frame-ancestors 'none'"))).toBe(false);
    expect(isFrameable(csp("frame-ancestors 'self'"))).toBe(false);
    expect(isFrameable(csp('frame-ancestors https://partner.example'))).toBe(false);
  });

  it('decides over X-Frame-Options when present', () => {
    expect(isFrameable({ xFrameOptions: ['DENY'], contentSecurityPolicy: ['frame-ancestors *'] })).toBe(true);
    expect(isFrameable({ xFrameOptions: [], contentSecurityPolicy: ["frame-ancestors 'none'"] })).toBe(false);
    expect(isFrameable({ xFrameOptions: ['DENY'], contentSecurityPolicy: ["script-src 'self'"] })).toBe(false);
  });

  it('needs every enforced policy to admit the framing origin', () => {
    expect(isFrameable(csp('frame-ancestors *', "frame-ancestors 'self'"))).toBe(false);
    expect(isFrameable(csp("frame-ancestors *, frame-ancestors 'none'"))).toBe(false);
    expect(isFrameable(csp('frame-ancestors *', "script-src 'self'"))).toBe(true);
  });

  it('reads only the first frame-ancestors directive of a policy', () => {
    expect(isFrameable(csp("frame-ancestors *; frame-ancestors 'none'"))).toBe(true);
  });
});
