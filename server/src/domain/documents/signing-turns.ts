import type { SignatureOrder, SignerState } from '#server/contracts/signature-requests';

interface SignerFacts {
  userId: string;
  position: number;
  state: SignerState;
}

/**
 * Whose turn it is in an open request (docs/documents.md#signature-requests): signed and refused
 * signers keep their state; in a sequential request the first signer still to sign is 'pending'
 * and the later ones 'waiting'; in a parallel one everybody still to sign is 'pending'.
 */
export function signerStates<S extends SignerFacts>(
  order: SignatureOrder,
  signers: S[],
): (S & { state: SignerState })[] {
  let turnGiven = false;
  return [...signers]
    .sort((a, b) => a.position - b.position)
    .map((signer) => {
      if (signer.state === 'signed' || signer.state === 'refused') return signer;
      const state: SignerState = order === 'parallel' || !turnGiven ? 'pending' : 'waiting';
      turnGiven = true;
      return { ...signer, state };
    });
}

/**
 * What `userId` may do about signing a document now: 'sign', 'wait' (a later turn of the open
 * request) or 'none'. Without an open request, only the creator signs, once; a signed or rejected
 * document takes no signature.
 */
export function signingTurn(
  doc: { status: string; createdBy: string },
  openSigners: Pick<SignerFacts, 'userId' | 'state'>[] | null,
  signerIds: string[],
  userId: string,
): 'sign' | 'wait' | 'none' {
  if (doc.status === 'signed' || doc.status === 'rejected') return 'none';
  if (!openSigners) return doc.createdBy === userId && !signerIds.includes(userId) ? 'sign' : 'none';
  const state = openSigners.find((s) => s.userId === userId)?.state;
  return state === 'pending' ? 'sign' : state === 'waiting' ? 'wait' : 'none';
}
