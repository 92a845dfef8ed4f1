import {
  BadRequestException,
  ForbiddenException,
  HttpException,
  Injectable,
  Logger,
  NotFoundException,
} from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { canManageDocument } from '#server/contracts/documents';
import { rooms } from '#server/contracts/socket-events';
import {
  type BlockSignResult,
  type CreateSignatureBlockRequest,
  SIGNATURE_BLOCK_MESSAGES as M,
  type SignatureBlockSummary,
  type SignatureBlockView,
  type SignBlockResponse,
} from '#server/contracts/signature-blocks';
import { Transactions } from '#server/database/transactions';
import { OutboxService } from '#server/outbox/outbox.service';
import { RealtimeService } from '#server/realtime/realtime.service';
import { DocumentSignaturesRepository } from '#server/repositories/document-signatures.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import { DocumentsService } from '../documents/documents.service';
import type { CertificateUpload } from '../documents/signing/a1-certificate';
import { DocumentSigningService, type SigningCredentials } from '../documents/signing/document-signing.service';
import type { SignDocumentDto } from '../documents/dto/sign-document.dto';
import { toBlockSummary, toBlockView } from './signature-block-views';
import { SignatureRequestsService } from '../signatures/signature-requests.service';
import { SignatureBlocksRepository } from './signature-blocks.repository';
import { SigningPermits } from './signing-permits';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** At most this many blocks in the list. */
const LIST_LIMIT = 200;
/** A sign call stops starting documents after this long (docs/documents.md#signature-blocks). */
export const BLOCK_SIGN_TIME_LIMIT_MS = 120_000;
/** Documents signed at the same time within one call. */
const BLOCK_SIGN_LANES = 3;
/** Documents signed at the same time by all calls of this server: 12 of the pool's 20 connections at most. */
const SERVER_SIGNING_PERMITS = 6;
const UNEXPECTED_FAILURE = 'Não foi possível assinar este documento. Tente novamente.';

const alreadySigned = (documentId: string): BlockSignResult => ({
  documentId,
  state: 'signed',
  reason: null,
  alreadySigned: true,
});

/** The pt-BR message an HTTP error would have answered. */
function messageOf(error: HttpException): string {
  const body = error.getResponse();
  const message = typeof body === 'string' ? body : (body as { message?: unknown }).message;
  return Array.isArray(message) ? message.join(' ') : typeof message === 'string' ? message : error.message;
}

/**
 * Signature blocks (docs/documents.md#signature-blocks): the creator puts documents they manage in
 * a block and names its signers, who become each document's signing flow; a signer then signs
 * every document whose turn is theirs with one credential check, in this request.
 */
@Injectable()
export class SignatureBlocksService {
  private readonly logger = new Logger(SignatureBlocksService.name);
  private readonly permits = new SigningPermits(SERVER_SIGNING_PERMITS);

  constructor(
    private readonly transactions: Transactions,
    private readonly blocks: SignatureBlocksRepository,
    private readonly documents: DocumentsService,
    private readonly signing: DocumentSigningService,
    private readonly signatures: DocumentSignaturesRepository,
    private readonly users: UsersRepository,
    private readonly realtime: RealtimeService,
    private readonly requests: SignatureRequestsService,
    private readonly outbox: OutboxService,
  ) {}

  async list(user: AuthUser): Promise<SignatureBlockSummary[]> {
    return (await this.blocks.listForMember(user.id, LIST_LIMIT)).map(toBlockSummary);
  }

  async view(user: AuthUser, id: string): Promise<SignatureBlockView> {
    const block = await this.findForMember(user, id);
    const [signers, results] = await Promise.all([this.blocks.signersOf(id), this.blocks.resultsOf(id)]);
    const documentIds = [...new Set(results.map((r) => r.documentId))];
    const visible = await this.documents.views(user, await this.blocks.findVisibleDocuments(user, documentIds));
    return toBlockView(block, signers, results, visible);
  }

  /**
   * Every document must be one the creator sees (else 400) and manages (else 403); the signers
   * must be active users (else 400). In one transaction, all or nothing: the block, each document's
   * signing flow set to the block's signers, and one notification per signer for the whole block.
   */
  async create(user: AuthUser, input: CreateSignatureBlockRequest, meta: RequestMeta): Promise<SignatureBlockView> {
    const id = await this.transactions.run(async (tx) => {
      const signers = await this.users.findActiveByIds(input.signers, tx);
      if (signers.length !== input.signers.length) throw new BadRequestException(M.signerNotFound);
      const docs = await this.blocks.findVisibleDocuments(user, input.documentIds, tx);
      if (docs.length !== input.documentIds.length) throw new BadRequestException(M.documentNotFound);
      if (docs.some((doc) => !canManageDocument(doc, user))) throw new ForbiddenException(M.notDocumentManager);
      // The block first: the flows' turns see it and leave the asking to it (SignatureTurnsService).
      const blockId = await this.blocks.insert(
        { name: input.name, createdBy: user.id, signerIds: input.signers, documentIds: input.documentIds },
        tx,
      );
      // Locked in id order: two blocks sharing documents never wait on each other in a cycle.
      for (const documentId of [...input.documentIds].sort()) {
        await this.requests.replaceFlowIn(user, documentId, input.signers, meta, tx);
      }
      for (const [position, signerId] of input.signers.entries()) {
        await this.outbox.add(tx, 'signature-block.requested', {
          blockId,
          name: input.name,
          documentCount: input.documentIds.length,
          signerId,
          position,
          signerCount: input.signers.length,
          actorId: user.id,
        });
      }
      return blockId;
    });
    return this.view(user, id);
  }

  /**
   * Signs, with one credential check, every document of the block still awaiting the caller; each
   * result is pushed to the caller's sockets as it comes. Certificates stay in this call's memory.
   */
  async sign(
    user: AuthUser,
    id: string,
    dto: SignDocumentDto,
    certificate: CertificateUpload | undefined,
    publicBaseUrl: string,
    meta: RequestMeta,
  ): Promise<SignBlockResponse> {
    const block = await this.findForMember(user, id);
    if (!block.isSigner) throw new ForbiddenException(M.notASigner);
    const credentials = await this.signing.authenticate(user, dto, certificate, meta);
    const documentIds = (await this.blocks.resultsOf(id)).filter((r) => r.userId === user.id).map((r) => r.documentId);
    const deadline = Date.now() + BLOCK_SIGN_TIME_LIMIT_MS;
    const results: BlockSignResult[] = [];
    let next = 0;
    let done = 0;
    // A few documents at a time: each waits mostly on PostgreSQL, storage or the PDF rendering.
    const lane = async () => {
      for (let i = next++; i < documentIds.length; i = next++) {
        const documentId = documentIds[i];
        results[i] =
          Date.now() < deadline
            ? await this.permits.run(() => this.signOne(user, id, documentId, credentials, publicBaseUrl, meta))
            : await this.record(user, id, documentId, M.timeUp);
        this.realtime.emitToRooms([rooms.user(user.id)], 'signature-block:progress', {
          blockId: id,
          result: results[i],
          done: ++done,
          total: documentIds.length,
        });
      }
    };
    await Promise.all(Array.from({ length: Math.min(BLOCK_SIGN_LANES, documentIds.length) }, lane));
    await this.blocks.refreshStatus(id);
    const signed = results.filter((r) => r.state === 'signed').length;
    const failed = results.length - signed;
    return {
      message: failed ? M.signedWithFailures(signed, failed) : M.allSigned(signed),
      signed,
      failed,
      results,
      block: await this.view(user, id),
    };
  }

  /**
   * One document, under the lock of the caller's result row: a second call at the same time waits,
   * then finds it signed. A failure is recorded with its reason and does not stop the others.
   */
  private signOne(
    user: AuthUser,
    id: string,
    documentId: string,
    credentials: SigningCredentials,
    publicBaseUrl: string,
    meta: RequestMeta,
  ): Promise<BlockSignResult> {
    return this.transactions.run(async (tx) => {
      if ((await this.blocks.lockResult(id, documentId, user.id, tx)) === 'signed') return alreadySigned(documentId);
      let result: BlockSignResult;
      try {
        const before = await this.signing.findSignable(user, documentId, credentials.method.signatureType);
        await this.signing.signAuthenticated(user, before, credentials, publicBaseUrl, meta);
        result = { documentId, state: 'signed', reason: null, alreadySigned: false };
      } catch (error) {
        result = await this.failure(user, documentId, error);
      }
      const signedAt = result.state === 'signed' ? new Date() : null;
      await this.blocks.saveResult(
        id,
        documentId,
        user.id,
        { state: result.state, reason: result.reason, signedAt },
        tx,
      );
      return result;
    });
  }

  /** A failed attempt: its pt-BR reason, unless the caller had in fact signed the document already (outside the block). */
  private async failure(user: AuthUser, documentId: string, error: unknown): Promise<BlockSignResult> {
    const signers = await this.signatures.signersOf(documentId);
    if (signers.some((s) => s.signerId === user.id)) return alreadySigned(documentId);
    if (!(error instanceof HttpException)) {
      this.logger.error({ err: error, documentId }, 'signature block: unexpected signing failure');
    }
    const reason = error instanceof HttpException ? messageOf(error) : UNEXPECTED_FAILURE;
    return { documentId, state: 'failed', reason, alreadySigned: false };
  }

  /** A document not attempted (time up): recorded as failed. */
  private record(user: AuthUser, id: string, documentId: string, reason: string): Promise<BlockSignResult> {
    return this.transactions.run(async (tx) => {
      if ((await this.blocks.lockResult(id, documentId, user.id, tx)) === 'signed') return alreadySigned(documentId);
      await this.blocks.saveResult(id, documentId, user.id, { state: 'failed', reason, signedAt: null }, tx);
      return { documentId, state: 'failed', reason, alreadySigned: false };
    });
  }

  /** The block if the caller created it or signs it; 404 otherwise (also for ids that do not exist). */
  private async findForMember(user: AuthUser, id: string) {
    const block = UUID.test(id) ? await this.blocks.findForMember(id, user.id) : null;
    if (!block) throw new NotFoundException(M.notFound);
    return block;
  }
}
