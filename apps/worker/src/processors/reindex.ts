/**
 * `reindex` (`tidings reindex`): every stored article of a source (or of the whole index) is
 * re-classified (topics from the source's current default topics and the text, companies), takes the
 * source's current name and flags, and is written back in batches; every host seen is queued for a
 * fresh probe. On Meilisearch a whole-index run fills a fresh index that is swapped in atomically;
 * the embedded index is updated in place, one short transaction per batch, so queries never wait long.
 *
 * Feed categories are not stored with articles, so topics that came only from an item's category are
 * not kept; a podcast's categories for the whole show are kept with its source and read again.
 */
import { probeHostFor } from '@tidings/fetch/probes';
import type { Job, Queue } from 'bullmq';
import type { Article } from '@tidings/core/article';
import type { ArticleIndex } from '@tidings/index/port';
import {
  type ProbeHostPayload,
  probeJobId,
  REINDEX_FIELDS,
  type ReindexExample,
  type ReindexField,
  type ReindexPayload,
  type ReindexProgress,
  type ReindexResult,
} from '@tidings/queue/queues';
import type { SourceStore } from '@tidings/store/sources';
import type { FeedWork } from '../feed/feed-work.js';

export const REINDEX_BATCH = 500;

export interface ReindexDeps {
  index: ArticleIndex;
  sources: SourceStore;
  /** Re-classifies (the worker's parser threads). */
  work: FeedWork;
  probeQueue: Queue<ProbeHostPayload>;
}

/** Examples kept in a run's summary. */
const EXAMPLES = 5;

/** Each field's values as words, so a change reads as what was removed and what was added. */
const VALUES: Record<ReindexField, (a: Article) => string[]> = {
  topics: (a) => a.topics.map((t) => t.name),
  companies: (a) => a.companies.map((c) => c.name),
  paywalled: (a) => [String(a.paywalled)],
  registrationRequired: (a) => [String(a.registrationRequired)],
  sourceName: (a) => [a.source.name],
};

/** What re-classification changed in one article (empty when nothing did). */
export function changesOf(before: Article, after: Article): ReindexExample['changes'] {
  const changes: ReindexExample['changes'] = [];
  for (const field of REINDEX_FIELDS) {
    const was = VALUES[field](before);
    const now = VALUES[field](after);
    if (was.join('\u0000') === now.join('\u0000')) continue;
    changes.push({ field, removed: was.filter((v) => !now.includes(v)), added: now.filter((v) => !was.includes(v)) });
  }
  return changes;
}

export function createReindexProcessor(deps: ReindexDeps) {
  return async function reindex(job: Job<ReindexPayload>): Promise<ReindexResult> {
    const { sourceId } = job.data;
    const sources = Object.fromEntries((await deps.sources.list()).map((s) => [s.id, s]));
    const total = sourceId
      ? ((await deps.index.sourceCounts()).get(sourceId) ?? 0)
      : (await deps.index.stats()).articles;
    const hosts = new Map<string, ProbeHostPayload>();
    let done = 0;
    let changed = 0;
    const fields = Object.fromEntries(REINDEX_FIELDS.map((f) => [f, 0])) as Record<ReindexField, number>;
    const examples: ReindexExample[] = [];
    await job.updateProgress({ done, total } satisfies ReindexProgress);

    /** `all`: a fresh index needs every article; in place, only the changed ones are rewritten. */
    const run = async (write: (articles: readonly Article[]) => Promise<void>, all: boolean) => {
      for (let from: string | null = null; ;) {
        const batch = await deps.index.scan({ sourceId, from, limit: REINDEX_BATCH });
        const next = await deps.work.reclassify({ articles: batch.articles, sources });
        const differing = next.filter((a, i) => {
          const changes = changesOf(batch.articles[i]!, a);
          for (const change of changes) fields[change.field] += 1;
          if (changes.length && examples.length < EXAMPLES) examples.push({ id: a.id, headline: a.headline, changes });
          return changes.length > 0;
        });
        changed += differing.length;
        await write(all ? next : differing);
        for (const a of next) {
          if (!hosts.has(a.source.domain)) {
            hosts.set(a.source.domain, { domain: a.source.domain, host: probeHostFor(a.url), articleUrl: a.url });
          }
        }
        done += next.length;
        await job.updateProgress({ done, total: Math.max(total, done) } satisfies ReindexProgress);
        if (!batch.next) break;
        from = batch.next;
        // Let other work (and, in-process, queries) run between batches.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    if (sourceId === null && deps.index.rebuild) await deps.index.rebuild((write) => run(write, true));
    // In place: only the meaning is written, onto the articles as stored now (a fetch's update or a
    // probe's flags since the scan stay; an article purged or expired since is not brought back).
    else await run((articles) => deps.index.reclassified(articles).then(() => undefined), false);

    // A fresh probe of every host, whatever the cache says (one per host and run).
    await deps.probeQueue.addBulk(
      [...hosts.values()].map((data) => ({
        name: 'probe',
        data,
        opts: { jobId: probeJobId(data.domain, Date.now(), String(job.id ?? Date.now())), attempts: 2 },
      })),
    );
    return { sourceId, articles: done, changed, fields, examples, probes: hosts.size };
  };
}
