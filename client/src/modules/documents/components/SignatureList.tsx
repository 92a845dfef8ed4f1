import type { PublicSignatureView } from '@contracts';
import { formatDateTime } from '@/lib/format';
import { SIGNATURE_METHOD_LABELS, SIGNATURE_TYPE_LABELS } from '../utils/document-format';

/** The spec's signature fields: signer, department, date, type, certificate type, hash value. */
export function SignatureList({ signatures }: { signatures: PublicSignatureView[] }) {
  return (
    <ol className="signature-list">
      {signatures.map((signature) => (
        <li key={`${signature.userName}-${signature.date}`} className="signature-list__item">
          <dl>
            <dt>Assinante</dt>
            <dd>{signature.userName}</dd>
            <dt>Setor</dt>
            <dd>{signature.userDepartment}</dd>
            <dt>Data</dt>
            <dd>{formatDateTime(signature.date)}</dd>
            <dt>Tipo de assinatura</dt>
            <dd>{SIGNATURE_TYPE_LABELS[signature.signatureType]}</dd>
            <dt>Tipo de certificado</dt>
            <dd>{SIGNATURE_METHOD_LABELS[signature.certificateType]}</dd>
            {signature.certificate && (
              <>
                <dt>Certificado</dt>
                <dd>
                  {signature.certificate.subject}
                  <br />
                  <small>Emissor: {signature.certificate.issuer}</small>
                </dd>
              </>
            )}
            <dt>Hash (SHA-256)</dt>
            <dd className="signature-list__hash">{signature.hashValue}</dd>
          </dl>
        </li>
      ))}
    </ol>
  );
}
