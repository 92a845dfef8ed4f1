import { useQuery } from '@tanstack/react-query';
import { documentTypesApi } from '../api/document-types-api';
import { documentTypeKeys } from '../api/document-type-keys';

/** The document types, by name: the active ones, or every one (`includeInactive`, admins only). */
export function useDocumentTypes(includeInactive = false) {
  return useQuery({
    queryKey: documentTypeKeys.list(includeInactive),
    queryFn: ({ signal }) => documentTypesApi.list(includeInactive, signal),
    staleTime: 60_000,
  });
}
