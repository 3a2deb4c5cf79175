/**
 * `tidings reindex`: an operator changes a source's default topics, re-indexes it through the queue,
 * and the API answers with the new topics (and newly matched companies), while it keeps answering
 * queries during the re-index.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '@tidings/api/app';
import { loadCatalog } from '@tidings/catalog/catalog';
import type { Article } from '@tidings/core/article';
import { articleIdFor } from '@tidings/core/url';
import { Fetcher } from '@tidings/fetch/fetcher';
import { EmbeddedArticleIndex } from '@tidings/index/embedded';
import { ApiKeyStore } from '@tidings/store/api-keys';
import { ProbeCache } from '@tidings/store/probe-cache';
import { RateLimiter } from '@tidings/store/rate-limit';
import { createRedis } from '@tidings/store/redis';
import { SelectionStore } from '@tidings/store/selections';
import { SourceStore } from '@tidings/store/sources';
import { FeedParserPool } from '@tidings/worker/feed/parser-pool';
import { startWorker } from '@tidings/worker/worker';
import type { ReindexResult } from '@tidings/queue/queues';
import { reindexSummary } from '../src/commands/jobs.js';
import { type CliSandbox, cliSandbox, REDIS_URL } from './helper.js';

const ARTICLES = 1_500;
const SPORT = 15000000;
const ECONOMY = 4000000;
const APPLE = 320193;

let sandbox: CliSandbox;
const tidings = (...args: string[]) => sandbox.run(...args);

beforeEach(async () => {
  sandbox = await cliSandbox();
});
afterEach(async () => {
  await sandbox.cleanup();
});

function stored(i: number): Article {
  const url = `https://news.example.org/items/${i}`;
  const apple = i === 0;
  return {
    id: articleIdFor(url),
    url,
    headline: apple ? 'Apple unveils a thinner iPhone' : `Item ${i}`,
    introduction: apple ? 'The company said prices would not change.' : `Number ${i} of the list.`,
    type: 'article',
    publishedAt: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString().replace('.000', ''),
    updatedAt: null,
    indexedAt: '2026-11-21T10:00:00Z',
    language: 'en',
    authors: [],
    imageUrl: null,
    topics: [{ id: SPORT, name: 'sport' }],
    companies: [],
    paywalled: false,
    registrationRequired: false,
    source: { id: 'wire', name: 'Wire', domain: 'news.example.org', https: null, iframeable: null },
  };
}

describe('tidings reindex', () => {
  it('applies new default topics and companies through queue jobs while the API keeps answering', async () => {
    const { dir, prefix } = sandbox;
    const sourcesFile = join(dir, 'sources.yaml');
    const yaml = (topics: number[]) =>
      `sources:\n  - id: wire\n    name: Wire\n    feedUrl: http://127.0.0.1:9/feed.xml\n    topics: [${topics.join(', ')}]\n`;
    await writeFile(sourcesFile, yaml([SPORT]));
    expect((await tidings('sources', 'sync', sourcesFile)).code).toBe(0);
    expect((await tidings('sources', 'pause', 'wire')).code).toBe(0);

    const file = join(dir, 'articles.sqlite');
    const writer = new EmbeddedArticleIndex({ file });
    await writer.init();
    await writer.upsert(Array.from({ length: ARTICLES }, (_, i) => stored(i)));

    const redis = createRedis({ url: REDIS_URL });
    const fetcher = new Fetcher({
      timeoutMs: 2_000,
      maxBytes: 1_000_000,
      userAgent: 'T/1',
      allowPrivateNetworks: false,
    });
    // Re-classification runs on the parser thread, as in the worker process.
    const work = new FeedParserPool({ threads: 1 });
    const worker = await startWorker({
      redisUrl: REDIS_URL,
      prefix,
      index: writer,
      sources: new SourceStore(redis, prefix),
      fetcher,
      work,
      concurrency: 1,
      retentionDays: 100_000,
      syncEveryMs: 0,
    });
    // The API reads the same file through its own connection, as the API process does.
    const reader = new EmbeddedArticleIndex({ file });
    const keys = new ApiKeyStore(redis, prefix);
    const app = await buildApp({
      index: reader,
      catalog: loadCatalog(),
      keys,
      limiter: new RateLimiter(redis, prefix),
      selections: new SelectionStore(redis, prefix),
      sources: new SourceStore(redis, prefix),
      probes: new ProbeCache(redis, prefix),
      cursorSecret: 'reindex-test-cursor-secret',
      redis,
      keyCacheMs: 0,
    });
    const { key } = await keys.create('reader', 1_000_000);
    const feed = async (query: string) => {
      const res = await app.inject({ url: `/api/v2/feed/?apiKey=${key}&${query}` });
      return { status: res.statusCode, body: res.json<{ articles: Article[]; meta: { totalResults: number } }>() };
    };
    try {
      expect((await feed(`includeTopics=${SPORT}`)).body.meta.totalResults).toBe(ARTICLES);

      await writeFile(sourcesFile, yaml([ECONOMY]));
      expect((await tidings('sources', 'sync', sourcesFile)).code).toBe(0);

      // Readers keep querying for the whole re-index.
      let reindexing = true;
      const answers: number[] = [];
      const readers = (async () => {
        while (reindexing) {
          const { status, body } = await feed('pageSize=5');
          answers.push(status);
          if (status === 200) expect(body.meta.totalResults).toBe(ARTICLES);
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      })();
      const result = await tidings('reindex', '--source', 'wire', '--wait', '--json');
      reindexing = false;
      await readers;
      expect(result.err).toBe('');
      expect(result.code).toBe(0);
      const summary = JSON.parse(result.out) as ReindexResult;
      expect(summary).toMatchObject({ sourceId: 'wire', articles: ARTICLES, changed: ARTICLES });
      expect(summary.fields).toMatchObject({ topics: ARTICLES, sourceName: 0, paywalled: 0 });
      expect(summary.examples).toHaveLength(5);
      expect(summary.examples[0]!.changes).toContainEqual({
        field: 'topics',
        removed: ['sport'],
        added: ['economy, business and finance'],
      });
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.every((s) => s === 200)).toBe(true);
      // Nothing left to change: a second run rewrites nothing.
      const again = await tidings('reindex', '--source', 'wire', '--wait', '--json');
      expect(JSON.parse(again.out)).toMatchObject({ articles: ARTICLES, changed: 0 });

      const economy = await feed(`includeTopics=${ECONOMY}&pageSize=1`);
      expect(economy.body.meta.totalResults).toBe(ARTICLES);
      expect(economy.body.articles[0]!.topics).toEqual([{ id: ECONOMY, name: 'economy, business and finance' }]);
      expect((await feed(`includeTopics=${SPORT}`)).body.meta.totalResults).toBe(0);
      const apple = await feed(`includeCompanies=${APPLE}`);
      expect(apple.body.articles.map((a) => a.headline)).toEqual(['Apple unveils a thinner iPhone']);
      expect(apple.body.articles[0]!.companies).toEqual([{ id: APPLE, name: 'Apple Inc.' }]);

      const status = JSON.parse((await tidings('status', '--json')).out);
      expect(Object.keys(status.queues)).toEqual(['fetch-source', 'probe-host', 'maintenance', 'reindex']);
      expect(status.queues.reindex).toMatchObject({ completed: 2, active: 0 });
      expect((await tidings('status')).out).toContain('Queue reindex: 0 waiting, 0 active');
      expect((await tidings('reindex', '--source', 'nope')).err).toContain("no source with id 'nope'");
      expect((await tidings('reindex', '--all', '--source', 'wire')).err).toContain('not both');
      const queued = await tidings('reindex', '--json');
      expect(JSON.parse(queued.out)).toMatchObject({ sourceId: null });
    } finally {
      await app.close();
      await worker.close();
      await work.close();
      await fetcher.close();
      await reader.close();
      await writer.close();
      redis.disconnect();
    }
  }, 120_000);
});

describe('reindex --wait summary', () => {
  it('says what changed, by field, with examples', () => {
    const text = reindexSummary(
      {
        sourceId: null,
        articles: 120,
        changed: 14,
        fields: { topics: 12, companies: 3, paywalled: 0, registrationRequired: 0, sourceName: 0 },
        examples: [
          {
            id: 'a1',
            headline: 'Central bank raises rates',
            changes: [
              { field: 'topics', removed: ['conflict, war and peace'], added: ['economy, business and finance'] },
              { field: 'companies', removed: [], added: ['Apple Inc.'] },
            ],
          },
        ],
        probes: 3,
      },
      'all articles',
    );
    expect(text.split('\n')).toEqual([
      'Re-indexed all 120 article(s): 14 changed (topics 12, companies 3); 3 host(s) queued for a probe.',
      'For example:',
      '  a1 "Central bank raises rates": topics −"conflict, war and peace" +"economy, business and finance"; companies +"Apple Inc."',
      '',
    ]);
  });
});
