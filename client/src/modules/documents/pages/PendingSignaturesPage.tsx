import '../documents.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { errorMessage } from '@/lib/http';
import { formatDate } from '@/lib/format';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { documentsApi } from '../api/documents-api';
import { documentKeys } from '../api/document-keys';

/** /documents/pending-signatures: what the user must sign now (their turn in the signing flow). */
export default function PendingSignaturesPage() {
  const pending = useQuery({
    queryKey: documentKeys.pendingSignatures(),
    queryFn: ({ signal }) => documentsApi.pending(signal),
  });
  const docs = pending.data ?? null;
  const error = pending.error ? errorMessage(pending.error, 'Falha ao carregar documentos...') : null;

  return (
    <div className="pending-signatures-page">
      <PageHeader title="Assinaturas Pendentes" subtitle="Documentos que aguardam a sua assinatura." />
      {error && <ErrorBanner message={error} />}
      {!docs && !error && <Spinner label="Carregando assinaturas..." />}
      {docs?.length === 0 && <EmptyState title="Não há documentos pendentes de assinatura." />}
      {docs && docs.length > 0 && (
        <ul className="pending-list">
          {docs.map((doc) => (
            <li key={doc.id} className="pending-list__item card">
              <div>
                <Link href={`/documents/${doc.id}`} className="pending-list__title">
                  {doc.title}
                </Link>
                <p className="muted">
                  {doc.protocolNumber} · {doc.department} · {formatDate(doc.createdAt)}
                </p>
              </div>
              <Link href={`/document-signer?documentId=${doc.id}`} className="btn btn--primary btn--sm">
                Assinar
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
