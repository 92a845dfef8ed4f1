import { PROCESS_LIST_DEFAULT_LIMIT, type ProcessStats } from '@contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { processesApi } from '../api/processes-api';
import { processKeys } from '../api/process-keys';
import { toListQuery, type ProcessFilters } from '../utils/list-filters';

export const PROCESS_LIST_ERROR = 'Erro ao carregar processos';

/**
 * The page of /processes matching the filters. The previous page stays on screen while the next
 * one loads; a pushed change or a created process invalidates `processKeys.lists()`.
 */
export function useProcessList(filters: ProcessFilters, isAdmin: boolean, page: number) {
  const query = toListQuery(filters, isAdmin, page, PROCESS_LIST_DEFAULT_LIMIT);
  const list = useQuery({
    queryKey: processKeys.list(query),
    queryFn: ({ signal }) => processesApi.list(query, signal),
    placeholderData: keepPreviousData,
  });
  // The banner can be dismissed; the next failure shows it again.
  const [dismissedAt, setDismissedAt] = useState(0);
  const failedAt = list.errorUpdatedAt;
  return {
    page: list.data?.data ?? null,
    loading: list.isFetching,
    error: list.isError && failedAt !== dismissedAt ? PROCESS_LIST_ERROR : null,
    dismissError: () => setDismissedAt(failedAt),
  };
}

/** The four stat cards (unfiltered counts). A failure shows nothing: the list's banner reports it. */
export function useProcessStats(): ProcessStats | null {
  const stats = useQuery({
    queryKey: processKeys.stats(),
    queryFn: ({ signal }) => processesApi.stats(signal),
  });
  return stats.data?.data ?? null;
}

/** Loads the list and the stat cards again (the page's 'Atualizar' button). */
export function useReloadProcesses(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: processKeys.lists() });
    void queryClient.invalidateQueries({ queryKey: processKeys.stats() });
  }, [queryClient]);
}
