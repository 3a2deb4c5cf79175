/**
 * `fetch-source`: fetch a source's feed (conditionally), read it on a parser thread (parse, normalise,
 * classify), learn its hosts' probe flags, and hand the articles to the index, which merges them
 * (`ArticleIndex.ingest`: new ones added, changed ones updated, nothing duplicated). Idempotent:
 * running it twice leaves the same index.
 * Permanent failures (404, blocked address, not a feed) throw `UnrecoverableError`; transient ones
 * throw plain errors and BullMQ retries them with back-off.
 */
import { createHash } from 'node:crypto';
import { type Job, type Queue, UnrecoverableError } from 'bullmq';
import { decodeArticles } from '@tidings/core/article';
import { FetchError, type Fetcher } from '@tidings/fetch/fetcher';
import { probeHostFor } from '@tidings/fetch/probes';
import type { ArticleIndex, KnownHostFlags } from '@tidings/index/port';
import {
  type FetchSourcePayload,
  type FetchSourceResult,
  type ProbeHostPayload,
  probeJobId,
} from '@tidings/queue/queues';
import { ProbeCache } from '@tidings/store/probe-cache';
import type { SourceStore } from '@tidings/store/sources';
import type { FeedBatch, FeedWork } from '../feed/feed-work.js';
import { RememberedReadings } from '../feed/remembered-readings.js';
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
  /** Items older than this many days are not indexed (the retention job would remove them). */
  retentionDays?: number;
  /** Each source's readings of its last fetch (a store of the processor's own when not given). */
  readings?: RememberedReadings;
  now?: () => Date;
}

/** Hosts never seen before that a fetch probes itself; more wait for probe jobs. */
export const INLINE_PROBES_PER_FETCH = 4;

/** New articles whose pages are checked for a paywall per fetch (the rest count as free). */
export const PAYWALL_CHECKS_PER_FETCH = 20;

export function createFetchSourceProcessor(deps: FetchSourceDeps) {
  const now = deps.now ?? (() => new Date());
  const hosts = deps.hosts ?? new HostGate();
  const remembered = deps.readings ?? new RememberedReadings();
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

  /**
   * `paywalled: detect`: reads the pages of new articles (politely, capped) for schema.org evidence;
   * what it found, by article id. The rest count as free; stored articles keep what was found before.
   */
  async function detectPaywalls(feed: FeedBatch): Promise<Record<string, boolean>> {
    const articles = decodeArticles(feed.articles);
    const stored = new Set((await deps.index.getByIds(articles.map((a) => a.id))).map((a) => a.id));
    const found: Record<string, boolean> = {};
    for (const article of articles.filter((a) => !stored.has(a.id)).slice(0, PAYWALL_CHECKS_PER_FETCH)) {
      try {
        const page = await hosts.run(new URL(article.url).host, () =>
          deps.fetcher.fetch({ url: article.url, accept: 'text/html,application/xhtml+xml' }),
        );
        // Read on a parser thread: a 10 MiB page must not hold the main thread (and its lock renewals).
        if (page.kind === 'ok') found[article.id] = (await deps.work.paywall(page.text)) ?? false;
      } catch {
        // An article page that does not load says nothing: the article stays free.
      }
    }
    return found;
  }
  /**
   * The probe flags of a feed's hosts: a host never probed is probed now, so that its first articles
   * arrive with their flags (a few per fetch; more wait for a probe job); a host probed long ago is
   * queued for a fresh probe and keeps its known flags meanwhile.
   */
  async function flagsOfHosts(feed: FeedBatch, at: number): Promise<Record<string, KnownHostFlags>> {
    const probes = deps.probes!;
    const domains = Object.keys(feed.domains);
    const cached = await probes.cache.getMany(domains);
    const known: Record<string, KnownHostFlags> = {};
    for (const [domain, probe] of cached) known[domain] = { https: probe.https, iframeable: probe.iframeable };
    const probeOf = (domain: string): ProbeHostPayload => {
      const articleUrl = feed.domains[domain]!;
      return { domain, host: probeHostFor(articleUrl), articleUrl };
    };
    const unknown = domains.filter((domain) => !cached.has(domain)).slice(0, INLINE_PROBES_PER_FETCH);
    for (const probe of await Promise.all(unknown.map((domain) => probeNow(probeOf(domain))))) {
      known[probe.domain] = { https: probe.https, iframeable: probe.iframeable };
    }
    const wanted = domains.filter((domain) => !unknown.includes(domain) && ProbeCache.stale(cached.get(domain), at));
    if (wanted.length) {
      await probes.queue.addBulk(
        wanted.map((domain) => ({
          name: 'probe',
          data: probeOf(domain),
          opts: { jobId: probeJobId(domain, at), attempts: 2 },
        })),
      );
    }
    return known;
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
    // A feed found moved for good since the last fetch: said once, in the worker's log (warn).
    const moved = result.movedTo && result.movedTo !== (source.movedTo ?? null) ? { movedTo: result.movedTo } : {};
    if (result.kind === 'not-modified') {
      await deps.sources.recordSuccess(
        sourceId,
        { etag: result.etag, lastModified: result.lastModified, movedTo: result.movedTo },
        undefined,
        source,
      );
      return { sourceId, outcome: 'not-modified', items: 0, articles: 0, created: 0, updated: 0, ...moved };
    }

    // Many servers ignore conditional requests: the same body again is as good as a 304.
    const contentHash = createHash('sha1').update(result.body).digest('base64url');
    if (contentHash === source.contentHash) {
      await deps.sources.recordSuccess(
        sourceId,
        { etag: result.etag, lastModified: result.lastModified, movedTo: result.movedTo },
        undefined,
        source,
      );
      return { sourceId, outcome: 'not-modified', items: 0, articles: 0, created: 0, updated: 0, ...moved };
    }

    const fetchedAt = now();
    let feed;
    try {
      feed = await deps.work.read({
        body: result.body,
        contentType: result.contentType,
        source,
        feedUrl: result.url,
        fetchedAt: fetchedAt.getTime(),
        ...(deps.retentionDays ? { oldestKept: fetchedAt.getTime() - deps.retentionDays * 86_400_000 } : {}),
        remembered: remembered.get(sourceId),
      });
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
    // The articles stay encoded here: the index merges them on its own thread (`ArticleIndex.ingest`).
    const hostFlags = deps.probes ? await flagsOfHosts(feed, fetchedAt.getTime()) : {};
    const paywalled = source.paywalled === 'detect' ? await detectPaywalls(feed) : undefined;
    const { created, updated } = await deps.index.ingest({
      sourceId,
      articles: feed.articles,
      hostFlags,
      ...(paywalled ? { paywalled } : {}),
    });
    remembered.set(sourceId, feed.readings);
    // `sources remove --purge` may have deleted the source's articles while this fetch ran: what the
    // fetch just wrote goes too (a purged source's record is gone).
    if (!(await deps.sources.get(sourceId))) {
      await deps.index.removeBySource(sourceId);
      return skipped();
    }
    const pollMs = nextInterval(sourceId, {
      everyMs: source.everyMs,
      itemTimes: feed.datedTimes,
      ttlMinutes: feed.ttlMinutes,
      cacheControl: result.cacheControl,
    });
    await deps.sources.recordSuccess(
      sourceId,
      { etag: result.etag, lastModified: result.lastModified, contentHash, movedTo: result.movedTo },
      pollMs,
      source,
      feed.site,
    );
    return {
      sourceId,
      outcome: 'indexed',
      items: feed.items,
      articles: feed.count,
      created,
      updated,
      expired: feed.expired,
      ...moved,
    };
  };
}
