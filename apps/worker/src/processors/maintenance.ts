/** `maintenance`: retention — articles published more than `RETENTION_DAYS` ago are removed. */
import type { Job } from 'bullmq';
import type { ArticleIndex } from '@tidings/index/port';
import type { MaintenancePayload } from '@tidings/queue/queues';

export function createMaintenanceProcessor(deps: { index: ArticleIndex; retentionDays: number; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  return async function maintenance(job: Job<MaintenancePayload>): Promise<{ removed: number }> {
    if (job.data.task !== 'retention') return { removed: 0 };
    const cutoff = now().getTime() - deps.retentionDays * 86_400_000;
    return { removed: await deps.index.removePublishedBefore(cutoff) };
  };
}
