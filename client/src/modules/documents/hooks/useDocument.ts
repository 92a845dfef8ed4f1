import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '@/lib/http';
import { documentsApi } from '../api/documents-api';
import { documentKeys } from '../api/document-keys';

/** One document by id; `error` holds the pt-BR text when it could not load. */
export function useDocument(id: string | null, failureText = 'Falha ao carregar documento...') {
  const query = useQuery({
    queryKey: documentKeys.detail(id ?? ''),
    queryFn: ({ signal }) => documentsApi.get(id ?? '', signal),
    enabled: Boolean(id),
  });
  return {
    doc: query.data ?? null,
    error: query.error ? errorMessage(query.error, failureText) : null,
    loading: Boolean(id) && query.isFetching,
  };
}
