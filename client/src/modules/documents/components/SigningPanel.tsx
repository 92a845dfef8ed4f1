import {
  type CertificateInfo,
  DOCUMENT_TYPE_MESSAGES,
  type DocumentView,
  type SignatureMethod,
  type SignatureType,
  type SignDocumentResponse,
} from '@contracts';
import { useState } from 'react';
import { errorMessage } from '@/lib/http';
import { formatDateTime } from '@/lib/format';
import { Button } from '@/ui/Button';
import { RadioGroup } from '@/ui/RadioGroup';
import { TextField } from '@/ui/TextField';
import { messageFor, type FieldProblem } from '@/ui/field-problem';
import { toast } from '@/ui/toast';
import { documentsApi, type SignInput } from '../api/documents-api';
import { inspectionProblem, type SigningField, signingProblem } from '../utils/document-form';
import { SIGNATURE_METHOD_LABELS, SIGNATURE_TYPE_LABELS } from '../utils/document-format';

const CERTIFICATE_LOAD_FAILED = 'Falha ao carregar certificados digitais. Verifique se sua extensão está instalada.';

/** A simple signature is made with the password, a qualified one with the certificate. */
const METHOD_OF: Record<SignatureType, SignatureMethod> = { simple: 'password', qualified: 'certificate' };
const TYPE_OF: Record<SignatureMethod, SignatureType> = { password: 'simple', certificate: 'qualified' };

export interface SigningPanelProps {
  doc: DocumentView;
  onSigned: (result: SignDocumentResponse) => void;
}

/** 'Assinar Documento' (docs/documents.md#signatures): signature type, authentication method, then 'Assinar'. */
export function SigningPanel({ doc, onSigned }: SigningPanelProps) {
  if (doc.status === 'signed') {
    return <p className="signing-panel__done">Este documento já está assinado.</p>;
  }
  return (
    <CredentialsPanel
      label="Assinar Documento"
      requiredLevel={doc.requiredSignatureLevel}
      requiredNote={DOCUMENT_TYPE_MESSAGES.qualifiedRequired(doc.documentType?.name ?? '')}
      submit={(input) => documentsApi.sign(doc.id, input)}
      onSigned={onSigned}
      failure="Não foi possível assinar o documento. Tente novamente."
    />
  );
}

export interface CredentialsPanelProps<R extends { message: string }> {
  /** Accessible name of the panel. */
  label: string;
  /** Sends the signature type and the credentials (one document, or every document of a signature block). */
  submit: (input: SignInput) => Promise<R>;
  onSigned: (result: R) => void;
  /** Shown when the server gives no message of its own. */
  failure: string;
  /** 'qualified' when only a qualified signature is accepted (docs/documents.md#types); the form then offers only that. */
  requiredLevel?: SignatureType;
  /** Why only a qualified signature is offered. */
  requiredNote?: string;
}

/** The signing form: signature type, authentication method, password or certificate, then 'Assinar'. */
export function CredentialsPanel<R extends { message: string }>({
  label,
  submit,
  onSigned,
  failure: failureMessage,
  requiredLevel = 'simple',
  requiredNote,
}: CredentialsPanelProps<R>) {
  // A type that requires a qualified signature offers only that (docs/documents.md#types).
  const qualifiedOnly = requiredLevel === 'qualified';
  const [type, setType] = useState<SignatureType>(requiredLevel);
  const method = METHOD_OF[type];
  const [password, setPassword] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [certificatePassword, setCertificatePassword] = useState('');
  const [certificate, setCertificate] = useState<CertificateInfo | null>(null);
  const [problem, setProblem] = useState<FieldProblem<SigningField> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'inspect' | 'sign' | null>(null);
  const certificateProblem = messageFor(problem, 'certificate');

  /** Clears the messages of the panel (a field's own, and the server's). */
  const clearMessages = () => {
    setProblem(null);
    setError(null);
  };

  const inspect = async () => {
    const refused = inspectionProblem(file !== null, certificatePassword);
    setProblem(refused);
    if (!file || refused) return;
    setBusy('inspect');
    setError(null);
    try {
      setCertificate(await documentsApi.inspectCertificate(file, certificatePassword));
    } catch (failure) {
      setCertificate(null);
      setError(errorMessage(failure, CERTIFICATE_LOAD_FAILED));
    } finally {
      setBusy(null);
    }
  };

  const sign = async () => {
    const refused = signingProblem({
      signatureType: type,
      certificateType: method,
      password,
      certificatePassword,
      hasCertificate: file !== null,
    });
    setProblem(refused);
    if (refused) return;
    setBusy('sign');
    setError(null);
    try {
      const result = await submit({
        signatureType: type,
        certificateType: method,
        password: method === 'password' ? password : undefined,
        certificate: file ?? undefined,
        certificatePassword,
      });
      setPassword('');
      setCertificatePassword('');
      toast.success(result.message);
      onSigned(result);
    } catch (failure) {
      setError(errorMessage(failure, failureMessage));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="signing-panel" aria-label={label}>
      {qualifiedOnly && requiredNote && (
        <p className="signing-panel__required" role="note">
          {requiredNote}
        </p>
      )}
      <RadioGroup
        label="Tipo de assinatura"
        isDisabled={qualifiedOnly}
        value={type}
        onChange={(value) => {
          setType(value as SignatureType);
          clearMessages();
        }}
        options={[
          { id: 'simple', label: SIGNATURE_TYPE_LABELS.simple },
          { id: 'qualified', label: 'Assinatura qualificada (certificado ICP-Brasil)' },
        ]}
      />
      <RadioGroup
        label="Método de autenticação"
        isDisabled={qualifiedOnly}
        value={method}
        onChange={(value) => {
          setType(TYPE_OF[value as SignatureMethod]);
          clearMessages();
        }}
        options={[
          { id: 'password', label: SIGNATURE_METHOD_LABELS.password },
          { id: 'certificate', label: 'Certificado digital' },
        ]}
      />

      {method === 'password' ? (
        <TextField
          label="Sua senha"
          type="password"
          value={password}
          onChange={(value) => {
            setPassword(value);
            setProblem(null);
          }}
          errorMessage={messageFor(problem, 'password')}
          autoComplete="current-password"
        />
      ) : (
        <div className="signing-panel__certificate">
          <label className="field" data-invalid={certificateProblem ? true : undefined}>
            <span className="field__label">Certificado digital A1 (.p12 ou .pfx)</span>
            <input
              type="file"
              accept=".p12,.pfx,application/x-pkcs12"
              className="field__input"
              aria-invalid={certificateProblem ? true : undefined}
              aria-describedby={certificateProblem ? 'signing-certificate-error' : undefined}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setCertificate(null);
                clearMessages();
              }}
            />
            {certificateProblem && (
              <span id="signing-certificate-error" className="field__error">
                {certificateProblem}
              </span>
            )}
          </label>
          <TextField
            label="Senha do certificado"
            type="password"
            value={certificatePassword}
            onChange={(value) => {
              setCertificatePassword(value);
              setCertificate(null);
              if (problem?.field === 'certificatePassword') setProblem(null);
            }}
            errorMessage={messageFor(problem, 'certificatePassword')}
            autoComplete="off"
          />
          <Button variant="secondary" size="sm" onPress={() => void inspect()} isDisabled={busy !== null}>
            {busy === 'inspect' ? 'Lendo certificado...' : 'Ler certificado'}
          </Button>
          {certificate && (
            <dl className="signing-panel__certificate-info" aria-label="Certificado selecionado">
              <dt>Titular</dt>
              <dd>{certificate.subject}</dd>
              <dt>Emissor</dt>
              <dd>{certificate.issuer}</dd>
              <dt>Validade</dt>
              <dd>
                {formatDateTime(certificate.validFrom)} até {formatDateTime(certificate.validTo)}
              </dd>
              <dt>Tipo</dt>
              <dd>{certificate.type}</dd>
            </dl>
          )}
          <p className="signing-panel__hint">
            O arquivo e a senha são usados apenas nesta assinatura e não ficam guardados no servidor.
          </p>
        </div>
      )}

      <p className="signing-panel__notice">
        As assinaturas eletrônicas seguem o Decreto nº 10.543/2020, que regulamenta o uso de assinaturas eletrônicas na
        administração pública federal. A assinatura qualificada exige certificado digital ICP-Brasil.
      </p>
      {error && (
        <p role="alert" className="field__error signing-panel__error">
          {error}
        </p>
      )}
      <Button onPress={() => void sign()} isDisabled={busy !== null}>
        {busy === 'sign' ? 'Assinando...' : 'Assinar'}
      </Button>
    </section>
  );
}
