/**
 * The one place that reads `process.env`. Every setting of CONTRACT §4 is parsed and validated here,
 * once, at start-up; a bad value stops the process with one clear line (see `loadConfig`).
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', 'on', 'off', ''])
  .transform((v) => ['1', 'true', 'yes', 'on'].includes(v));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

function isUrl(value: string, protocols: string[]): boolean {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const schema = z.object({
  REDIS_URL: z
    .string()
    .default('redis://127.0.0.1:6379')
    .refine((v) => isUrl(v, ['redis:', 'rediss:']), 'must be a redis:// or rediss:// URL'),
  /** Prefix of every Redis key Tidings writes (tests use a fresh one each). Default `tidings:`. */
  REDIS_PREFIX: z.string().default('tidings:'),
  INDEX: z.enum(['embedded', 'meilisearch']).default('embedded'),
  DATA_DIR: z.string().min(1).default('./data'),
  MEILI_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || isUrl(v, ['http:', 'https:']), 'must be an http(s) URL'),
  MEILI_API_KEY: z.string().optional(),
  /** Name of the Meilisearch index holding articles. Default `articles`. */
  MEILI_INDEX: z.string().min(1).default('articles'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Connections the API serves at once (a new one past it is closed at once, and logged). */
  HTTP_MAX_CONNECTIONS: positiveInt(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  EDITORIAL_TZ: z.string().default('UTC').refine(isTimeZone, 'must be an IANA time zone such as Europe/Berlin'),
  RETENTION_DAYS: positiveInt(400),
  FETCH_TIMEOUT_MS: positiveInt(15_000),
  FETCH_MAX_BYTES: positiveInt(10 * 1024 * 1024),
  USER_AGENT: z.string().min(1).default('TidingsBot/0.1 (+https://github.com/tidings/tidings)'),
  ALLOW_PRIVATE_NETWORKS: booleanFlag.default(false),
  WORKER_CONCURRENCY: positiveInt(16),
  /**
   * CPU priority of the worker's threads as a nice value (0–19; 0 leaves it as started): above 0 the
   * API, on the same machine, answers first and the worker uses what it leaves.
   */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /** How long a job's lock lives; a killed worker's jobs are taken back after about twice this. */
  WORKER_LOCK_MS: positiveInt(30_000),
  /** Token for the admin UI (`/admin/queues`); the UI is off when unset. */
  ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** Allow changes in the admin UI (retry, remove, pause…); it is read-only by default. */
  ADMIN_WRITE: booleanFlag.default(false),
  /** Serve the admin UI on its own port (on ADMIN_HOST) instead of the public one. */
  ADMIN_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  ADMIN_HOST: z.string().min(1).default('127.0.0.1'),
  /** YAML file of companies and aliases added to the bundled catalog (see the README). */
  CATALOG_OVERRIDES: z.string().min(1).optional(),
  /** `off`: the lexicon alone picks top-level topics (the learned model is on by default). */
  TOPIC_MODEL: z.enum(['on', 'off']).default('on'),
  /** Default requests per minute for a new api key. */
  DEFAULT_RATE_LIMIT: positiveInt(600),
  /**
   * Threads of the API that answer queries of the embedded index, each with its own engine
   * (default 2, or 1 on a one-core machine). More threads: more cores used, and memory per thread.
   */
  QUERY_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  /** A query that takes longer is answered 503 `serviceUnavailable` with `Retry-After` (default 2000). */
  QUERY_BUDGET_MS: positiveInt(2_000),
  /** Address of the API as editors reach it: the desk's sign-in links use it. Default `http://localhost:PORT`. */
  PUBLIC_URL: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || isUrl(v, ['http:', 'https:']),
      'must be an http(s) URL such as https://news.example.com',
    ),
  /**
   * Origins whose browser pages may call the API (CORS): a comma-separated list of origins such as
   * `https://app.example.com`, or `*`. Default: none (CORS off).
   */
  CORS_ORIGINS: z
    .string()
    .optional()
    .refine(
      (v) => v === undefined || v.trim() === '*' || v.split(',').every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim())),
      'must be * or a comma-separated list of origins such as https://app.example.com',
    ),
  /** Cursor signing secret shared by every API instance; default: one generated once and kept in Redis. */
  CURSOR_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  NODE_ENV: z.string().default('production'),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Settings whose value is a secret: a bad one is named, never shown (the line goes to logs). */
const SECRETS = new Set(['CURSOR_SECRET', 'ADMIN_TOKEN', 'MEILI_API_KEY']);

/** A setting's value as an error shows it: secrets hidden, and the password of a URL's user. */
function shown(key: string, value: string): string {
  if (SECRETS.has(key)) return `(hidden, ${value.length} characters)`;
  return JSON.stringify(value.replace(/(\/\/[^/@\s]*?:)[^/@\s]*@/, '$1***@'));
}

/** An issue in words a reader of the setting knows (zod's own: "Too small: expected number to be >0"). */
function sentence(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type' && (issue.expected === 'number' || issue.expected === 'int')) {
    return 'must be a whole number';
  }
  if (issue.code === 'too_small' && issue.origin === 'number') {
    return issue.inclusive ? `must be ${String(issue.minimum)} or more` : `must be more than ${String(issue.minimum)}`;
  }
  if (issue.code === 'too_big' && issue.origin === 'number') {
    return issue.inclusive ? `must be ${String(issue.maximum)} or less` : `must be less than ${String(issue.maximum)}`;
  }
  if (issue.code === 'invalid_value') return `must be one of ${issue.values.map(String).join(', ')}`;
  return issue.message;
}

/** Parses and validates the environment; throws one `ConfigError` naming every bad setting. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = env[key];
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const key = String(issue.path[0]);
      return `${key}=${shown(key, env[key] ?? '')}: ${sentence(issue)}`;
    });
    throw new ConfigError(`invalid configuration: ${problems.join('; ')}`);
  }
  // A relative DATA_DIR is read from where the command was started (npm sets INIT_CWD), so that
  // `npm start`, `npx tidings` and workspace scripts all find the same index.
  result.data.DATA_DIR = resolve(env.INIT_CWD ?? process.cwd(), result.data.DATA_DIR);
  if (result.data.CATALOG_OVERRIDES) {
    result.data.CATALOG_OVERRIDES = resolve(env.INIT_CWD ?? process.cwd(), result.data.CATALOG_OVERRIDES);
  }
  if (result.data.INDEX === 'meilisearch' && !result.data.MEILI_URL) {
    throw new ConfigError('invalid configuration: INDEX=meilisearch needs MEILI_URL');
  }
  return result.data;
}

/** Same as `loadConfig`, but a bad environment prints one line and exits (for process entry points). */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`tidings: ${error.message}\n`);
      process.exit(78);
    }
    throw error;
  }
}

/** Reads a test-only variable (kept here so that nothing else touches `process.env`). */
export function testEnv(
  name: 'MEILI_URL' | 'MEILI_API_KEY' | 'REDIS_URL' | 'CI' | 'API_TESTS_INDEX',
): string | undefined {
  return process.env[name] || undefined;
}

/** This process's environment with overrides, for starting a child process (tests, benchmarks). */
export function childEnv(overrides: Record<string, string>): Record<string, string | undefined> {
  return { ...process.env, ...overrides };
}
