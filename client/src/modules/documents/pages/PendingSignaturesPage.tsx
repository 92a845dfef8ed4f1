import '../documents.css';
import type { DocumentView, PendingSignaturesQuery } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link } from 'wouter';
import { errorMessage } from '@/lib/http';
import { formatDate } from '@/lib/format';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { currentUserAtom } from '@/modules/auth/states/currentUserAtom';
import { DeadlineBadge } from '@/modules/deadlines/components/DeadlineBadge';
import { documentsApi } from '../api/documents-api';
import { documentKeys } from '../api/document-keys';
import { usePendingSignatures } from '../hooks/usePendingSignatures';

const ALL = '';

/** 'Sequencial: 2º de 3' or 'Paralela: 3 signatários' for the caller's place in the request. */
function placeOf(doc: DocumentView, userId: string | undefined): string {
  const total = doc.signingFlow.length;
  if (doc.signatureRequest?.order === 'parallel')
    return `Em paralelo · ${total} ${total === 1 ? 'signatário' : 'signatários'}`;
  const mine = doc.signingFlow.findIndex((s) => s.userId === userId);
  return `Em ordem · ${mine + 1}º de ${total}`;
}

/** Distinct options of the unfiltered inbox, by label. */
const optionsOf = (docs: DocumentView[], pick: (doc: DocumentView) => [string, string] | null) => {
  const found = new Map(docs.map(pick).filter((entry): entry is [string, string] => entry !== null));
  const options = [...found].map(([id, label]) => ({ id, label })).sort((a, b) => a.label.localeCompare(b.label));
  return [{ id: ALL, label: 'Todos' }, ...options];
};

/**
 * /documents/pending-signatures, 'Assinaturas pendentes' (docs/documents.md#signature-requests):
 * what awaits the user's signature now, by deadline then age, filterable by process and requester.
 */
export default function PendingSignaturesPage() {
  const user = useAtomValue(currentUserAtom);
  const [filters, setFilters] = useState<PendingSignaturesQuery>({});
  const all = usePendingSignatures();
  const filtered = Boolean(filters.processId || filters.requesterId);
  const narrowed = useQuery({
    queryKey: documentKeys.pendingSignatures(filters),
    queryFn: ({ signal }) => documentsApi.pending(filters, signal),
    enabled: filtered,
  });
  const pending = filtered ? narrowed : all;
  const docs = pending.data ?? null;
  const error = pending.error ? errorMessage(pending.error, 'Falha ao carregar documentos...') : null;
  const source = all.data ?? [];
  const set = (change: PendingSignaturesQuery) => setFilters((current) => ({ ...current, ...change }));

  return (
    <div className="pending-signatures-page">
      <PageHeader title="Assinaturas Pendentes" subtitle="Documentos que aguardam a sua assinatura." />
      <div className="pending-signatures-page__filters">
        <Select
          label="Processo"
          value={filters.processId ?? ALL}
          options={optionsOf(source, (d) => (d.processId ? [d.processId, d.processName ?? d.processId] : null))}
          onChange={(id) => set({ processId: id || undefined })}
        />
        <Select
          label="Solicitante"
          value={filters.requesterId ?? ALL}
          options={optionsOf(source, (d) =>
            d.signatureRequest ? [d.signatureRequest.requestedBy, d.signatureRequest.requestedByName] : null,
          )}
          onChange={(id) => set({ requesterId: id || undefined })}
        />
      </div>
      {error && <ErrorBanner message={error} />}
      {!docs && !error && <Spinner label="Carregando assinaturas..." />}
      {docs?.length === 0 && <EmptyState title="Não há documentos pendentes de assinatura." />}
      {docs && docs.length > 0 && (
        <ul className="pending-list" aria-label="Documentos pendentes de assinatura">
          {docs.map((doc) => (
            <li key={doc.id} className="pending-list__item card">
              <div className="pending-list__body">
                <Link href={`/documents/${doc.id}`} className="pending-list__title">
                  {doc.title}
                </Link>
                <p className="muted">
                  {doc.protocolNumber} · {doc.department} · {formatDate(doc.createdAt)}
                </p>
                {doc.signatureRequest && (
                  <p className="pending-list__request">
                    <span>Solicitado por {doc.signatureRequest.requestedByName}</span>
                    <span>{placeOf(doc, user?.id)}</span>
                    {doc.signatureRequest.deadline && <DeadlineBadge deadline={doc.signatureRequest.deadline} />}
                  </p>
                )}
                {doc.signatureRequest?.message && (
                  <blockquote className="signature-request__message">{doc.signatureRequest.message}</blockquote>
                )}
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
