import type { JobsOptions } from 'bullmq';

/**
 * How a recomputation is asked for (server and worker alike): one deduplicated job, so a burst of
 * changes causes a few runs. While a job waits (for `delay`, gathering the burst) every new request
 * is dropped into it; a request that arrives while it runs is kept and runs once right after it
 * (`keepLastIfActive`), so the last change is never missed and two runs never overlap.
 */
export const DASHBOARD_RECOMPUTE_DELAY_MS = 800;

export const dashboardRecomputeOptions = (): JobsOptions => ({
  deduplication: { id: 'dashboard.recompute', keepLastIfActive: true },
  delay: DASHBOARD_RECOMPUTE_DELAY_MS,
  removeOnComplete: { age: 3600, count: 200 },
  removeOnFail: { age: 24 * 3600 },
  attempts: 3,
});
