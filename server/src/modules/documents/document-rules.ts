import type { DocumentEntity } from '../../database/entities';

export { canManageDocument, statusChangeDecision } from '../../contracts/documents';

/** Once signed, or once anyone has signed, the bytes are frozen: the signatures cover them. */
export const isContentLocked = (doc: Pick<DocumentEntity, 'status'>, signatureCount: number) =>
  doc.status === 'signed' || signatureCount > 0;
