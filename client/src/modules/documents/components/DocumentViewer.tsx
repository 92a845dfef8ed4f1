import type { DocumentView } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/ui/Spinner';
import { documentsApi } from '../api/documents-api';
import { documentContentQuery } from '../api/document-content-query';
import { viewerKind } from '../utils/document-format';

export const DOCUMENT_LOAD_FAILED = 'Não foi possível carregar o documento. Por favor, tente baixá-lo.';

/** The file itself, by type: pdf and images inline, text types as text, other types download only. */
export function DocumentViewer({ doc }: { doc: DocumentView }) {
  const kind = viewerKind(doc.extension);
  const fileUrl = documentsApi.fileUrl(doc.fileName);
  const download = (
    <a className="btn btn--secondary btn--sm" href={documentsApi.fileUrl(doc.fileName, true)} download={doc.name}>
      Baixar arquivo
    </a>
  );
  if (kind === 'pdf') {
    return (
      <div className="document-viewer">
        <iframe className="document-viewer__frame" src={fileUrl} title={doc.title} />
        <div className="document-viewer__actions">{download}</div>
      </div>
    );
  }
  if (kind === 'image') {
    return (
      <div className="document-viewer">
        <img className="document-viewer__image" src={fileUrl} alt={doc.title} />
        <div className="document-viewer__actions">{download}</div>
      </div>
    );
  }
  if (kind === 'text') return <TextContent doc={doc} download={download} />;
  return (
    <div className="document-viewer document-viewer--download">
      <p>Formato não suportado.</p>
      <p className="document-viewer__hint">
        Este tipo de arquivo ({doc.extension || 'sem extensão'}) só pode ser baixado.
      </p>
      {download}
    </div>
  );
}

function TextContent({ doc, download }: { doc: DocumentView; download: ReactNode }) {
  const content = useQuery(documentContentQuery(doc));
  if (content.isError) {
    return (
      <div className="document-viewer document-viewer--download">
        <p>{DOCUMENT_LOAD_FAILED}</p>
        {download}
      </div>
    );
  }
  if (!content.data) return <Spinner label="Carregando documento..." />;
  return (
    <div className="document-viewer">
      <pre className="document-viewer__text" data-testid="document-text">
        {content.data.content}
      </pre>
      <div className="document-viewer__actions">{download}</div>
    </div>
  );
}
