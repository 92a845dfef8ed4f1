import { QUEUES } from '#server/contracts/jobs';
import { dashboardRecomputeOptions } from '#server/domain/dashboard/dashboard-recompute';
import type { QueueService } from '#server/queue/queue.service';

/** Aging moves with the clock: recompute this often even without changes (and right after midnight). */
export const DASHBOARD_SCHEDULE_MS = 5 * 60_000;

/**
 * The recomputations that do not follow a change: every DASHBOARD_SCHEDULE_MS, at midnight in
 * `timeZone` (schedulers renewed when a Redis restarted empty comes back), and one right away at boot.
 */
export async function scheduleDashboardRecomputes(queues: QueueService, timeZone: string): Promise<void> {
  const template = (reason: string) => ({
    name: 'dashboard.recompute' as const,
    data: { reason },
    opts: { removeOnComplete: true, removeOnFail: 100 },
  });
  await queues.keepUp(QUEUES.dashboard, async (queue) => {
    await queue.upsertJobScheduler('dashboard.recompute.every', { every: DASHBOARD_SCHEDULE_MS }, template('schedule'));
    await queue.upsertJobScheduler(
      'dashboard.recompute.midnight',
      { pattern: '0 0 * * *', tz: timeZone },
      template('midnight'),
    );
  });
  await queues.enqueue('dashboard.recompute', { reason: 'boot' }, dashboardRecomputeOptions());
}
