import type { DocumentEntity } from '#server/database/entities/index';

export { canManageDocument, statusChangeDecision } from '#server/contracts/documents';

/** Once signed, or once anyone has signed, the bytes are frozen: the signatures cover them. */
export const isContentLocked = (doc: Pick<DocumentEntity, 'status'>, signatureCount: number) =>
  doc.status === 'signed' || signatureCount > 0;
