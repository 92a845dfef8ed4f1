import type { ProcessView } from '@contracts';
import { useCallback, useEffect, useState } from 'react';
import { isHttpError } from '../../../lib/http';
import { processesApi } from '../api/processes-api';

export const PROCESS_NOT_FOUND = 'Processo não encontrado.';
export const PROCESS_LOAD_ERROR = 'Falha ao carregar detalhes do processo. Por favor, tente novamente.';

/**
 * 'denied': the server answered 404. It answers 404 both for a missing process and for a
 * confidential one the user may not see (on purpose, so existence does not leak); the page shows
 * the 'Acesso Negado!' screen for it. 'not-found': a malformed id (400). 'failed': anything else.
 */
export type ProcessLoadError = { kind: 'denied' } | { kind: 'not-found'; message: string } | { kind: 'failed' };

export function classifyLoadError(error: unknown): ProcessLoadError {
  if (isHttpError(error) && error.statusCode === 404) return { kind: 'denied' };
  if (isHttpError(error) && error.statusCode === 400) {
    return { kind: 'not-found', message: error.serverMessage ?? PROCESS_NOT_FOUND };
  }
  return { kind: 'failed' };
}

/** One process for /process-details/{id}; `reload` fetches it again, `replace` takes a mutation's reply. */
export function useProcess(id: string) {
  const [process, setProcess] = useState<ProcessView | null>(null);
  const [error, setError] = useState<ProcessLoadError | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    processesApi
      .get(id, controller.signal)
      .then((view) => {
        setProcess(view);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setProcess(null);
        setError(classifyLoadError(failure));
      })
      .finally(() => !controller.signal.aborted && setLoading(false));
    return () => controller.abort();
  }, [id, version]);

  const reload = useCallback(() => setVersion((value) => value + 1), []);
  return { process, error, loading, reload, replace: setProcess };
}
