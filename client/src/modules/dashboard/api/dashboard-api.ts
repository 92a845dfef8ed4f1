import type { DashboardResponse, DashboardStatusFilter } from '@contracts';
import { http } from '@/lib/http';

export const dashboardApi = {
  get: (status: DashboardStatusFilter, signal?: AbortSignal) =>
    http.get<DashboardResponse>('/dashboard', { query: { status: status === 'all' ? undefined : status }, signal }),
};
