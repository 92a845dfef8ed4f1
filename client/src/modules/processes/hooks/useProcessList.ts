import { PROCESS_LIST_DEFAULT_LIMIT, type ProcessListResponse, type ProcessStats } from '@contracts';
import { useEffect, useState } from 'react';
import { processesApi } from '../api/processes-api';
import { toListQuery, type ProcessFilters } from '../utils/list-filters';

export const PROCESS_LIST_ERROR = 'Erro ao carregar processos';

type Page = ProcessListResponse['data'];

export interface ProcessListState {
  page: Page | null;
  stats: ProcessStats | null;
  loading: boolean;
  error: string | null;
}

/**
 * The page of /processes matching the filters, and the four stat cards. `version` bumps reload
 * both (refresh button, a created process, a pushed change).
 */
export function useProcessList(filters: ProcessFilters, isAdmin: boolean, page: number, version: number) {
  const [state, setState] = useState<ProcessListState>({ page: null, stats: null, loading: true, error: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true, error: null }));
    const query = toListQuery(filters, isAdmin, page, PROCESS_LIST_DEFAULT_LIMIT);
    Promise.all([processesApi.list(query, controller.signal), processesApi.stats(controller.signal)])
      .then(([list, stats]) => setState({ page: list.data, stats: stats.data, loading: false, error: null }))
      .catch(() => {
        if (!controller.signal.aborted)
          setState((current) => ({ ...current, loading: false, error: PROCESS_LIST_ERROR }));
      });
    return () => controller.abort();
  }, [filters, isAdmin, page, version]);

  const dismissError = () => setState((current) => ({ ...current, error: null }));
  return { ...state, dismissError };
}
