import type { DocumentSigningFlowEntryEntity } from '#server/database/entities/index';
import type { Tx } from '#server/database/transactions';
import type { SignatureRequestsRepository } from '#server/repositories/signature-requests.repository';

/**
 * The signers still awaited (docs/documents.md#verification): those of the document's open
 * signature request whose turn has come or will come. The one place that decides it, for the
 * public verification and the stamp.
 */
export async function awaitedSigners(
  requests: SignatureRequestsRepository,
  documentId: string,
  tx?: Tx,
): Promise<DocumentSigningFlowEntryEntity[]> {
  const open = await requests.findOpen(documentId, tx);
  if (!open) return [];
  const signers = await requests.signersOf([open.id], tx);
  return signers.filter((signer) => signer.state === 'pending' || signer.state === 'waiting');
}
