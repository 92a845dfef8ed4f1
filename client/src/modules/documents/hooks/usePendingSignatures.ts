import { useQuery } from '@tanstack/react-query';
import { documentsApi } from '../api/documents-api';
import { documentKeys } from '../api/document-keys';

/**
 * The caller's unfiltered 'Assinaturas pendentes' (the page and the sidebar count share it); kept
 * live by the socket events LiveQueryInvalidation turns into invalidations.
 */
export function usePendingSignatures(enabled = true) {
  return useQuery({
    queryKey: documentKeys.pendingSignatures(),
    queryFn: ({ signal }) => documentsApi.pending({}, signal),
    enabled,
  });
}
