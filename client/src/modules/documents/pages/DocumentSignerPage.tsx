import '../documents.css';
import type { SignDocumentResponse } from '@contracts';
import { useState } from 'react';
import { Link, useSearch } from 'wouter';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { PageHeader } from '@/ui/PageHeader';
import { Spinner } from '@/ui/Spinner';
import { DocumentStatusBadge } from '../components/DocumentStatusBadge';
import { SigningPanel } from '../components/SigningPanel';
import { useDocument } from '../hooks/useDocument';
import { useDocumentCache } from '../hooks/useDocumentCache';
import { verificationHref } from '../utils/document-format';

/** /document-signer?documentId=…: the signing panel on its own page. */
export default function DocumentSignerPage() {
  const documentId = new URLSearchParams(useSearch()).get('documentId');
  const storeDocument = useDocumentCache();
  const { doc, error, loading } = useDocument(documentId, 'Não foi possível carregar o documento para assinatura.');
  const [result, setResult] = useState<SignDocumentResponse | null>(null);

  return (
    <div className="document-signer-page">
      <PageHeader title="Assinar Documento" />
      {!documentId && <ErrorBanner message="Não foi possível carregar o documento para assinatura." />}
      {loading && !doc && <Spinner label="Carregando documento..." />}
      {error && <ErrorBanner message={error} />}
      {doc && (
        <div className="card document-signer-page__card">
          <h2 className="document-details__title">{doc.title}</h2>
          <p className="document-details__meta">
            <span>{doc.protocolNumber}</span>
            <span>{doc.department}</span>
            <DocumentStatusBadge status={doc.status} />
          </p>
          <p>
            <Link href={`/documents/${doc.id}`}>Ver documento</Link>
          </p>
          {result ? (
            <div className="document-signer-page__done" role="status">
              <p>Documento assinado com sucesso!</p>
              <a href={verificationHref(result.verificationPath)} target="_blank" rel="noreferrer">
                Link público de verificação
              </a>
            </div>
          ) : doc.canSign ? (
            <SigningPanel
              doc={doc}
              onSigned={(signed) => {
                setResult(signed);
                storeDocument(signed.document);
              }}
            />
          ) : (
            <p className="muted">
              {doc.status === 'signed'
                ? 'Este documento já está assinado.'
                : 'Não é a sua vez de assinar este documento.'}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
