import type { DocumentView } from '@contracts';
import { documentsApi } from './documents-api';
import { documentKeys } from './document-keys';

/** The text of a document's stored file (the text viewer, and the editor when it opens). */
export function documentContentQuery(doc: Pick<DocumentView, 'fileName' | 'updatedAt'>) {
  return {
    queryKey: documentKeys.content(doc.fileName, doc.updatedAt),
    queryFn: ({ signal }: { signal: AbortSignal }) => documentsApi.content(doc.fileName, signal),
  };
}
