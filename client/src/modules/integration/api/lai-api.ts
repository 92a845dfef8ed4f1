import type { LaiRequestsQuery, LaiRequestsResponse } from '@contracts';
import { http } from '@/lib/http';
import { processKeys } from '@/modules/processes/api/process-keys';

/** docs/processes.md#access-to-information-requests. */
export const laiApi = {
  list: (query: LaiRequestsQuery, signal?: AbortSignal) =>
    http.get<LaiRequestsResponse>('/lai/requests', { query: { ...query }, signal }),
};

/**
 * The e-SIC/LAI list is a list of processes: its key sits under `processKeys.lists()`, so every push
 * or action that refreshes the process lists refreshes it too.
 */
export const laiKeys = {
  list: (query: LaiRequestsQuery) => [...processKeys.lists(), 'lai', query] as const,
};
