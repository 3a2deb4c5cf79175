/**
 * `probe-host`: probe a source host for `https` and `iframeable`, remember the result, and bring
 * every article of that host up to date (a change reaches the API at its next query).
 */
import type { Job } from 'bullmq';
import type { Fetcher } from '@tidings/fetch/fetcher';
import { probeHost } from '@tidings/fetch/probes';
import type { ArticleIndex } from '@tidings/index/port';
import type { ProbeHostPayload } from '@tidings/queue/queues';
import type { HostProbe, ProbeCache } from '@tidings/store/probe-cache';

export interface ProbeHostResult {
  domain: string;
  https: boolean | null;
  iframeable: boolean | null;
  articlesChanged: number;
}

export interface ProbeDeps {
  fetcher: Fetcher;
  index: ArticleIndex;
  probes: ProbeCache;
  now?: () => Date;
}

/**
 * Probes a host, remembers the result and brings the host's stored articles up to date.
 * `previous`: the cached result when the caller already read it (`null`: none).
 */
export async function probeAndRecord(
  deps: ProbeDeps,
  { domain, host, articleUrl }: ProbeHostPayload,
  previous?: HostProbe | null,
): Promise<ProbeHostResult> {
  const before = previous === undefined ? await deps.probes.get(domain) : previous;
  const result = await probeHost(deps.fetcher, host, articleUrl);
  // An article page that did not load says nothing new about framing: keep what was known.
  const iframeable = result.iframeable ?? before?.iframeable ?? null;
  await deps.probes.set({
    domain,
    https: result.https,
    iframeable,
    httpsDetail: result.httpsDetail,
    probedAt: (deps.now?.() ?? new Date()).toISOString(),
  });
  const articlesChanged = await deps.index.setHostFlags(domain, { https: result.https, iframeable });
  return { domain, https: result.https, iframeable, articlesChanged };
}

export function createProbeHostProcessor(deps: ProbeDeps) {
  return (job: Job<ProbeHostPayload>): Promise<ProbeHostResult> => probeAndRecord(deps, job.data);
}
