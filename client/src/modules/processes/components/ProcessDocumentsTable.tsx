import type { ProcessDocumentView } from '@contracts';
import { formatDateTime } from '@/lib/format';
import { Table, type TableColumn } from '@/ui/Table';
import { sizeInKb } from '../utils/file-size';
import { AttachmentLink } from './AttachmentLink';

const COLUMNS: TableColumn<ProcessDocumentView>[] = [
  { id: 'name', header: 'Nome', isRowHeader: true, cell: (document) => <AttachmentLink document={document} /> },
  { id: 'size', header: 'Tamanho', align: 'end', cell: (document) => sizeInKb(document.size) },
  { id: 'uploader', header: 'Enviado por', cell: (document) => document.uploadedBy?.name ?? 'N/D' },
  { id: 'date', header: 'Data', cell: (document) => formatDateTime(document.uploadDate) },
  { id: 'origin', header: 'Origem', cell: (document) => (document.context === 'response' ? 'Resposta' : 'Processo') },
];

/** The attached documents tab: name (cut at 30), size in KB, uploader, date, open link. */
export function ProcessDocumentsTable({ documents }: { documents: readonly ProcessDocumentView[] }) {
  return (
    <Table
      label="Documentos anexados"
      className="process-table"
      columns={COLUMNS}
      rows={documents}
      rowKey={(document) => document._id}
      emptyText="Nenhum documento anexado."
    />
  );
}
