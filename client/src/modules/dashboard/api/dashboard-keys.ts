import type { DashboardStatusFilter } from '@contracts';

/** TanStack Query keys of the dashboard of the signed-in user. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  detail: (status: DashboardStatusFilter) => [...dashboardKeys.all, status] as const,
};
