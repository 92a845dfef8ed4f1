import { Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type {
  DocumentEntity,
  DocumentSigningFlowEntryEntity,
  SignatureRequestEntity,
} from '#server/database/entities/index';
import type { Tx } from '#server/database/transactions';
import { signerStates } from '#server/domain/documents/signing-turns';
import { OutboxService } from '#server/outbox/outbox.service';
import { SignatureRequestsRepository } from '#server/repositories/signature-requests.repository';
import { type HistoryDocument, SignatureHistoryService } from './signature-history.service';

/**
 * Moves an open signature request on after any change of its signers (created, one signed, one
 * added or removed): stores the turns signerStates gives, asks each signer whose turn has just
 * come (live and by e-mail, through the outbox; a block tells its signers once for all its
 * documents), and completes the request once everybody signed: the requester and the creator are
 * told, and the step is in the history (docs/documents.md#signature-requests).
 */
@Injectable()
export class SignatureTurnsService {
  constructor(
    private readonly requests: SignatureRequestsRepository,
    private readonly outbox: OutboxService,
    private readonly history: SignatureHistoryService,
  ) {}

  /** Returns whether the request is now complete. `signers` are its rows as they are now. */
  async advance(
    doc: HistoryDocument & Pick<DocumentEntity, 'createdBy'>,
    request: SignatureRequestEntity,
    signers: DocumentSigningFlowEntryEntity[],
    actor: AuthUser,
    meta: RequestMeta,
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
          actorId: actor.id,
          blockId: await this.requests.blockAsking(request.id, signer.userId, tx),
        });
      }
    }
    const complete = next.length > 0 && next.every((s) => s.state === 'signed');
    if (complete) await this.complete(doc, request, actor, meta, tx);
    return complete;
  }

  private async complete(
    doc: HistoryDocument & Pick<DocumentEntity, 'createdBy'>,
    request: SignatureRequestEntity,
    actor: AuthUser,
    meta: RequestMeta,
    tx: Tx,
  ) {
    await this.requests.close(request.id, 'completed', new Date(), tx);
    await this.outbox.add(tx, 'document.signature-completed', {
      documentId: doc.id,
      title: doc.title,
      confidential: doc.confidential,
      requesterId: request.requestedBy,
      createdBy: doc.createdBy,
      actorId: actor.id,
    });
    await this.history.record(tx, doc, actor, meta, {
      step: 'signaturesCompleted',
      audit: {
        description: `Assinaturas do documento ${doc.protocolNumber} concluídas`,
        details: { requestId: request.id },
      },
    });
  }
}
