import { QUEUES } from '#server/contracts/jobs';
import { dashboardRecomputeOptions } from '#server/domain/dashboard/dashboard-recompute';
import type { QueueService } from '#server/queue/queue.service';

/** Aging moves with the clock: recompute this often even without changes (and right after midnight). */
export const DASHBOARD_SCHEDULE_MS = 5 * 60_000;

/**
 * The recomputations that do not follow a change: every DASHBOARD_SCHEDULE_MS, at midnight in
 * `timeZone` (schedulers renewed when a Redis restarted empty comes back), and one right away at boot.
 * A scheduler's job cannot be deduplicated, so its tick only asks for the deduplicated recomputation
 * (requestScheduledRecompute): a tick that met the boot's run, or a run after a change, would
 * otherwise run a second full recomputation beside it and hold the slot a refresh needs.
 */
export async function scheduleDashboardRecomputes(queues: QueueService, timeZone: string): Promise<void> {
  const template = (reason: string) => ({
    name: 'dashboard.recompute' as const,
    data: { reason, scheduled: true as const },
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

/** A scheduler's tick: the deduplicated recomputation of the tick's reason, asked for at once. */
export function requestScheduledRecompute(queues: QueueService, reason: string) {
  return queues.enqueue('dashboard.recompute', { reason }, dashboardRecomputeOptions(0));
}
