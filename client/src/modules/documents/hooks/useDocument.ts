import type { DocumentView } from '@contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { documentsApi } from '../api/documents-api';

/** One document by id; `error` holds the pt-BR text when it could not load. */
export function useDocument(id: string | null, failureText = 'Falha ao carregar documento...') {
  const [doc, setDoc] = useState<DocumentView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(Boolean(id));

  const load = useCallback(
    async (signal?: AbortSignal) => {
      if (!id) return;
      setLoading(true);
      try {
        setDoc(await documentsApi.get(id, signal));
        setError(null);
      } catch (failure) {
        if (!signal?.aborted) setError(errorMessage(failure, failureText));
      } finally {
        if (!signal?.aborted) setLoading(false);
      }
    },
    [id, failureText],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  return { doc, setDoc, error, loading };
}
