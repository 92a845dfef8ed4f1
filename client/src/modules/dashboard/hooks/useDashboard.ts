import type { DashboardStatusFilter } from '@contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { dashboardApi } from '../api/dashboard-api';
import { dashboardKeys } from '../api/dashboard-keys';
import { loadErrorText } from '../utils/dashboard-view';

/**
 * The dashboard of the signed-in user. Loads again when the status filter changes, on `reload()`
 * and when the server pushes `dashboard:updated` (it invalidates `dashboardKeys.all`); the figures
 * stay on screen meanwhile.
 */
export function useDashboard(enabled: boolean, status: DashboardStatusFilter) {
  const query = useQuery({
    queryKey: dashboardKeys.detail(status),
    queryFn: ({ signal }) => dashboardApi.get(status, signal),
    enabled,
    placeholderData: keepPreviousData,
  });
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const failure = query.error;
  return {
    data: query.data ?? null,
    /** True until the first answer (cards and lists show their spinners). */
    loading: query.isPending,
    error: failure ? loadErrorText(failure instanceof Error ? failure.message : null) : null,
    reload,
  };
}
