/** RFC 9457 problem details as CONTRACT §1.5 defines them. */

export type ProblemCode =
  | 'parameterInvalid'
  | 'parameterUnknown'
  | 'parameterRepeated'
  | 'tooManyValues'
  | 'pageTooDeep'
  | 'cursorInvalid'
  | 'apiKeyMissing'
  | 'apiKeyInvalid'
  | 'apiKeyDisabled'
  | 'notFound'
  | 'methodNotAllowed'
  | 'uriTooLong'
  | 'headersTooLarge'
  | 'rateLimited'
  | 'unexpectedError'
  | 'serviceUnavailable';

export interface InvalidParam {
  name: string;
  value: string | null;
  reason: string;
  /** The problem code this parameter alone would have caused. */
  code: ProblemCode;
}

const STATUS: Record<ProblemCode, number> = {
  parameterInvalid: 400,
  parameterUnknown: 400,
  parameterRepeated: 400,
  tooManyValues: 400,
  pageTooDeep: 400,
  cursorInvalid: 400,
  apiKeyMissing: 401,
  apiKeyInvalid: 401,
  apiKeyDisabled: 403,
  notFound: 404,
  methodNotAllowed: 405,
  uriTooLong: 414,
  headersTooLarge: 431,
  rateLimited: 429,
  unexpectedError: 500,
  serviceUnavailable: 503,
};

const TITLE: Record<ProblemCode, string> = {
  parameterInvalid: 'Invalid parameter',
  parameterUnknown: 'Unknown parameter',
  parameterRepeated: 'Repeated parameter',
  tooManyValues: 'Too many values',
  pageTooDeep: 'Page too deep',
  cursorInvalid: 'Invalid cursor',
  apiKeyMissing: 'API key missing',
  apiKeyInvalid: 'API key invalid',
  apiKeyDisabled: 'API key disabled',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  uriTooLong: 'URI too long',
  headersTooLarge: 'Request headers too large',
  rateLimited: 'Rate limit exceeded',
  unexpectedError: 'Unexpected error',
  serviceUnavailable: 'Service unavailable',
};

/** Every code of CONTRACT §1.5. */
export const PROBLEM_CODES = Object.keys(STATUS) as ProblemCode[];

export function problemStatus(code: ProblemCode): number {
  return STATUS[code];
}

export function problemTitle(code: ProblemCode): string {
  return TITLE[code];
}

/** Order in which codes win when one request has several problems. */
const PRECEDENCE: ProblemCode[] = [
  'parameterRepeated',
  'parameterUnknown',
  'tooManyValues',
  'parameterInvalid',
  'cursorInvalid',
  'pageTooDeep',
];

/** Longest echo of a caller's value in an error body (so that an error stays a few KB at most). */
export const MAX_ECHO = 100;

/** A caller's value as an error body echoes it: at most `MAX_ECHO` characters, then an ellipsis. */
export function shorten(value: string): string {
  return value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}…` : value;
}

/** An error that the API turns into a problem+json response. */
export class ProblemError extends Error {
  override name = 'ProblemError';
  readonly status: number;
  constructor(
    readonly code: ProblemCode,
    readonly detail: string,
    readonly invalidParams: InvalidParam[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
    this.status = STATUS[code];
  }

  /** One error reporting every invalid parameter at once; the most fundamental problem names the code. */
  static fromInvalidParams(params: InvalidParam[]): ProblemError {
    const code = PRECEDENCE.find((c) => params.some((p) => p.code === c)) ?? 'parameterInvalid';
    const text =
      params.length === 1
        ? `Parameter '${params[0]!.name}' ${params[0]!.reason}`
        : `${params.length} parameters are invalid: ${params.map((p) => `'${p.name}' ${p.reason}`).join('; ')}`;
    // One sentence: a reason that ends in a question ("did you mean 'pageSize'?") ends it.
    const detail = /[.?!]$/.test(text) ? text : `${text}.`;
    return new ProblemError(code, detail, params);
  }
}
