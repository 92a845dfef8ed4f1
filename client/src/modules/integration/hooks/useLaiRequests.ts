import type { DeadlineFilter } from '@contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { laiApi, laiKeys } from '../api/lai-api';

/** One page of the LAI requests, filtered by the state of their deadline (null: all). */
export function useLaiRequests(state: DeadlineFilter | null, page: number) {
  const query = { page, ...(state ? { state } : {}) };
  return useQuery({
    queryKey: laiKeys.list(query),
    queryFn: ({ signal }) => laiApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
}
