import { PROCESS_LIST_DEFAULT_LIMIT, type ProcessListResponse, type ProcessStats } from '@contracts';
import { useEffect, useState } from 'react';
import { processesApi } from '../api/processes-api';
import { toListQuery, type ProcessFilters } from '../utils/list-filters';

export const PROCESS_LIST_ERROR = 'Erro ao carregar processos';

type Page = ProcessListResponse['data'];

export interface ProcessListState {
  page: Page | null;
  loading: boolean;
  error: string | null;
}

/**
 * The page of /processes matching the filters. `version` bumps reload it (refresh button, a
 * created process, a pushed change).
 */
export function useProcessList(filters: ProcessFilters, isAdmin: boolean, page: number, version: number) {
  const [state, setState] = useState<ProcessListState>({ page: null, loading: true, error: null });

  useEffect(() => {
    const controller = new AbortController();
    setState((current) => ({ ...current, loading: true, error: null }));
    processesApi
      .list(toListQuery(filters, isAdmin, page, PROCESS_LIST_DEFAULT_LIMIT), controller.signal)
      .then((list) => setState({ page: list.data, loading: false, error: null }))
      .catch(() => {
        if (!controller.signal.aborted)
          setState((current) => ({ ...current, loading: false, error: PROCESS_LIST_ERROR }));
      });
    return () => controller.abort();
  }, [filters, isAdmin, page, version]);

  const dismissError = () => setState((current) => ({ ...current, error: null }));
  return { ...state, dismissError };
}

/** The four stat cards (unfiltered counts); reloaded with `version` only. */
export function useProcessStats(version: number): ProcessStats | null {
  const [stats, setStats] = useState<ProcessStats | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    processesApi
      .stats(controller.signal)
      .then((reply) => setStats(reply.data))
      .catch(() => undefined); // the list's banner already reports a failed load
    return () => controller.abort();
  }, [version]);
  return stats;
}
