import type { DocumentView } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { documentKeys } from '../api/document-keys';

/**
 * Stores a document the server returned (created, edited, signed, status changed): its detail and
 * the lists already showing it change at once, and every list is marked stale (a new or changed
 * document may enter or leave a search, a process tab or the pending signatures).
 */
export function useDocumentCache(): (doc: DocumentView) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (doc: DocumentView) => {
      queryClient.setQueryData(documentKeys.detail(doc.id), doc);
      queryClient.setQueriesData<DocumentView[]>({ queryKey: documentKeys.lists() }, (list) =>
        list?.map((item) => (item.id === doc.id ? doc : item)),
      );
      void queryClient.invalidateQueries({ queryKey: documentKeys.lists() });
    },
    [queryClient],
  );
}
