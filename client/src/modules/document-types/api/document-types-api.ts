import type { DocumentType, DocumentTypeRequest, UpdateDocumentTypeRequest } from '@contracts';
import { http } from '@/lib/http';

/** docs/documents.md#types. */
export const documentTypesApi = {
  /** The active types; with `includeInactive` (admins only) the deactivated ones too. */
  list: (includeInactive: boolean, signal?: AbortSignal) =>
    http.get<DocumentType[]>('/document-types', { query: includeInactive ? { includeInactive: 'true' } : {}, signal }),
  create: (body: DocumentTypeRequest) => http.post<DocumentType>('/document-types', body),
  update: (id: string, body: UpdateDocumentTypeRequest) =>
    http.put<DocumentType>(`/document-types/${encodeURIComponent(id)}`, body),
};
