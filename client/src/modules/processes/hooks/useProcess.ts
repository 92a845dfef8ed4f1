import type { ProcessView } from '@contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isHttpError } from '@/lib/http';
import { processesApi } from '../api/processes-api';
import { processKeys } from '../api/process-keys';

export const PROCESS_NOT_FOUND = 'Processo não encontrado.';
export const PROCESS_LOAD_ERROR = 'Falha ao carregar detalhes do processo. Por favor, tente novamente.';

/**
 * 'unavailable': the server answered 404. It answers 404 both for a missing process and for a
 * confidential one the user may not see (on purpose, so existence does not leak); the page shows
 * the neutral 'Processo não encontrado ou indisponível' screen for it. 'not-found': a malformed id (400). 'failed': anything else.
 */
export type ProcessLoadError = { kind: 'unavailable' } | { kind: 'not-found'; message: string } | { kind: 'failed' };

export function classifyLoadError(error: unknown): ProcessLoadError {
  if (isHttpError(error) && error.statusCode === 404) return { kind: 'unavailable' };
  if (isHttpError(error) && error.statusCode === 400) {
    return { kind: 'not-found', message: error.serverMessage ?? PROCESS_NOT_FOUND };
  }
  return { kind: 'failed' };
}

/** The query of one process (/process-details/{id}). */
export function processQuery(id: string) {
  return {
    queryKey: processKeys.detail(id),
    queryFn: ({ signal }: { signal: AbortSignal }) => processesApi.get(id, signal),
  };
}

/**
 * One process for /process-details/{id}. After a failed (re)load the page shows the failure, not
 * the last copy; `reload` fetches it again, `replace` stores a mutation's reply (see useProcessCache).
 */
export function useProcess(id: string) {
  const query = useQuery(processQuery(id));
  const { refetch } = query;
  const reload = useCallback(() => void refetch(), [refetch]);
  const error = query.error ? classifyLoadError(query.error) : null;
  return { process: error ? null : (query.data ?? null), error, loading: query.isFetching, reload };
}

/** Writes a process the server returned into the cache and marks what it changed as stale. */
export function useProcessCache() {
  const queryClient = useQueryClient();
  return useCallback(
    (process: ProcessView) => {
      queryClient.setQueryData(processKeys.detail(process.id), process);
      void queryClient.invalidateQueries({ queryKey: processKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: processKeys.stats() });
    },
    [queryClient],
  );
}
