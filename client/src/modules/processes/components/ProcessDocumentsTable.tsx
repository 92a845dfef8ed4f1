import type { ProcessDocumentView } from '@contracts';
import { formatDateTime } from '../../../lib/format';
import { EmptyState } from '../../../ui/EmptyState';
import { sizeInKb } from '../utils/file-size';
import { AttachmentLink } from './AttachmentLink';

/** The attached documents tab: name (cut at 30), size in KB, uploader, date, open link. */
export function ProcessDocumentsTable({ documents }: { documents: readonly ProcessDocumentView[] }) {
  if (documents.length === 0) return <EmptyState title="Nenhum documento anexado." />;
  return (
    <div className="process-table__wrapper">
      <table className="process-table">
        <thead>
          <tr>
            <th scope="col">Nome</th>
            <th scope="col">Tamanho</th>
            <th scope="col">Enviado por</th>
            <th scope="col">Data</th>
            <th scope="col">Origem</th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={document._id}>
              <td>
                <AttachmentLink document={document} />
              </td>
              <td>{sizeInKb(document.size)}</td>
              <td>{document.uploadedBy?.name ?? 'N/D'}</td>
              <td>{formatDateTime(document.uploadDate)}</td>
              <td>{document.context === 'response' ? 'Resposta' : 'Processo'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
