import type { DocumentView } from '@contracts';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { documentsApi } from '../../documents/api/documents-api';

export const PROCESS_DOCUMENTS_FAILED = 'Falha ao carregar documentos...';

/** The documents linked to a process that the caller may see (GET /documents?processId=). */
export function useProcessDocuments(processId: string) {
  const [docs, setDocs] = useState<DocumentView[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      try {
        setDocs(await documentsApi.listForProcess(processId, signal));
        setError(null);
      } catch (failure) {
        if (!signal?.aborted) setError(errorMessage(failure, PROCESS_DOCUMENTS_FAILED));
      }
    },
    [processId],
  );

  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);

  const add = (doc: DocumentView) => setDocs((list) => [doc, ...(list ?? [])]);
  return { docs, error, reload: () => void load(), add };
}
