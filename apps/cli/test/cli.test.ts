import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CliSandbox, cliSandbox, REDIS_URL } from './helper.js';

let sandbox: CliSandbox;
let dir: string;
const tidings = (...args: string[]) => sandbox.run(...args);

beforeEach(async () => {
  sandbox = await cliSandbox(() => new Date('2026-11-22T12:00:00Z'));
  ({ dir } = sandbox);
});
afterEach(async () => sandbox.cleanup());

const line = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    sourceId: 'example',
    url: 'https://www.example.com/story?utm_source=rss',
    headline: 'A story',
    introduction: '<p>Some <b>HTML</b> &amp; text</p>',
    publishedAt: '2026-11-20T10:00:00+01:00',
    companies: [320193],
    topics: [{ id: 4000000, name: 'whatever' }],
    ...overrides,
  });

describe('tidings keys', () => {
  it('creates a key shown once, lists it without the secret, and revokes it by prefix', async () => {
    const created = await tidings('keys', 'create', '--name', 'Acme app', '--rate', '10/s', '--json');
    expect(created.code).toBe(0);
    const key = JSON.parse(created.out);
    expect(Object.keys(key).sort()).toEqual(['id', 'key', 'name', 'rate']);
    expect(key).toMatchObject({ name: 'Acme app', rate: 600 });
    const list = await tidings('keys', 'list', '--json');
    expect(list.out).not.toContain(key.key);
    expect(JSON.parse(list.out)[0]).toMatchObject({ id: key.id, revokedAt: null });
    const revoked = await tidings('keys', 'revoke', key.id.slice(0, 4));
    expect(revoked.code).toBe(0);
    const revokedAt = JSON.parse((await tidings('keys', 'list', '--json')).out)[0].revokedAt;
    expect(revokedAt).not.toBeNull();
    // Again: says so, and the key keeps the time it was first revoked.
    const again = await tidings('keys', 'revoke', key.id.slice(0, 4));
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain(`was already revoked at ${revokedAt}; nothing changed`);
    expect(JSON.parse((await tidings('keys', 'list', '--json')).out)[0].revokedAt).toBe(revokedAt);
  });

  it('fails with one clear line on bad arguments', async () => {
    const missing = await tidings('keys', 'create');
    expect(missing.code).not.toBe(0);
    expect(missing.err.trim().split('\n')).toHaveLength(1);
    const badRate = await tidings('keys', 'create', '--name', 'x', '--rate', 'lots');
    expect(badRate.code).not.toBe(0);
    expect(badRate.err).toContain('--rate');
    const unknown = await tidings('keys', 'revoke', 'zzzzzz');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain("no api key has an id starting with 'zzzzzz'");
  });
});

describe('tidings import', () => {
  it('imports valid lines, reports bad ones by number, exits 2, and is idempotent', async () => {
    const file = join(dir, 'articles.jsonl');
    await writeFile(
      file,
      [
        line(),
        '{"broken json',
        line({ url: 'https://example.com/other', publishedAt: 'last tuesday' }),
        '',
        line({
          url: 'https://example.com/third',
          type: 'Video',
          sourceId: undefined,
          source: { id: 'example', name: 'Example', domain: 'www.example.com', https: true, iframeable: false },
        }),
        line({ url: 'https://example.com/fourth', extra: 1 }),
      ].join('\n'),
    );
    const first = await tidings('import', file);
    expect(first.code).toBe(2);
    expect(first.out).toBe(`Imported 2 article(s) from ${file} (2 new); 3 bad line(s) skipped.\n`);
    expect(first.err).toMatch(/line 2: not valid JSON/);
    expect(first.err).toContain('line 3: publishedAt must be an ISO-8601 date-time (got "last tuesday")');
    expect(first.err).toMatch(/line 6: unknown field\(s\) extra/);
    const again = await tidings('import', file, '--json', '--wait');
    expect(JSON.parse(again.out)).toMatchObject({ imported: 2, created: 0, updated: 2, repeated: 0 });
    const status = JSON.parse((await tidings('status', '--json')).out);
    expect(status.index.articles).toBe(2);
    // One URL on two lines (a tracking parameter aside) is one article: the later line is kept, and said.
    const twice = join(dir, 'twice.jsonl');
    await writeFile(
      twice,
      [line({ headline: 'First' }), line({ headline: 'Second', url: 'https://www.example.com/story' })].join('\n'),
    );
    const repeated = await tidings('import', twice);
    expect(repeated.out).toBe(
      `Imported 2 article(s) from ${twice} (0 new, 1 updated); 1 line(s) repeated an earlier line's URL (the later line is kept).\n`,
    );
  });

  it('explains each bad field in a sentence naming it and what was expected', async () => {
    const file = join(dir, 'bad-fields.jsonl');
    const { publishedAt: _, ...undated } = JSON.parse(line()) as Record<string, unknown>;
    await writeFile(
      file,
      [
        JSON.stringify(undated),
        line({ url: 'notaurl', headline: '', type: 'blog', topics: ['a'], authors: 'bob' }),
        line({ paywalled: 'yes' }),
        line({ sourceId: undefined }),
      ].join('\n'),
    );
    const { code, err } = await tidings('import', file);
    expect(code).toBe(2);
    const lines = err.trim().split('\n');
    expect(lines[0]).toBe(
      'line 1: publishedAt is missing (expected an ISO-8601 date-time such as "2026-11-23T08:00:00Z")',
    );
    expect(lines[1]).toContain('url must be an absolute http(s) URL (got "notaurl")');
    expect(lines[1]).toContain('headline must not be empty');
    expect(lines[1]).toContain(
      'type must be one of article, video, gallery, report, pressrelease, podcast (got "blog")',
    );
    expect(lines[1]).toContain('topics[0] must be a topic id (a positive whole number) or {"id": …} (got "a")');
    expect(lines[1]).toContain('authors must be a list of names (got "bob")');
    expect(lines[2]).toBe('line 3: paywalled must be true or false (got "yes")');
    expect(lines[3]).toBe('line 4: sourceId is missing (give sourceId or source.id)');
    expect(err).not.toMatch(/Invalid input|received/);
  });

  it('derives canonical URL, id, plain text, UTC dates and catalog names', async () => {
    const file = join(dir, 'one.jsonl');
    await writeFile(file, `${line()}\n`);
    expect((await tidings('import', file)).code).toBe(0);
    const { EmbeddedArticleIndex } = await import('@tidings/index/embedded');
    const { NO_FILTERS } = await import('@tidings/core/query');
    const index = new EmbeddedArticleIndex({ file: join(dir, 'articles.sqlite') });
    const [article] = (await index.query({ filters: NO_FILTERS, limit: 1 })).articles;
    await index.close();
    expect(article).toMatchObject({
      url: 'https://www.example.com/story',
      id: expect.stringMatching(/^[0-9a-f]{32}$/),
      introduction: 'Some HTML & text',
      publishedAt: '2026-11-20T09:00:00Z',
      indexedAt: '2026-11-22T12:00:00Z',
      type: 'article',
      topics: [{ id: 4000000, name: 'economy, business and finance' }],
      companies: [{ id: 320193, name: 'Apple Inc.' }],
      source: { id: 'example', name: 'example', domain: 'example.com', https: null, iframeable: null },
    });
  });

  it("fills in what a line leaves out from the registry: the source's name and its host's probed flags", async () => {
    // A registered source, and a probe of its host: lines without them had the source id for a name and
    // null flags, so that `excludeNonHttpsSources=1` dropped them beside the same host's fetched articles.
    expect(
      (await tidings('sources', 'add', 'https://www.example.com/rss', '--id', 'example', '--name', 'Example News'))
        .code,
    ).toBe(0);
    const { createRedis } = await import('@tidings/store/redis');
    const { ProbeCache } = await import('@tidings/store/probe-cache');
    const redis = createRedis({ url: REDIS_URL });
    await new ProbeCache(redis, sandbox.prefix).set({
      domain: 'example.com',
      https: true,
      iframeable: false,
      httpsDetail: 'ok',
      probedAt: '2026-11-22T11:00:00Z',
    });
    redis.disconnect();
    const file = join(dir, 'known.jsonl');
    await writeFile(
      file,
      [
        line(),
        // What a line says stands.
        line({ url: 'https://www.example.com/other', source: { name: 'As given', https: false } }),
        line({ sourceId: 'elsewhere', url: 'https://elsewhere.example/a' }),
      ].join('\n'),
    );
    expect((await tidings('import', file)).code).toBe(0);
    const { EmbeddedArticleIndex } = await import('@tidings/index/embedded');
    const { NO_FILTERS } = await import('@tidings/core/query');
    const index = new EmbeddedArticleIndex({ file: join(dir, 'articles.sqlite') });
    const { articles } = await index.query({ filters: NO_FILTERS, limit: 10 });
    await index.close();
    const sources = Object.fromEntries(articles.map((a) => [a.url, a.source]));
    expect(sources).toEqual({
      'https://www.example.com/story': {
        id: 'example',
        name: 'Example News',
        domain: 'example.com',
        https: true,
        iframeable: false,
      },
      'https://www.example.com/other': {
        id: 'example',
        name: 'As given',
        domain: 'example.com',
        https: false,
        iframeable: false,
      },
      'https://elsewhere.example/a': {
        id: 'elsewhere',
        name: 'elsewhere',
        domain: 'elsewhere.example',
        https: null,
        iframeable: null,
      },
    });
  });

  it('purges the articles of a source id that only an import named (they could not be deleted)', async () => {
    const file = join(dir, 'unregistered.jsonl');
    await writeFile(
      file,
      [line({ sourceId: 'archive' }), line({ sourceId: 'archive', url: 'https://example.com/b' })].join('\n'),
    );
    expect((await tidings('import', file)).code).toBe(0);
    const kept = await tidings('sources', 'remove', 'archive');
    expect(kept.code).toBe(1);
    expect(kept.err).toBe(
      "tidings: no source with id 'archive' in the registry, but the index holds 2 article(s) of it (imported); tidings sources remove archive --purge deletes them\n",
    );
    expect((await tidings('sources', 'show', 'archive')).err).toBe(kept.err);
    const purged = await tidings('sources', 'remove', 'archive', '--purge');
    expect(purged.out).toBe('Removed the 2 article(s) of archive, a source id the registry does not have.\n');
    expect(JSON.parse((await tidings('status', '--json')).out).index.articles).toBe(0);
    expect((await tidings('sources', 'remove', 'archive', '--purge')).err).toBe(
      "tidings: no source with id 'archive'\n",
    );
  });

  it('says clearly when the file does not exist', async () => {
    const res = await tidings('import', join(dir, 'missing.jsonl'));
    expect(res.code).toBe(1);
    expect(res.err).toContain('no such file');
  });
});

describe('tidings recommended', () => {
  it('sets, adds, removes and lists a day, refusing unknown article ids', async () => {
    const file = join(dir, 'a.jsonl');
    await writeFile(file, [line(), line({ url: 'https://example.com/2', headline: 'Second' })].join('\n'));
    await tidings('import', file);
    const { articleIdFor, canonicalizeUrl } = await import('@tidings/core/url');
    const a = articleIdFor(canonicalizeUrl('https://www.example.com/story')!);
    const b = articleIdFor(canonicalizeUrl('https://example.com/2')!);
    expect((await tidings('recommended', 'set', b, a)).code).toBe(0);
    let list = JSON.parse((await tidings('recommended', 'list', '--json')).out);
    expect(list).toMatchObject({
      date: '2026-11-22',
      articles: [
        { rank: 1, id: b, headline: 'Second' },
        { rank: 2, id: a },
      ],
    });
    await tidings('recommended', 'remove', b);
    await tidings('recommended', 'add', b, '--date', '2026-11-22');
    list = JSON.parse((await tidings('recommended', 'list', '--json')).out);
    expect(list.articles.map((x: { id: string }) => x.id)).toEqual([a, b]);
    // Each CLI change is a publication by "cli" in the day's versioned history (the desk's too).
    const { SelectionStore } = await import('@tidings/store/selections');
    const { createRedis } = await import('@tidings/store/redis');
    const redis = createRedis({ url: REDIS_URL });
    const history = await new SelectionStore(redis, sandbox.prefix).history('2026-11-22');
    redis.disconnect();
    expect(history.map((h) => [h.version, h.by])).toEqual([
      [3, 'cli'],
      [2, 'cli'],
      [1, 'cli'],
    ]);
    const absent = await tidings('recommended', 'remove', 'feedface');
    expect(absent).toMatchObject({
      code: 1,
      err: 'tidings: feedface is not in the selection of 2026-11-22; nothing changed\n',
    });
    const unknown = await tidings('recommended', 'add', 'deadbeef');
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain('unknown article id(s): deadbeef');
    const badDate = await tidings('recommended', 'list', '--date', '22.11.2026');
    expect(badDate.code).not.toBe(0);
  });
});

describe('tidings editors', () => {
  let sandbox: CliSandbox;
  beforeEach(async () => {
    sandbox = await cliSandbox();
  });
  afterEach(async () => {
    await sandbox.cleanup();
  });

  it('adds an editor with a one-time sign-in link, lists, resets and removes them', async () => {
    const added = await sandbox.run('editors', 'add', 'Ann@Example.com', '--name', 'Ann', '--role', 'admin', '--json');
    expect(added.code).toBe(0);
    const json = JSON.parse(added.out);
    expect(json).toMatchObject({ email: 'ann@example.com', name: 'Ann', role: 'admin' });
    expect(json.link).toMatch(/^http:\/\/localhost:3000\/desk\/\?token=[\w-]{20,}$/);
    const again = await sandbox.run('editors', 'add', 'ann@example.com', '--name', 'Ann');
    expect(again).toMatchObject({
      code: 1,
      err: 'tidings: ann@example.com is already an editor; tidings editors reset ann@example.com gives them a new sign-in link\n',
    });
    const list = await sandbox.run('editors', 'list', '--json');
    expect(JSON.parse(list.out)).toMatchObject([{ email: 'ann@example.com', role: 'admin', active: false }]);
    const reset = await sandbox.run('editors', 'reset', 'ann@example.com', '--json');
    expect(JSON.parse(reset.out).link).not.toBe(json.link);
    expect(await sandbox.run('editors', 'remove', 'ann@example.com')).toMatchObject({ code: 0 });
    expect(await sandbox.run('editors', 'remove', 'ann@example.com')).toMatchObject({
      code: 1,
      err: 'tidings: ann@example.com is not an editor\n',
    });
    expect((await sandbox.run('editors', 'add', 'not-an-email', '--name', 'X')).err).toBe(
      "tidings: 'not-an-email' is not an email address\n",
    );
  });
});
