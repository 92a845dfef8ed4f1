import { DOCUMENT_STATUS_LABELS, type DocumentStatus, type SignatureMethod, type SignatureType } from '@contracts';

export type ViewerKind = 'pdf' | 'image' | 'text' | 'download';

const IMAGE = new Set(['jpg', 'jpeg', 'png', 'gif']);
const TEXT = new Set(['txt', 'md', 'html', 'htm', 'xml', 'json', 'js', 'css']);

/** How the viewer shows a file (docs/documents.md#viewer): pdf and images inline, text types as text, the rest download only. */
export function viewerKind(extension: string): ViewerKind {
  const ext = extension.toLowerCase();
  if (ext === 'pdf') return 'pdf';
  if (IMAGE.has(ext)) return 'image';
  if (TEXT.has(ext)) return 'text';
  return 'download';
}

/** Badge text of a status; draft has none (docs/documents.md#viewer). */
export function statusBadgeLabel(status: DocumentStatus): string | null {
  return status === 'draft' ? null : DOCUMENT_STATUS_LABELS[status];
}

export const SIGNATURE_TYPE_LABELS: Record<SignatureType, string> = {
  simple: 'Assinatura simples',
  qualified: 'Assinatura qualificada (certificado digital)',
};

export const SIGNATURE_METHOD_LABELS: Record<SignatureMethod, string> = {
  password: 'Senha',
  certificate: 'Certificado digital A1',
};

/** The process link carries its own prefix, as the spec gives it (docs/documents.md#viewer). */
export const processHref = (processId: string) => `/semgi/process-details/${encodeURIComponent(processId)}`;

/** Absolute address of the public verification page for a document and code. */
export function verificationHref(verificationPath: string, origin = window.location.origin): string {
  return `${origin}/semgi${verificationPath}`;
}
