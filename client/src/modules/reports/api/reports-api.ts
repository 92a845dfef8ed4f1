import type { ReportFilters, ReportRequesterOption, ReportsByType, ReportType } from '@contracts';
import { http } from '@/lib/http';

/** Spec 2 §7 Reports (empty filters are left out of the query). */
export const reportsApi = {
  generate: <T extends ReportType>(type: T, filters: ReportFilters) =>
    http.get<ReportsByType[T]>(`/reports/${type}`, { query: { ...filters } }),
  uniqueRequesters: (signal?: AbortSignal) =>
    http.get<ReportRequesterOption[]>('/reports/unique-requesters', { signal }),
};
