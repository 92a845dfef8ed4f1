import { Injectable } from '@nestjs/common';
import { DASHBOARD_RECOMPUTE_DELAY_MS } from '#server/domain/dashboard/dashboard-recompute';

/**
 * How long a refresh asked for in a burst rests after the previous one, as a multiple of how long
 * that one took: refreshes then hold at most 1 / (1 + this) of one database connection's time.
 */
export const DASHBOARD_REFRESH_REST_FACTOR = 2;

/**
 * Paces the dashboard refreshes of a burst of changes (docs/dashboard.md#updates). At capital size
 * a refresh of the departments a burst touched reads most of the city (seconds), and with a fixed
 * one-second rest the refreshes ran back to back, one PostgreSQL connection busy the whole time on
 * a machine of two cores. The rest grows with the last run's time, never below
 * DASHBOARD_RECOMPUTE_DELAY_MS. What a worker process knows: its own last run.
 */
@Injectable()
export class DashboardRefreshPace {
  private lastRunMs = 0;

  /** How long the last refresh of this process took. */
  record(runMs: number): void {
    this.lastRunMs = runMs;
  }

  /** The delay of a refresh asked for during a burst. */
  burstDelay(): number {
    return Math.max(DASHBOARD_RECOMPUTE_DELAY_MS, Math.round(DASHBOARD_REFRESH_REST_FACTOR * this.lastRunMs));
  }
}
