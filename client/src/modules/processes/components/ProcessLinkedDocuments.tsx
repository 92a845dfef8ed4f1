import '../../documents/documents.css';
import type { DocumentView } from '@contracts';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/format';
import { Button } from '../../../ui/Button';
import { EmptyState } from '../../../ui/EmptyState';
import { ErrorBanner } from '../../../ui/ErrorBanner';
import { Modal } from '../../../ui/Modal';
import { Spinner } from '../../../ui/Spinner';
import { DocumentStatusBadge } from '../../documents/components/DocumentStatusBadge';
import { DocumentViewer } from '../../documents/components/DocumentViewer';

export interface ProcessLinkedDocumentsProps {
  docs: DocumentView[] | null;
  error: string | null;
  onRetry: () => void;
}

/** The 'Documentos' tab: documents linked to the process, each opening the document viewer in a modal. */
export function ProcessLinkedDocuments({ docs, error, onRetry }: ProcessLinkedDocumentsProps) {
  const [viewing, setViewing] = useState<DocumentView | null>(null);
  if (error) return <ErrorBanner message={error} onRetry={onRetry} />;
  if (!docs) return <Spinner label="Carregando documentos..." />;
  if (docs.length === 0) return <EmptyState title="Nenhum documento vinculado a este processo." />;
  return (
    <div className="process-table__wrapper">
      <table className="process-table">
        <thead>
          <tr>
            <th scope="col">Título</th>
            <th scope="col">Protocolo</th>
            <th scope="col">Status</th>
            <th scope="col">Criado por</th>
            <th scope="col">Data</th>
            <th scope="col">Ações</th>
          </tr>
        </thead>
        <tbody>
          {docs.map((doc) => (
            <tr key={doc.id}>
              <td>
                <Link href={`/documents/${encodeURIComponent(doc.id)}`}>{doc.title}</Link>
              </td>
              <td>{doc.protocolNumber}</td>
              <td>
                <DocumentStatusBadge status={doc.status} />
              </td>
              <td>{doc.createdByName}</td>
              <td>{formatDateTime(doc.createdAt)}</td>
              <td>
                <Button
                  size="sm"
                  variant="secondary"
                  onPress={() => setViewing(doc)}
                  aria-label={`Visualizar ${doc.title}`}
                >
                  Visualizar
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Modal
        isOpen={viewing !== null}
        onOpenChange={(open) => !open && setViewing(null)}
        title={viewing?.title ?? ''}
        size="lg"
        footer={
          viewing && (
            <>
              <Link href={`/documents/${encodeURIComponent(viewing.id)}`} className="btn btn--secondary">
                Abrir página do documento
              </Link>
              <Button onPress={() => setViewing(null)}>Fechar</Button>
            </>
          )
        }
      >
        {viewing && <DocumentViewer doc={viewing} />}
      </Modal>
    </div>
  );
}
