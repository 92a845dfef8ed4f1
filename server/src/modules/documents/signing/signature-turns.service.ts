import { Injectable } from '@nestjs/common';
import type {
  DocumentEntity,
  DocumentSigningFlowEntryEntity,
  SignatureRequestEntity,
} from '#server/database/entities/index';
import type { Tx } from '#server/database/transactions';
import { signerStates } from '#server/domain/documents/signing-turns';
import { OutboxService } from '#server/outbox/outbox.service';
import { SignatureRequestsRepository } from '#server/repositories/signature-requests.repository';

/**
 * Moves an open signature request on after any change of its signers (created, one signed, one
 * added or removed): stores the turns signerStates gives, asks each signer whose turn has just
 * come (live and by e-mail, through the outbox), and completes the request once everybody signed.
 */
@Injectable()
export class SignatureTurnsService {
  constructor(
    private readonly requests: SignatureRequestsRepository,
    private readonly outbox: OutboxService,
  ) {}

  /** Returns whether the request is now complete. `signers` are its rows as they are now. */
  async advance(
    doc: Pick<DocumentEntity, 'id' | 'title' | 'confidential'>,
    request: SignatureRequestEntity,
    signers: DocumentSigningFlowEntryEntity[],
    actorId: string,
    tx: Tx,
  ): Promise<boolean> {
    const states = new Map(signers.map((s) => [s.userId, s.state] as const));
    const next = signerStates(request.order, signers);
    for (const signer of next) {
      if (states.get(signer.userId) === signer.state) continue;
      await this.requests.updateSigner(request.id, signer.userId, { state: signer.state }, tx);
      if (signer.state === 'pending') {
        await this.outbox.add(tx, 'document.signature-requested', {
          documentId: doc.id,
          title: doc.title,
          confidential: doc.confidential,
          signerId: signer.userId,
          actorId,
        });
      }
    }
    const complete = next.length > 0 && next.every((s) => s.state === 'signed');
    if (complete) await this.requests.close(request.id, 'completed', new Date(), tx);
    return complete;
  }
}
