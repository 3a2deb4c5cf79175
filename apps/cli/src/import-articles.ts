/**
 * `tidings import`: bulk load of ARTICLE objects from JSON Lines. Every line is validated on its own;
 * bad lines are reported by number and the rest is imported. Ids and `indexedAt` are derived, so
 * importing the same file twice leaves the same state.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { z } from 'zod';
import type { Catalog } from '@tidings/catalog/catalog';
import { detectLanguage, primaryLanguage } from '@tidings/catalog/language';
import { ARTICLE_TYPES, type Article, formatInstant } from '@tidings/core/article';
import { plainText } from '@tidings/core/text';
import { articleIdFor, canonicalizeUrl, comparableHost, parseHttpUrl } from '@tidings/core/url';
import type { ArticleIndex, KnownHostFlags } from '@tidings/index/port';

const instant = z
  .string()
  .refine((v) => /^\d{4}-\d\d-\d\d(T|$)/.test(v) && !Number.isNaN(Date.parse(v)), 'must be an ISO-8601 date-time')
  .transform((v) => formatInstant(Date.parse(v)));

const ref = z.union([
  z.number().int().positive(),
  z.object({ id: z.number().int().positive(), name: z.string().optional() }),
]);

const flag = z.boolean().nullable().optional();

const lineSchema = z
  .object({
    sourceId: z.string().min(1).optional(),
    id: z.string().optional(),
    url: z.string().refine((v) => canonicalizeUrl(v) !== null, 'must be an absolute http(s) URL'),
    headline: z.string().trim().min(1, 'must not be empty'),
    introduction: z.string().nullable().optional(),
    type: z
      .string()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(ARTICLE_TYPES))
      .optional(),
    publishedAt: instant,
    updatedAt: instant.nullable().optional(),
    indexedAt: z.string().optional(),
    language: z.string().min(2).nullable().optional(),
    authors: z.array(z.string()).optional(),
    imageUrl: z.string().nullable().optional(),
    topics: z.array(ref).optional(),
    companies: z.array(ref).optional(),
    paywalled: z.boolean().optional(),
    registrationRequired: z.boolean().optional(),
    rank: z.number().optional(),
    source: z
      .object({
        id: z.string().min(1).optional(),
        name: z.string().optional(),
        domain: z.string().optional(),
        https: flag,
        iframeable: flag,
      })
      .optional(),
  })
  .strict()
  .refine((line) => line.sourceId ?? line.source?.id, {
    message: 'is missing (give sourceId or source.id)',
    path: ['sourceId'],
  })
  .refine((line) => !line.sourceId || !line.source?.id || line.sourceId === line.source.id, {
    message: 'differs from source.id',
    path: ['sourceId'],
  });

type ImportLine = z.infer<typeof lineSchema>;

function refs(values: ImportLine['topics'], lookup: (id: number) => { id: number; name: string } | null) {
  const out = new Map<number, { id: number; name: string }>();
  for (const value of values ?? []) {
    const id = typeof value === 'number' ? value : value.id;
    const given = typeof value === 'number' ? undefined : value.name;
    out.set(id, lookup(id) ?? { id, name: given ?? String(id) });
  }
  return [...out.values()];
}

/** Turns a valid line into an ARTICLE (id from the canonical URL; `indexedAt` kept if known). */
export async function toArticle(
  line: ImportLine,
  catalog: Catalog,
  indexedAt: string,
  sourceNames?: ReadonlyMap<string, string>,
): Promise<Article> {
  const url = canonicalizeUrl(line.url)!;
  const sourceId = (line.sourceId ?? line.source?.id)!;
  const host = comparableHost(parseHttpUrl(url)!.hostname);
  const headline = plainText(line.headline);
  const introduction = plainText(line.introduction ?? '');
  return {
    id: articleIdFor(url),
    url,
    headline,
    introduction,
    type: line.type ?? 'article',
    publishedAt: line.publishedAt,
    updatedAt: line.updatedAt ?? null,
    indexedAt,
    // As the feed reader does: a declared tag as ISO 639-1, and detection when the line has none.
    language:
      line.language === undefined
        ? await detectLanguage(`${headline} ${introduction}`)
        : primaryLanguage(line.language),
    authors: line.authors ?? [],
    imageUrl: line.imageUrl ?? null,
    topics: refs(line.topics, (id) => catalog.topicRef(id)),
    companies: refs(line.companies, (id) => catalog.companyRef(id)),
    paywalled: line.paywalled ?? false,
    registrationRequired: line.registrationRequired ?? false,
    source: {
      id: sourceId,
      name: line.source?.name ?? sourceNames?.get(sourceId) ?? sourceId,
      domain: line.source?.domain ? comparableHost(line.source.domain) : host,
      https: line.source?.https ?? null,
      iframeable: line.source?.iframeable ?? null,
    },
  };
}

export interface BadLine {
  line: number;
  reason: string;
}

export interface ImportResult {
  /** Lines imported. */
  imported: number;
  /** Of their articles: new to the index, and already in it (written again). */
  created: number;
  updated: number;
  /** Lines whose URL an earlier line of the file had (the later line is what stays). */
  repeated: number;
  bad: BadLine[];
}

export interface ImportOptions {
  index: ArticleIndex;
  catalog: Catalog;
  now?: () => Date;
  batchSize?: number;
  /**
   * What the registry knows, for what a line leaves out: the names of the sources registered (a line
   * without `source.name` had its source id for a name), and the host probes' flags (a line without
   * `source.https` or `source.iframeable` had `null`, unknown, where a probe of its host had said).
   */
  known?: {
    sourceNames: ReadonlyMap<string, string>;
    hostFlags: (domains: string[]) => Promise<Map<string, KnownHostFlags>>;
  };
  /** Called after each batch with the bytes read so far. */
  onProgress?: (bytesRead: number, imported: number, bad: number) => void;
}

/** What a field holds, in words, for error sentences. */
const FIELD_HINTS: Record<string, string> = {
  url: 'an absolute http(s) URL',
  headline: 'text',
  publishedAt: 'an ISO-8601 date-time such as "2026-11-23T08:00:00Z"',
  updatedAt: 'an ISO-8601 date-time or null',
  sourceId: 'a source id such as "example-com"',
  type: `one of ${ARTICLE_TYPES.join(', ')}`,
  topics: 'a list of topic ids (or {"id": …} objects)',
  companies: 'a list of company CIKs (or {"id": …} objects)',
  authors: 'a list of names',
  language: 'a language tag such as "en" or null',
};

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  null: 'null',
};

function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  // Strings, numbers and booleans as JSON writes them; what JSON cannot write (undefined) by its type.
  const text = JSON.stringify(value) ?? typeof value;
  return text.length > 60 ? `${text.slice(0, 59)}…"` : text;
}

/** `topics.0.id` → `topics[0].id`: the way a reader of the JSON line would point at it. */
function fieldName(path: PropertyKey[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`)).join('');
}

/** One sentence per problem, naming the field, what it holds and what was expected. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const field = fieldName(issue.path);
  const top = String(issue.path[0]);
  const hint =
    issue.path.length > 1 && (top === 'topics' || top === 'companies')
      ? `a ${top === 'topics' ? 'topic id' : 'CIK'} (a positive whole number) or {"id": …}`
      : FIELD_HINTS[top];
  const input = (issue as { input?: unknown }).input;
  switch (issue.code) {
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    case 'invalid_type': {
      const expected = (issue.path.length === 1 && hint) || TYPE_WORDS[issue.expected] || issue.expected;
      return input === undefined
        ? `${field} is missing (expected ${expected})`
        : `${field} must be ${expected} (got ${shown(input)})`;
    }
    case 'too_small':
      return issue.origin === 'string' && issue.minimum === 1
        ? `${field} must not be empty`
        : `${field} must be at least ${String(issue.minimum)}${issue.origin === 'string' ? ' characters' : ''} long`;
    case 'invalid_value':
      return `${field} must be ${hint ?? `one of ${issue.values.map(String).join(', ')}`} (got ${shown(input)})`;
    case 'invalid_union':
      return `${field} must be ${hint ?? 'a valid value'} (got ${shown(input)})`;
    default:
      // Our own refinements read as the end of a sentence ("must be an absolute http(s) URL").
      return `${field || 'the line'} ${issue.message}${input === undefined || typeof input === 'object' ? '' : ` (got ${shown(input)})`}`;
  }
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map(describeIssue).join('; ');
}

export async function importArticles(file: string, options: ImportOptions): Promise<ImportResult> {
  await stat(file); // a clear ENOENT before anything else
  const batchSize = options.batchSize ?? 1000;
  const now = options.now ?? (() => new Date());
  const stream = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input: stream, crlfDelay: Infinity });
  const bad: BadLine[] = [];
  let imported = 0;
  let [created, updated, repeated] = [0, 0, 0];
  /** The articles of the lines imported so far, by the first 52 bits of their id (a number: ~30 MB a million). */
  const seen = new Set<number>();
  let number = 0;
  let batch: Article[] = [];
  // The last line with a given id wins, as if the lines were applied one by one.
  const flush = async () => {
    if (!batch.length) return;
    const existing = new Map(
      (await options.index.getByIds([...new Set(batch.map((a) => a.id))])).map((a) => [a.id, a]),
    );
    const unknownFlags = batch.filter((a) => a.source.https === null || a.source.iframeable === null);
    const probed =
      options.known && unknownFlags.length
        ? await options.known.hostFlags([...new Set(unknownFlags.map((a) => a.source.domain))])
        : new Map<string, KnownHostFlags>();
    for (const article of unknownFlags) {
      const flags = probed.get(article.source.domain);
      article.source.https ??= flags?.https ?? null;
      article.source.iframeable ??= flags?.iframeable ?? null;
    }
    for (const article of batch) {
      const key = Number.parseInt(article.id.slice(0, 13), 16);
      if (seen.has(key)) repeated++;
      else if (existing.has(article.id)) updated++;
      else created++;
      seen.add(key);
    }
    const byId = new Map<string, Article>();
    for (const article of batch) {
      byId.set(article.id, { ...article, indexedAt: existing.get(article.id)?.indexedAt ?? article.indexedAt });
    }
    await options.index.upsert([...byId.values()]);
    imported += batch.length;
    batch = [];
    options.onProgress?.(stream.bytesRead, imported, bad.length);
  };
  for await (const text of lines) {
    number += 1;
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      bad.push({ line: number, reason: `not valid JSON (${(error as Error).message})` });
      continue;
    }
    const parsed = lineSchema.safeParse(value, { reportInput: true });
    if (!parsed.success) {
      bad.push({ line: number, reason: describeIssues(parsed.error) });
      continue;
    }
    batch.push(
      await toArticle(parsed.data, options.catalog, formatInstant(now().getTime()), options.known?.sourceNames),
    );
    if (batch.length >= batchSize) await flush();
  }
  await flush();
  options.onProgress?.(stream.bytesRead, imported, bad.length);
  return { imported, created, updated, repeated, bad };
}
