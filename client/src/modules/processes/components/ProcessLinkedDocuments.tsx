import '@/modules/documents/documents.css';
import type { DocumentView } from '@contracts';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Modal } from '@/ui/Modal';
import { Table, type TableColumn } from '@/ui/Table';
import { DocumentStatusBadge } from '@/modules/documents/components/DocumentStatusBadge';
import { DocumentViewer } from '@/modules/documents/components/DocumentViewer';

export interface ProcessLinkedDocumentsProps {
  docs: DocumentView[] | null;
  error: string | null;
  onRetry: () => void;
}

const COLUMNS: TableColumn<DocumentView>[] = [
  {
    id: 'title',
    header: 'Título',
    isRowHeader: true,
    cell: (doc) => <Link href={`/documents/${encodeURIComponent(doc.id)}`}>{doc.title}</Link>,
  },
  { id: 'protocol', header: 'Protocolo', cell: (doc) => doc.protocolNumber },
  { id: 'status', header: 'Status', cell: (doc) => <DocumentStatusBadge status={doc.status} /> },
  { id: 'author', header: 'Criado por', cell: (doc) => doc.createdByName },
  { id: 'date', header: 'Data', cell: (doc) => formatDateTime(doc.createdAt) },
];

/** The 'Documentos' tab: documents linked to the process, each opening the document viewer in a modal. */
export function ProcessLinkedDocuments({ docs, error, onRetry }: ProcessLinkedDocumentsProps) {
  const [viewing, setViewing] = useState<DocumentView | null>(null);
  if (error) return <ErrorBanner message={error} onRetry={onRetry} />;
  return (
    <>
      <Table
        label="Documentos vinculados"
        className="process-table"
        columns={COLUMNS}
        rows={docs ?? []}
        rowKey={(doc) => doc.id}
        isLoading={!docs}
        loadingLabel="Carregando documentos..."
        emptyText="Nenhum documento vinculado a este processo."
        rowActions={(doc) => (
          <Button size="sm" variant="secondary" onPress={() => setViewing(doc)} aria-label={`Visualizar ${doc.title}`}>
            Visualizar
          </Button>
        )}
      />
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
    </>
  );
}
