import '../documents.css';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { errorMessage } from '@/lib/http';
import type { VerificationResult } from '@contracts';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Spinner } from '@/ui/Spinner';
import { TextField } from '@/ui/TextField';
import { documentsApi } from '../api/documents-api';
import { documentKeys } from '../api/document-keys';
import { SignatureList } from '../components/SignatureList';

/**
 * /verify-signature?documentId=…&code=… (also `signatureHash`): the citizens' page, no login. The
 * QR code printed on signed PDFs opens it directly.
 */
export default function VerifySignaturePage() {
  const params = new URLSearchParams(useSearch());
  const documentId = params.get('documentId') ?? '';
  const code = params.get('code') ?? params.get('signatureHash') ?? '';
  const [, navigate] = useLocation();
  const [form, setForm] = useState({ documentId, code });
  const verification = useQuery({
    queryKey: documentKeys.verification(documentId, code),
    queryFn: () => documentsApi.verify(documentId, code),
    enabled: Boolean(documentId && code),
  });
  const result = verification.data ?? null;
  const error = verification.error ? errorMessage(verification.error, 'Falha ao verificar assinatura.') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = new URLSearchParams({ documentId: form.documentId.trim(), code: form.code.trim() });
    navigate(`/verify-signature?${query.toString()}`);
  };

  return (
    <main className="verify-page">
      <div className="verify-page__card card">
        <header className="verify-page__brand">
          <span className="brand-logo" aria-hidden="true">
            SG
          </span>
          <span className="verify-page__product">
            <strong>SEMGI</strong>
            <span className="muted">Sistema de Gestão Municipal</span>
          </span>
        </header>
        <h1 className="verify-page__title">Verificação de Assinatura</h1>
        <p className="muted">Confirme a autenticidade de um documento assinado eletronicamente pela Prefeitura.</p>
        {documentId && code ? (
          <>
            {!result && !error && <Spinner label="Verificando assinatura..." />}
            {error && <ErrorBanner message={error} />}
            {result?.valid === false && (
              <div className="verify-page__result verify-page__result--invalid" role="alert">
                <strong>{result.message}</strong>
              </div>
            )}
            {result?.valid && (
              <div className="verify-page__result verify-page__result--valid" role="status">
                <strong>Assinatura válida</strong>
                <p>
                  {result.document.title} — {result.document.protocolNumber}
                </p>
                <p className="verify-page__completion">
                  {result.complete ? (
                    <Badge tone="success">Assinaturas concluídas</Badge>
                  ) : (
                    <Badge tone="warning">
                      {result.awaitingSignatures === 1
                        ? 'Aguardando 1 assinatura'
                        : `Aguardando ${result.awaitingSignatures} assinaturas`}
                    </Badge>
                  )}
                </p>
                <p className="muted">
                  O documento não foi alterado desde a assinatura. {result.signatures.length} assinatura(s):
                </p>
                <SignatureList signatures={result.signatures} />
                <VerifiedDownloads documentId={documentId} code={code} result={result} />
              </div>
            )}
          </>
        ) : (
          <form onSubmit={submit} className="verify-page__form">
            <TextField
              label="Identificador do documento"
              value={form.documentId}
              onChange={(value) => setForm((f) => ({ ...f, documentId: value }))}
              isRequired
            />
            <TextField
              label="Código de verificação"
              value={form.code}
              onChange={(value) => setForm((f) => ({ ...f, code: value }))}
              isRequired
            />
            <Button type="submit">Verificar</Button>
          </form>
        )}
      </div>
    </main>
  );
}

/** 'Baixar PDF assinado' (the PAdES PDF or the stamped copy) and, without PAdES, the signed file as stored. */
function VerifiedDownloads({
  documentId,
  code,
  result,
}: {
  documentId: string;
  code: string;
  result: Extract<VerificationResult, { valid: true }>;
}) {
  const pades = result.signatures.some((signature) => signature.signatureType === 'qualified');
  return (
    <div className="verify-page__downloads">
      {result.document.hasSignedPdf && (
        <a className="btn btn--primary" href={documentsApi.verifiedPdfUrl(documentId, code)} download>
          Baixar PDF assinado
        </a>
      )}
      {!pades && (
        <a
          className={result.document.hasSignedPdf ? 'btn btn--secondary' : 'btn btn--primary'}
          href={documentsApi.verifiedFileUrl(documentId, code)}
          download
        >
          Baixar arquivo original
        </a>
      )}
    </div>
  );
}
