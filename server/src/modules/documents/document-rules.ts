import { type AuthUser, isAdmin } from '../../common/auth-user';
import type { DocumentStatus } from '../../contracts/documents';
import type { DocumentEntity } from '../../database/entities';

/** The creator and admins manage a document: content, title, signing flow, submission. */
export const canManageDocument = (doc: Pick<DocumentEntity, 'createdBy'>, user: AuthUser) =>
  isAdmin(user) || doc.createdBy === user.id;

/** Once signed, or once anyone has signed, the bytes are frozen: the signatures cover them. */
export const isContentLocked = (doc: Pick<DocumentEntity, 'status'>, signatureCount: number) =>
  doc.status === 'signed' || signatureCount > 0;

/**
 * Status changes through PATCH /documents/:id/status ('signed' is reached only by signing):
 * draft → submitted and rejected → draft by whoever manages the document; submitted → approved or
 * rejected by level Chefia of the document's department, or an admin.
 */
export function mayChangeStatus(
  doc: Pick<DocumentEntity, 'createdBy' | 'department'>,
  from: DocumentStatus,
  to: DocumentStatus,
  user: AuthUser,
): 'allowed' | 'forbidden' | 'invalid' {
  if (from === 'draft' && to === 'submitted') return canManageDocument(doc, user) ? 'allowed' : 'forbidden';
  if (from === 'rejected' && to === 'draft') return canManageDocument(doc, user) ? 'allowed' : 'forbidden';
  if (from === 'submitted' && (to === 'approved' || to === 'rejected')) {
    return isAdmin(user) || (user.level === 'Chefia' && user.department === doc.department) ? 'allowed' : 'forbidden';
  }
  return 'invalid';
}
