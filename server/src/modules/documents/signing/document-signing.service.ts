import { BadRequestException, ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { AppConfig } from '#server/config/config.module';
import { type SignatureType, type SignDocumentResponse, verificationPath } from '#server/contracts/documents';
import type { DocumentEntity, UserEntity } from '#server/database/entities/index';
import { Transactions, type Tx } from '#server/database/transactions';
import { OutboxService } from '#server/outbox/outbox.service';
import { verifyPassword } from '#server/modules/auth/passwords';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { DOCUMENT_MESSAGES } from '#server/contracts/documents';
import { toSignatureView } from '../document-views';
import { signingTurn } from '#server/domain/documents/signing-turns';
import { SignatureRequestsRepository } from '#server/repositories/signature-requests.repository';
import { SignatureTurnsService } from './signature-turns.service';
import { SignatureHistoryService } from './signature-history.service';
import { DocumentsService } from '../documents.service';
import type { SignDocumentDto } from '../dto/sign-document.dto';
import type { A1Credentials, CertificateUpload } from './a1-certificate';
import { DocumentSealService } from './document-seal.service';
import { addPadesSignature } from './pdf-signature';
import { SignatureLevelPolicy } from './signature-level.policy';
import { SignatureStampService, STAMP_MESSAGES, type VerificationLink } from './signature-stamp.service';
import { SigningThrottleService } from './signing-throttle.service';
import { LoginThrottleService } from '#server/modules/auth/login-throttle.service';
import { DocumentSignaturesRepository } from '#server/repositories/document-signatures.repository';
import { DocumentsRepository } from '#server/repositories/documents.repository';
import { StoredFilesRepository } from '#server/repositories/stored-files.repository';
import { UsersRepository } from '#server/repositories/users.repository';

export const SIGNING_MESSAGES = {
  passwordRequired: DOCUMENT_MESSAGES.signingPasswordRequired,
  wrongPassword: 'Senha incorreta.',
  qualifiedNeedsCertificate: 'A assinatura qualificada exige um certificado digital.',
  simpleNeedsPassword: 'A assinatura simples é feita com a sua senha.',
  notYourTurn: 'Não é a sua vez de assinar este documento: aguarde a assinatura de quem vem antes.',
  notASigner: 'Você não está entre os signatários deste documento.',
  alreadySigned: 'Documento já assinado.',
  rejected: 'Documento rejeitado não pode ser assinado.',
  pdfOnly: STAMP_MESSAGES.pdfOnly,
  renderFailed: STAMP_MESSAGES.renderFailed,
  corrupted: 'O arquivo do documento não confere com o registrado. Assinatura recusada.',
  changedMeanwhile: 'O documento foi alterado durante a assinatura. Tente novamente.',
  success: 'Documento assinado com sucesso!',
} as const;

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** What `authenticate` checked: the signature's type and method, and the opened A1 certificate if any. */
export interface SigningCredentials {
  method: Pick<SignDocumentDto, 'signatureType' | 'certificateType'>;
  a1: A1Credentials | null;
}

interface PreparedQualified {
  credentials: A1Credentials;
  /** Unsigned source PDF (uploaded PDF or the worker's rendering) for a first PAdES signature. */
  sourcePdf: Buffer | null;
  /** SHA-256 of the document file the source was made from (checked again under the lock). */
  sourceSha256: string;
}

/**
 * Signs documents. Simple: the user's password is checked again and the server seals a record of
 * signer, department, date, type and the SHA-256 of the exact stored bytes. Qualified: the user's
 * own A1 certificate adds a PAdES signature to the document's PDF (incremental, so earlier
 * signatures stay valid), and the same sealed record is kept with the hash of the signed PDF.
 * Certificates and their passwords live only in this request's memory.
 */
@Injectable()
export class DocumentSigningService {
  constructor(
    private readonly transactions: Transactions,
    private readonly documents: DocumentsService,
    private readonly documentRows: DocumentsRepository,
    private readonly signatures: DocumentSignaturesRepository,
    private readonly requests: SignatureRequestsRepository,
    private readonly turns: SignatureTurnsService,
    private readonly files: StoredFilesRepository,
    private readonly users: UsersRepository,
    private readonly storage: FileStorageService,
    private readonly seal: DocumentSealService,
    private readonly stamps: SignatureStampService,
    private readonly throttle: SigningThrottleService,
    private readonly passwordThrottle: LoginThrottleService,
    private readonly outbox: OutboxService,
    private readonly history: SignatureHistoryService,
    private readonly config: AppConfig,
    private readonly signatureLevel: SignatureLevelPolicy,
  ) {}

  async sign(
    user: AuthUser,
    id: string,
    dto: SignDocumentDto,
    certificate: CertificateUpload | undefined,
    publicBaseUrl: string,
    meta: RequestMeta,
  ): Promise<SignDocumentResponse> {
    // Checks that need no lock first: visibility, turn, credentials (argon2 / PKCS#12 are slow).
    const before = await this.findSignable(user, id, dto.signatureType);
    const credentials = await this.authenticate(user, dto, certificate, meta);
    return this.signAuthenticated(user, before, credentials, publicBaseUrl, meta);
  }

  /**
   * The document if `user` may see it (else 404), its type allows `signatureType` and `user` may sign
   * it now (else 4xx); no lock.
   */
  async findSignable(user: AuthUser, id: string, signatureType: SignatureType): Promise<DocumentEntity> {
    const before = await this.documents.findVisible(user, id);
    await this.signatureLevel.assertAllowed(before, signatureType);
    await this.assertMaySign(before, user);
    return before;
  }

  /**
   * The credential step, once per request: the type and method go together, then the password is
   * checked (with the throttles) or the certificate opened. The credentials live in memory only.
   */
  async authenticate(
    user: AuthUser,
    dto: SignDocumentDto,
    certificate: CertificateUpload | undefined,
    meta: RequestMeta,
  ): Promise<SigningCredentials> {
    const qualified = dto.signatureType === 'qualified';
    if (qualified && dto.certificateType !== 'certificate')
      throw new BadRequestException(SIGNING_MESSAGES.qualifiedNeedsCertificate);
    if (!qualified && dto.certificateType !== 'password')
      throw new BadRequestException(SIGNING_MESSAGES.simpleNeedsPassword);
    const method = { signatureType: dto.signatureType, certificateType: dto.certificateType };
    if (!qualified) {
      await this.checkPassword(user, dto.password, meta);
      return { method, a1: null };
    }
    // Loaded on first use (it brings node-forge): keeps the server's start fast.
    const { assertUsableForSigning, openA1Upload } = await import('#server/modules/documents/signing/a1-certificate');
    const a1 = await openA1Upload(certificate, dto.certificatePassword ?? '');
    assertUsableForSigning(a1);
    return { method, a1 };
  }

  /** Signs `before` (from findSignable) with credentials `authenticate` already checked. */
  async signAuthenticated(
    user: AuthUser,
    before: DocumentEntity,
    credentials: SigningCredentials,
    publicBaseUrl: string,
    meta: RequestMeta,
  ): Promise<SignDocumentResponse> {
    const { id } = before;
    const dto = credentials.method;
    const prepared = credentials.a1 ? await this.prepareQualified(before, credentials.a1) : null;

    const storedNames: string[] = [];
    const staleNames: string[] = [];
    try {
      const result = await this.transactions.run(async (tx) => {
        const doc = await this.documents.lockVisible(user, id, tx);
        const { request, flow } = await this.assertMaySign(doc, user, tx);
        // Locked like an edit of the text locks it: an edit and a signature never interleave.
        const file = await this.files.getByIdAndLock(doc.fileId, tx);
        const fileBytes = await this.storage.readBuffer(file.storedName);
        if (sha256(fileBytes) !== file.sha256) throw new ConflictException(SIGNING_MESSAGES.corrupted);

        const signer = await this.users.getById(user.id, tx);
        const signedAt = new Date();
        const code = doc.verificationCode ?? randomBytes(24).toString('base64url');
        const link = { code, url: this.stamps.verificationUrl(publicBaseUrl, doc.id, code) };
        let hashValue = sha256(fileBytes);
        let signedLength: number | null = null;

        if (prepared) {
          if (prepared.sourceSha256 !== file.sha256) throw new ConflictException(SIGNING_MESSAGES.changedMeanwhile);
          const base = await this.pdfToSign(doc, prepared, signer, signedAt, link, tx);
          const signedPdf = await addPadesSignature(base, prepared.credentials, {
            signerName: signer.name,
            reason: `Assinatura do documento ${doc.protocolNumber}`,
            location: signer.department,
            signingTime: signedAt,
          });
          const stored = await this.storage.store(
            signedPdf,
            `${doc.protocolNumber}-assinado.pdf`,
            { ownerKind: 'document', ownerId: doc.id, uploadedBy: user.id },
            tx,
          );
          storedNames.push(stored.storedName);
          if (doc.signedPdfFileId) {
            const previous = await this.files.getById(doc.signedPdfFileId, tx);
            staleNames.push(previous.storedName);
          }
          await this.documentRows.update(doc.id, { signedPdfFileId: stored.id }, tx);
          if (staleNames.length) await this.files.deleteByName(staleNames[0], tx);
          hashValue = sha256(signedPdf);
          signedLength = signedPdf.length;
        }

        const fields = {
          id: randomUUID(),
          documentId: doc.id,
          signerId: signer.id,
          signerName: signer.name,
          signerDepartment: signer.department,
          signedAt,
          signatureType: dto.signatureType,
          certificateType: dto.certificateType,
          hashAlgorithm: 'SHA-256',
          hashValue,
          signedLength,
          certificate: prepared?.credentials.info ?? null,
        };
        const row = await this.signatures.insert({ ...fields, ...this.seal.seal(fields) }, tx);

        await this.outbox.add(tx, 'document.signed', {
          documentId: doc.id,
          title: doc.title,
          signerId: signer.id,
          signerName: signer.name,
          createdBy: doc.createdBy,
        });
        const level = dto.signatureType === 'qualified' ? 'qualificada' : 'simples';
        await this.history.record(tx, doc, user, meta, {
          step: 'documentSigned',
          detail: `Assinatura ${level}.`,
          audit: {
            action: 'sign',
            description: `Documento ${doc.protocolNumber} assinado (${level})`,
            details: { signatureId: row.id, signatureType: dto.signatureType, method: dto.certificateType, hashValue },
          },
        });
        const entry = flow.find((e) => e.userId === user.id);
        let complete = true;
        if (request && entry) {
          await this.requests.updateSigner(request.id, user.id, { state: 'signed', signedAt }, tx);
          Object.assign(entry, { state: 'signed', signedAt });
          complete = await this.turns.advance(doc, request, flow, user, meta, tx);
        }
        await this.documentRows.update(
          doc.id,
          { verificationCode: code, status: complete ? 'signed' : doc.status },
          tx,
        );
        return {
          message: SIGNING_MESSAGES.success,
          document: await this.documents.view(user, doc.id, tx),
          signature: toSignatureView(row),
          verificationCode: code,
          verificationPath: verificationPath(doc.id, code),
        };
      });
      await this.storage.discardFromDisk(staleNames);
      return result;
    } catch (error) {
      await this.storage.discardFromDisk(storedNames);
      throw error;
    }
  }

  /**
   * Status allows signing and it is `user`'s turn (docs/documents.md#signature-requests): 409 for a
   * signer whose turn has not come, 403 for someone not asked. Returns the open request (null: the
   * creator signs alone) and its signers in order.
   */
  private async assertMaySign(doc: DocumentEntity, user: AuthUser, tx?: Tx) {
    if (doc.status === 'signed') throw new ConflictException(SIGNING_MESSAGES.alreadySigned);
    if (doc.status === 'rejected') throw new ConflictException(SIGNING_MESSAGES.rejected);
    const request = await this.requests.findOpen(doc.id, tx);
    const flow = request ? await this.requests.signersOf([request.id], tx) : [];
    const signerIds = request ? [] : (await this.signatures.signersOf(doc.id, tx)).map((s) => s.signerId);
    const turn = signingTurn(doc, request ? flow : null, signerIds, user.id);
    if (turn === 'wait') throw new ConflictException(SIGNING_MESSAGES.notYourTurn);
    if (turn === 'none') throw new ForbiddenException(SIGNING_MESSAGES.notASigner);
    return { request, flow };
  }

  /** The account's password, under the throttle every password check shares and signing's own, stricter one. */
  private async checkPassword(user: AuthUser, password: string | undefined, meta: RequestMeta): Promise<void> {
    if (!password) throw new BadRequestException(SIGNING_MESSAGES.passwordRequired);
    await this.passwordThrottle.consumeAttempt(user.username, meta.ipAddress, 'password');
    await this.throttle.consumeAttempt(user.id);
    const row = await this.users.findWithPasswordHash({ id: user.id });
    if (!row || !(await verifyPassword(row.passwordHash, password))) {
      // 400, not 401: the session is fine, and a 401 would make the client log the user out.
      throw new BadRequestException(SIGNING_MESSAGES.wrongPassword);
    }
    await Promise.all([
      this.throttle.refundAttempt(user.id),
      this.passwordThrottle.recordSuccess(user.username, meta.ipAddress),
    ]);
  }

  private async prepareQualified(doc: DocumentEntity, credentials: A1Credentials): Promise<PreparedQualified> {
    const file = await this.files.getById(doc.fileId);
    const sourcePdf = doc.signedPdfFileId ? null : await this.stamps.sourcePdf(doc, file);
    return { credentials, sourcePdf, sourceSha256: file.sha256 };
  }

  /** The PDF the next signature goes into: the signed PDF so far, or the source stamped before the first one. */
  private async pdfToSign(
    doc: DocumentEntity,
    prepared: PreparedQualified,
    signer: UserEntity,
    date: Date,
    link: VerificationLink,
    tx: Tx,
  ): Promise<Buffer> {
    if (doc.signedPdfFileId) {
      const current = await this.files.getById(doc.signedPdfFileId, tx);
      return this.storage.readBuffer(current.storedName);
    }
    if (!prepared.sourcePdf) throw new ConflictException(SIGNING_MESSAGES.changedMeanwhile);
    return this.stamps.stamp(prepared.sourcePdf, doc, link, { signer, at: date }, tx);
  }

  /** Public base of links printed on documents: PUBLIC_URL, else the address the request came to. */
  publicBaseUrl(requestOrigin: string): string {
    return (this.config.PUBLIC_URL ?? requestOrigin).replace(/\/+$/, '');
  }
}
