/**
 * `fetch-source`: fetch a source's feed (conditionally), parse, normalise, de-duplicate against the
 * index, and upsert what is new or changed. Idempotent: running it twice leaves the same index.
 * Permanent failures (404, blocked address, not a feed) throw `UnrecoverableError`; transient ones
 * throw plain errors and BullMQ retries them with back-off.
 */
import { createHash } from 'node:crypto';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import type { Article } from '@tidings/core/article';
import { FetchError, type Fetcher } from '@tidings/fetch/fetcher';
import { paywallFromHtml } from '@tidings/fetch/paywall';
import type { ArticleIndex } from '@tidings/index/port';
import {
  type FetchSourcePayload,
  type FetchSourceResult,
  type ProbeHostPayload,
  probeJobId,
} from '@tidings/queue/queues';
import { type HostProbe, ProbeCache } from '@tidings/store/probe-cache';
import type { SourceStore } from '@tidings/store/sources';
import type { FeedWork } from '../feed/feed-work.js';
import { HostGate } from '../host-gate.js';
import { probeAndRecord, type ProbeHostResult } from './probe-host.js';
import { nextInterval } from '../schedule.js';

export interface FetchSourceDeps {
  sources: SourceStore;
  index: ArticleIndex;
  fetcher: Fetcher;
  /** Reads fetched bodies: parse, normalise, classify (the worker's parser threads). */
  work: FeedWork;
  /** Per-host politeness; a fresh gate when not given. */
  hosts?: HostGate;
  /** Known probe results, and where to ask for new probes (none when not given). */
  probes?: { cache: ProbeCache; queue: Queue<ProbeHostPayload> };
  now?: () => Date;
}

/** What a reader would notice changing; `indexedAt` and source flags are not content. */
function sameContent(a: Article, b: Article): boolean {
  const pick = (x: Article) =>
    JSON.stringify([
      x.url,
      x.headline,
      x.introduction,
      x.type,
      x.publishedAt,
      x.updatedAt,
      x.language,
      x.authors,
      x.imageUrl,
      x.topics,
      x.paywalled,
      x.registrationRequired,
      x.source.name,
    ]);
  return pick(a) === pick(b);
}

/** Hosts never seen before that a fetch probes itself; more wait for probe jobs. */
export const INLINE_PROBES_PER_FETCH = 4;

/** New articles whose pages are checked for a paywall per fetch (the rest count as free). */
export const PAYWALL_CHECKS_PER_FETCH = 20;

export function createFetchSourceProcessor(deps: FetchSourceDeps) {
  const now = deps.now ?? (() => new Date());
  const hosts = deps.hosts ?? new HostGate();
  /** Probes under way in this process, by domain: concurrent fetches of a new host share one. */
  const probing = new Map<string, Promise<ProbeHostResult>>();
  function probeNow(payload: ProbeHostPayload): Promise<ProbeHostResult> {
    let running = probing.get(payload.domain);
    if (!running) {
      running = probeAndRecord(
        { fetcher: deps.fetcher, index: deps.index, probes: deps.probes!.cache, now },
        payload,
        null,
      ).finally(() => probing.delete(payload.domain));
      probing.set(payload.domain, running);
    }
    return running;
  }

  /** `paywalled: detect`: read new article pages (politely, capped) for schema.org evidence. */
  async function detectPaywalls(articles: Article[]): Promise<void> {
    for (const article of articles.slice(0, PAYWALL_CHECKS_PER_FETCH)) {
      try {
        const page = await hosts.run(new URL(article.url).host, () =>
          deps.fetcher.fetch({ url: article.url, accept: 'text/html,application/xhtml+xml' }),
        );
        if (page.kind === 'ok') article.paywalled = paywallFromHtml(page.text) ?? false;
      } catch {
        // An article page that does not load says nothing: the article stays free.
      }
    }
  }
  return async function fetchSource(job: Job<FetchSourcePayload>): Promise<FetchSourceResult> {
    const { sourceId, manual } = job.data;
    const skipped = (): FetchSourceResult => ({
      sourceId,
      outcome: 'skipped',
      items: 0,
      articles: 0,
      created: 0,
      updated: 0,
    });
    const source = await deps.sources.get(sourceId);
    if (!source || source.state === 'removed') return skipped();
    if (!manual && source.state === 'paused') return skipped();
    // A failing source waits out its back-off, unless an operator asks.
    if (!manual && source.notBefore && Date.parse(source.notBefore) > now().getTime()) return skipped();

    const host = new URL(source.feedUrl).host;
    // The publisher asked us (on any of its feeds) to come back later.
    if (!manual && hosts.backOffUntil(host)) return skipped();

    let result;
    try {
      result = await hosts.run(host, () =>
        deps.fetcher.fetch({ url: source.feedUrl, etag: source.etag, lastModified: source.lastModified }),
      );
    } catch (error) {
      const e = error as FetchError;
      const wait = e.details?.retryAfterMs;
      if (wait !== undefined && (e.details?.status === 429 || e.details?.status === 503)) hosts.backOff(host, wait);
      await deps.sources.recordFailure(sourceId, e.message, wait);
      if (e instanceof FetchError && e.permanent) throw new UnrecoverableError(e.message);
      throw error;
    }
    if (result.kind === 'not-modified') {
      await deps.sources.recordSuccess(sourceId, { etag: result.etag, lastModified: result.lastModified });
      return { sourceId, outcome: 'not-modified', items: 0, articles: 0, created: 0, updated: 0 };
    }

    // Many servers ignore conditional requests: the same body again is as good as a 304.
    const contentHash = createHash('sha1').update(result.text).digest('base64url');
    if (contentHash === source.contentHash) {
      await deps.sources.recordSuccess(sourceId, { etag: result.etag, lastModified: result.lastModified });
      return { sourceId, outcome: 'not-modified', items: 0, articles: 0, created: 0, updated: 0 };
    }

    const fetchedAt = now();
    let feed;
    try {
      feed = await deps.work.read({ text: result.text, source, feedUrl: result.url, fetchedAt: fetchedAt.getTime() });
    } catch (error) {
      // Not the feed's fault (a parser thread lost, the worker stopping): kept, and retried.
      await deps.sources.recordFailure(sourceId, `could not read the feed: ${(error as Error).message}`);
      throw error;
    }
    if (!feed.ok) {
      const message = `not a readable feed: ${feed.error}`;
      await deps.sources.recordFailure(sourceId, message);
      throw new UnrecoverableError(message);
    }
    const { articles } = feed;
    // Source flags: a host never probed is probed now, so that its first articles arrive with their
    // flags (a few per fetch; more wait for a probe job); a host probed long ago is queued for a fresh
    // probe and keeps its known flags meanwhile.
    if (deps.probes) {
      const domains = [...new Set(articles.map((a) => a.source.domain))];
      const cached = await deps.probes.cache.getMany(domains);
      const known = new Map<string, Pick<HostProbe, 'https' | 'iframeable'>>(cached);
      const probeOf = (domain: string): ProbeHostPayload => {
        const sample = articles.find((a) => a.source.domain === domain)!;
        return { domain, host: new URL(sample.url).hostname, articleUrl: sample.url };
      };
      const unknown = domains.filter((domain) => !known.has(domain)).slice(0, INLINE_PROBES_PER_FETCH);
      for (const probe of await Promise.all(unknown.map((domain) => probeNow(probeOf(domain))))) {
        known.set(probe.domain, probe);
      }
      for (const article of articles) {
        const probe = known.get(article.source.domain);
        if (probe) article.source = { ...article.source, https: probe.https, iframeable: probe.iframeable };
      }
      const at = fetchedAt.getTime();
      const wanted = domains.filter((domain) => !unknown.includes(domain) && ProbeCache.stale(cached.get(domain), at));
      if (wanted.length) {
        await deps.probes.queue.addBulk(
          wanted.map((domain) => ({
            name: 'probe',
            data: probeOf(domain),
            opts: { jobId: probeJobId(domain, at), attempts: 2 },
          })),
        );
      }
    }
    const existing = new Map((await deps.index.getByIds(articles.map((a) => a.id))).map((a) => [a.id, a]));
    const changed: Article[] = [];
    let created = 0;
    for (const article of articles) {
      const old = existing.get(article.id);
      if (!old) {
        created += 1;
        changed.push(article);
        continue;
      }
      // Found in two sources, a story belongs to the one that had it first.
      if (old.source.id !== source.id) continue;
      const undated = article.publishedAt === article.indexedAt;
      const next: Article = {
        ...article,
        indexedAt: old.indexedAt,
        publishedAt: undated ? old.publishedAt : article.publishedAt,
        source: deps.probes
          ? article.source
          : { ...article.source, https: old.source.https, iframeable: old.source.iframeable },
      };
      if (!sameContent(old, next)) changed.push(next);
    }
    if (source.paywalled === 'detect') await detectPaywalls(changed.filter((a) => !existing.has(a.id)));
    if (changed.length) await deps.index.upsert(changed);
    const pollMs = nextInterval(sourceId, {
      everyMs: source.everyMs,
      itemTimes: articles.filter((a) => a.publishedAt !== a.indexedAt).map((a) => Date.parse(a.publishedAt)),
      ttlMinutes: feed.ttlMinutes,
      cacheControl: result.cacheControl,
    });
    await deps.sources.recordSuccess(
      sourceId,
      { etag: result.etag, lastModified: result.lastModified, contentHash },
      pollMs,
    );
    return {
      sourceId,
      outcome: 'indexed',
      items: feed.items,
      articles: articles.length,
      created,
      updated: changed.length - created,
    };
  };
}
