import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { DocumentView } from '#server/contracts/documents';
import {
  type CreateSignatureRequest,
  SIGNATURE_ORDER_LABELS,
  SIGNATURE_REQUEST_MESSAGES as M,
  type SignatureRequestView,
  type SignerInput,
} from '#server/contracts/signature-requests';
import type { DocumentEntity, SignatureRequestEntity, UserEntity } from '#server/database/entities/index';
import { Transactions, type Tx } from '#server/database/transactions';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { OutboxService } from '#server/outbox/outbox.service';
import { DocumentSignaturesRepository } from '#server/repositories/document-signatures.repository';
import { DocumentsRepository } from '#server/repositories/documents.repository';
import { SignatureRequestsRepository } from '#server/repositories/signature-requests.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import { canManageDocument } from '../documents/document-rules';
import { toSignatureRequestView } from '../documents/document-views';
import { DocumentsService } from '../documents/documents.service';
import { SIGNING_MESSAGES } from '../documents/signing/document-signing.service';
import { SignatureHistoryService } from '../documents/signing/signature-history.service';
import { SignatureTurnsService } from '../documents/signing/signature-turns.service';

type NewRequest = Pick<CreateSignatureRequest, 'order' | 'message'> & {
  signers: SignerInput[];
  deadline?: { days?: number; date?: string; unit?: 'business' | 'calendar' };
};

const names = (users: Pick<UserEntity, 'name'>[]) => users.map((u) => u.name).join(', ');

/**
 * Signature requests (docs/documents.md#signature-requests): who may ask, add, remove, cancel and
 * refuse, each step in the audit log and the process history (SignatureHistoryService); the turns move through SignatureTurnsService.
 */
@Injectable()
export class SignatureRequestsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly documents: DocumentsService,
    private readonly documentRows: DocumentsRepository,
    private readonly requests: SignatureRequestsRepository,
    private readonly signatures: DocumentSignaturesRepository,
    private readonly users: UsersRepository,
    private readonly turns: SignatureTurnsService,
    private readonly clock: DeadlineClock,
    private readonly outbox: OutboxService,
    private readonly history: SignatureHistoryService,
  ) {}

  /** POST /documents/:id/signature-requests (201). */
  async create(
    user: AuthUser,
    documentId: string,
    input: NewRequest,
    meta: RequestMeta,
  ): Promise<SignatureRequestView> {
    return this.transactions.run(async (tx) => {
      const doc = await this.documents.lockVisible(user, documentId, tx);
      if (!canManageDocument(doc, user)) throw new ForbiddenException(M.mayNotRequest);
      const request = await this.open(user, doc, input, meta, tx);
      return this.requestView(request.id, tx);
    });
  }

  /**
   * PUT /documents/:id/signing-flow (the spec's signing flow): a sequential request of `userIds`,
   * replacing an open one nobody signed yet; an empty list only cancels it.
   */
  async replaceFlow(user: AuthUser, documentId: string, userIds: string[], meta: RequestMeta): Promise<DocumentView> {
    return this.transactions.run(async (tx) => {
      await this.replaceFlowIn(user, documentId, userIds, meta, tx);
      return this.documents.view(user, documentId, tx);
    });
  }

  /** replaceFlow within the caller's transaction `tx` (a signature block sets all its documents' flows in one). */
  async replaceFlowIn(user: AuthUser, documentId: string, userIds: string[], meta: RequestMeta, tx: Tx) {
    const doc = await this.documents.lockVisible(user, documentId, tx);
    if (!canManageDocument(doc, user)) throw new ForbiddenException(M.mayNotRequest);
    if ((await this.signatures.countFor(doc.id, tx)) > 0) {
      throw new ConflictException('O fluxo de assinatura não pode mais ser alterado.');
    }
    const current = await this.requests.findOpen(doc.id, tx);
    if (current) await this.cancelOpen(user, doc, current, meta, tx);
    if (userIds.length) await this.open(user, doc, { signers: userIds, order: 'sequential' }, meta, tx);
  }

  /** POST /documents/:id/refuse: the pending signer refuses with a reason; the request stops. */
  async refuse(user: AuthUser, documentId: string, reason: string, meta: RequestMeta): Promise<DocumentView> {
    return this.transactions.run(async (tx) => {
      const doc = await this.documents.lockVisible(user, documentId, tx);
      const request = await this.requests.findOpen(doc.id, tx);
      const signers = request ? await this.requests.signersOf([request.id], tx) : [];
      const state = signers.find((s) => s.userId === user.id)?.state;
      if (state === 'waiting') throw new ConflictException(SIGNING_MESSAGES.notYourTurn);
      if (!request || state !== 'pending') throw new ForbiddenException(M.notASigner);
      const now = new Date();
      await this.requests.updateSigner(
        request.id,
        user.id,
        { state: 'refused', refusalReason: reason, refusedAt: now },
        tx,
      );
      await this.requests.close(request.id, 'refused', now, tx);
      await this.outbox.add(tx, 'document.signature-refused', {
        documentId: doc.id,
        title: doc.title,
        confidential: doc.confidential,
        requesterId: request.requestedBy,
        signerId: user.id,
        signerName: user.name,
        reason,
        signerIds: signers.filter((s) => s.userId !== user.id && s.state !== 'signed').map((s) => s.userId),
      });
      await this.history.record(tx, doc, user, meta, {
        step: 'signatureRefused',
        detail: `Motivo: ${reason}`,
        audit: {
          description: `Assinatura do documento ${doc.protocolNumber} recusada`,
          details: { requestId: request.id, reason },
        },
      });
      return this.documents.view(user, doc.id, tx);
    });
  }

  /** POST /signature-requests/:id/cancel. */
  async cancel(user: AuthUser, requestId: string, meta: RequestMeta): Promise<DocumentView> {
    return this.transactions.run(async (tx) => {
      const { doc, request } = await this.lockManaged(user, requestId, tx);
      await this.cancelOpen(user, doc, request, meta, tx);
      return this.documents.view(user, doc.id, tx);
    });
  }

  /** POST /signature-requests/:id/signers: appended after the current signers. */
  async addSigners(user: AuthUser, requestId: string, inputs: SignerInput[], meta: RequestMeta) {
    return this.transactions.run(async (tx) => {
      const { doc, request } = await this.lockManaged(user, requestId, tx);
      const current = await this.requests.signersOf([request.id], tx);
      const added = await this.signersFor(doc, inputs, tx);
      if (added.some((u) => current.some((s) => s.userId === u.id))) throw new BadRequestException(M.alreadyInRequest);
      const first = current.length ? current[current.length - 1].position + 1 : 0;
      await this.requests.insertSigners(
        request,
        added.map((u, i) => ({ userId: u.id, position: first + i, state: 'waiting' as const })),
        tx,
      );
      await this.history.record(tx, doc, user, meta, {
        step: 'signersAdded',
        detail: `Signatários: ${names(added)}.`,
        audit: {
          description: `Signatários adicionados à solicitação de assinaturas do documento ${doc.protocolNumber}`,
          details: { requestId, added: added.map((u) => u.username) },
        },
      });
      await this.turns.advance(doc, request, await this.requests.signersOf([request.id], tx), user, meta, tx);
      return this.requestView(request.id, tx);
    });
  }

  /** DELETE /signature-requests/:id/signers/:userId: someone who has not signed. */
  async removeSigner(user: AuthUser, requestId: string, signerId: string, meta: RequestMeta) {
    return this.transactions.run(async (tx) => {
      const { doc, request } = await this.lockManaged(user, requestId, tx);
      const current = await this.requests.signersOf([request.id], tx);
      const removed = current.find((s) => s.userId === signerId);
      if (!removed) throw new NotFoundException(M.signerNotInRequest);
      if (removed.state === 'signed') throw new ConflictException(M.signerAlreadySigned);
      if (current.length === 1) throw new ConflictException(M.lastSigner);
      await this.requests.deleteSigner(request.id, signerId, tx);
      await this.requests.renumber(request.id, tx);
      await this.outbox.add(tx, 'document.signature-withdrawn', {
        documentId: doc.id,
        signerIds: [signerId],
        actorId: user.id,
      });
      const [gone] = await this.users.findByIds([signerId], tx);
      await this.history.record(tx, doc, user, meta, {
        step: 'signerRemoved',
        detail: `Signatário: ${gone.name}.`,
        audit: {
          description: `Signatário removido da solicitação de assinaturas do documento ${doc.protocolNumber}`,
          details: { requestId, removed: signerId },
        },
      });
      const rest = await this.requests.signersOf([request.id], tx);
      // Everybody left may have signed already: the document is then complete.
      if (await this.turns.advance(doc, request, rest, user, meta, tx)) {
        await this.documentRows.update(doc.id, { status: 'signed' }, tx);
      }
      return this.requestView(request.id, tx);
    });
  }

  /** Opens a request of `input` on `doc` (locked): checks, signers in order, the step recorded, the first turns asked. */
  private async open(user: AuthUser, doc: DocumentEntity, input: NewRequest, meta: RequestMeta, tx: Tx) {
    if (doc.status === 'signed' || doc.status === 'rejected') throw new ConflictException(M.documentClosed);
    if (await this.requests.findOpen(doc.id, tx)) throw new ConflictException(M.alreadyOpen);
    const signers = await this.signersFor(doc, input.signers, tx);
    const deadline = input.deadline ? await this.clock.dueOf(input.deadline, tx) : null;
    const request = await this.requests.insert(
      {
        documentId: doc.id,
        requestedBy: user.id,
        order: input.order,
        deadlineDue: deadline?.dueDate ?? null,
        deadlineUnit: deadline?.unit ?? null,
        message: input.message ?? '',
      },
      tx,
    );
    await this.requests.insertSigners(
      request,
      signers.map((u, position) => ({ userId: u.id, position, state: 'waiting' as const })),
      tx,
    );
    await this.history.record(tx, doc, user, meta, {
      step: 'signaturesRequested',
      detail: `Signatários, ${request.order === 'sequential' ? 'em ordem' : 'em paralelo'}: ${names(signers)}.`,
      audit: {
        description: `Assinaturas do documento ${doc.protocolNumber} solicitadas (${SIGNATURE_ORDER_LABELS[request.order]})`,
        details: { requestId: request.id, order: request.order, deadline: request.deadlineDue },
      },
    });
    await this.turns.advance(doc, request, await this.requests.signersOf([request.id], tx), user, meta, tx);
    return request;
  }

  /**
   * The users `inputs` name, in order (a department's Chefia: its active Chefia users, by name):
   * 400 for unknown or inactive users, a department without Chefia, repeats, someone who already
   * signed the document, or — for a confidential document — someone outside its access list.
   */
  private async signersFor(doc: DocumentEntity, inputs: SignerInput[], tx: Tx): Promise<UserEntity[]> {
    const ids = inputs.filter((s): s is string => typeof s === 'string');
    const named = await this.users.findActiveByIds(ids, tx);
    const resolved: UserEntity[] = [];
    for (const input of inputs) {
      if (typeof input !== 'string') {
        const heads = await this.users.findActiveChefias(input.department, tx);
        if (heads.length === 0) throw new BadRequestException(M.noChefia(input.department));
        resolved.push(...heads);
        continue;
      }
      const found = named.find((u) => u.id === input);
      if (!found) throw new BadRequestException(M.unknownSigner);
      resolved.push(found);
    }
    if (new Set(resolved.map((u) => u.id)).size !== resolved.length) throw new BadRequestException(M.duplicateSigner);
    const signed = new Set((await this.signatures.signersOf(doc.id, tx)).map((s) => s.signerId));
    const again = resolved.filter((u) => signed.has(u.id));
    if (again.length) throw new BadRequestException(M.alreadySigned(again.map((u) => u.name).join(', ')));
    if (doc.confidential) {
      const access = new Set(await this.documentRows.confidentialAccessOf(doc.id, tx));
      const outside = resolved.filter((u) => !access.has(u.id));
      if (outside.length) throw new BadRequestException(M.outsideConfidential(outside.map((u) => u.name).join(', ')));
    }
    return resolved;
  }

  /** The open request `requestId` and its document (locked), if `user` may manage it (404/403/409). */
  private async lockManaged(user: AuthUser, requestId: string, tx: Tx) {
    const found = await this.requests.findById(requestId, tx);
    if (!found) throw new NotFoundException(M.notFound);
    const doc = await this.documents.lockVisible(user, found.documentId, tx);
    // Read again under the document's lock: it may have changed meanwhile.
    const request = (await this.requests.findById(requestId, tx))!;
    const mayManage = isAdmin(user) || request.requestedBy === user.id || canManageDocument(doc, user);
    if (!mayManage) throw new ForbiddenException(M.mayNotManage);
    if (request.status !== 'open') throw new ConflictException(M.notOpen);
    return { doc, request };
  }

  /** Cancels an open request; those who had not signed are no longer asked (their inboxes refresh). */
  private async cancelOpen(
    user: AuthUser,
    doc: DocumentEntity,
    request: SignatureRequestEntity,
    meta: RequestMeta,
    tx: Tx,
  ) {
    const signers = await this.requests.signersOf([request.id], tx);
    await this.requests.close(request.id, 'cancelled', new Date(), tx);
    const signerIds = signers.filter((s) => s.state !== 'signed').map((s) => s.userId);
    if (signerIds.length) {
      await this.outbox.add(tx, 'document.signature-withdrawn', {
        documentId: request.documentId,
        signerIds,
        actorId: user.id,
      });
    }
    await this.history.record(tx, doc, user, meta, {
      step: 'signaturesCancelled',
      audit: {
        description: `Solicitação de assinaturas do documento ${doc.protocolNumber} cancelada`,
        details: { requestId: request.id },
      },
    });
  }

  private async requestView(requestId: string, tx: Tx): Promise<SignatureRequestView> {
    const request = (await this.requests.findById(requestId, tx))!;
    const signers = await this.requests.signersOf([request.id], tx);
    const users = await this.users.findByIds([request.requestedBy, ...signers.map((s) => s.userId)], tx);
    const context = await this.clock.context([request.deadlineDue], tx);
    return toSignatureRequestView(request, signers, new Map(users.map((u) => [u.id, u] as const)), context);
  }
}
