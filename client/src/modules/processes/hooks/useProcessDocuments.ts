import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/http';
import { documentsApi } from '@/modules/documents/api/documents-api';
import { documentKeys } from '@/modules/documents/api/document-keys';

export const PROCESS_DOCUMENTS_FAILED = 'Falha ao carregar documentos...';

/** The documents linked to a process that the caller may see (GET /documents?processId=). */
export function useProcessDocuments(processId: string) {
  const query = useQuery({
    queryKey: documentKeys.forProcess(processId),
    queryFn: ({ signal }) => documentsApi.listForProcess(processId, signal),
  });
  return {
    docs: query.data ?? null,
    error: query.error ? errorMessage(query.error, PROCESS_DOCUMENTS_FAILED) : null,
    reload: () => void query.refetch(),
  };
}
