/**
 * `probe-host`: probe a source host for `https` and `iframeable`, remember the result, and bring
 * every article of that host up to date (a change reaches the API at its next query).
 */
import type { Job } from 'bullmq';
import type { Fetcher } from '@tidings/fetch/fetcher';
import { probeHost } from '@tidings/fetch/probes';
import type { ArticleIndex } from '@tidings/index/port';
import type { ProbeHostPayload } from '@tidings/queue/queues';
import type { ProbeCache } from '@tidings/store/probe-cache';

export interface ProbeHostResult {
  domain: string;
  https: boolean | null;
  iframeable: boolean | null;
  articlesChanged: number;
}

export function createProbeHostProcessor(deps: {
  fetcher: Fetcher;
  index: ArticleIndex;
  probes: ProbeCache;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return async function probe(job: Job<ProbeHostPayload>): Promise<ProbeHostResult> {
    const { domain, host, articleUrl } = job.data;
    const previous = await deps.probes.get(domain);
    const result = await probeHost(deps.fetcher, host, articleUrl);
    // An article page that did not load says nothing new about framing: keep what was known.
    const iframeable = result.iframeable ?? previous?.iframeable ?? null;
    await deps.probes.set({
      domain,
      https: result.https,
      iframeable,
      httpsDetail: result.httpsDetail,
      probedAt: now().toISOString(),
    });
    const articlesChanged = await deps.index.setHostFlags(domain, { https: result.https, iframeable });
    return { domain, https: result.https, iframeable, articlesChanged };
  };
}
