import { DASHBOARD_RECOMPUTE_DELAY_MS } from '#server/domain/dashboard/dashboard-recompute';
import { DASHBOARD_REFRESH_REST_FACTOR, DashboardRefreshPace } from './dashboard-refresh-pace';

describe('DashboardRefreshPace', () => {
  it('rests a second after quick refreshes, and in proportion to a slow one', () => {
    const pace = new DashboardRefreshPace();
    expect(pace.burstDelay()).toBe(DASHBOARD_RECOMPUTE_DELAY_MS);
    pace.record(120);
    expect(pace.burstDelay()).toBe(DASHBOARD_RECOMPUTE_DELAY_MS);
    pace.record(3_000);
    expect(pace.burstDelay()).toBe(DASHBOARD_REFRESH_REST_FACTOR * 3_000);
    // Only the last run counts: the pace comes back down when the refreshes get quick again.
    pace.record(200);
    expect(pace.burstDelay()).toBe(DASHBOARD_RECOMPUTE_DELAY_MS);
  });
});
