import type { JobsOptions } from 'bullmq';

/**
 * How a full recomputation or a refresh (docs/dashboard.md#updates) is asked for (server and worker
 * alike): one deduplicated job of each, so a burst of changes causes a few runs. While a job waits (for its delay, gathering the burst) every new
 * request is dropped into it; a request that arrives while it runs is kept and runs once right
 * after it (`keepLastIfActive`), so the last change is never missed and two runs never overlap.
 *
 * An isolated change waits DASHBOARD_RECOMPUTE_QUICK_DELAY_MS (the dashboards update within about
 * half a second); changes that keep coming wait DASHBOARD_RECOMPUTE_DELAY_MS, i.e. at most about
 * one run per second however many changes arrive (a refresh longer, in step with its last run).
 */
export const DASHBOARD_RECOMPUTE_QUICK_DELAY_MS = 100;
/** A refresh after an isolated change starts at once: it is the forward → push time. */
export const DASHBOARD_REFRESH_QUICK_DELAY_MS = 0;
export const DASHBOARD_RECOMPUTE_DELAY_MS = 1000;
/** A request this soon after the previous one belongs to a burst. */
export const DASHBOARD_BURST_GAP_MS = 2000;

const deduplicated = (id: string, delay: number): JobsOptions => ({
  deduplication: { id, keepLastIfActive: true },
  delay,
  removeOnComplete: { age: 3600, count: 200 },
  removeOnFail: { age: 24 * 3600 },
  attempts: 3,
});

export const dashboardRecomputeOptions = (delay = DASHBOARD_RECOMPUTE_DELAY_MS): JobsOptions =>
  deduplicated('dashboard.recompute', delay);

/**
 * The refresh after a process change (docs/dashboard.md#updates), deduplicated the same way; in a
 * burst its delay grows with the last refresh's time (the worker's DashboardRefreshPace).
 */
export const dashboardRefreshOptions = (delay: number): JobsOptions => deduplicated('dashboard.refresh', delay);
