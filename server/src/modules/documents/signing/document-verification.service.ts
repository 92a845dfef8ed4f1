import { Injectable } from '@nestjs/common';
import { createHash, timingSafeEqual } from 'node:crypto';
import { INVALID_SIGNATURE_MESSAGE, type VerificationResult } from '#server/contracts/documents';
import type { DocumentEntity, DocumentSignatureEntity, StoredFileEntity } from '#server/database/entities/index';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { DocumentSignaturesRepository } from '#server/repositories/document-signatures.repository';
import { DocumentsRepository } from '#server/repositories/documents.repository';
import { SignatureRequestsRepository } from '#server/repositories/signature-requests.repository';
import { StoredFilesRepository } from '#server/repositories/stored-files.repository';
import { toPublicSignatureView } from '../document-views';
import { awaitedSigners } from './awaiting-signatures';
import { DocumentSealService } from './document-seal.service';
import { hasPdfSource, SignatureStampService } from './signature-stamp.service';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();
const INVALID: VerificationResult = { valid: false, message: INVALID_SIGNATURE_MESSAGE };

/** What a code holder downloads: a stored file as it is, or the stamped copy made now. */
export type VerifiedDownload =
  { kind: 'stored'; file: StoredFileEntity } | { kind: 'stamped'; pdf: Buffer; name: string };

/**
 * Public verification: whoever holds a document's verification code learns whether every
 * signature on it still holds — the server seal verifies and the stored bytes hash to what was
 * signed — and the signature facts (never user ids, never the content). Any failure, a wrong code
 * and an unknown id all give the same answer.
 */
@Injectable()
export class DocumentVerificationService {
  constructor(
    private readonly documents: DocumentsRepository,
    private readonly signatures: DocumentSignaturesRepository,
    private readonly files: StoredFilesRepository,
    private readonly storage: FileStorageService,
    private readonly seal: DocumentSealService,
    private readonly stamps: SignatureStampService,
    private readonly requests: SignatureRequestsRepository,
  ) {}

  async verify(id: string, code: string): Promise<VerificationResult> {
    const doc = await this.findByCode(id, code);
    if (!doc) return INVALID;
    const [signatures, awaited, file] = await Promise.all([
      this.signatures.listFor(doc.id),
      awaitedSigners(this.requests, doc.id),
      this.files.findById(doc.fileId),
    ]);
    if (!file || signatures.length === 0 || !(await this.allHold(doc, signatures))) return INVALID;
    const views = signatures.map(toPublicSignatureView);
    const awaiting = awaited.length;
    return {
      valid: true,
      document: {
        id: doc.id,
        title: doc.title,
        protocolNumber: doc.protocolNumber,
        hasSignedPdf: doc.signedPdfFileId !== null || hasPdfSource(file.storedName),
      },
      signature: views[views.length - 1],
      signatures: views,
      complete: awaiting === 0,
      awaitingSignatures: awaiting,
    };
  }

  /** The file a code holder may download: the signed PDF, else the signed file itself (its exact bytes). */
  async downloadable(id: string, code: string): Promise<StoredFileEntity | null> {
    const doc = await this.findByCode(id, code);
    if (!doc) return null;
    return this.files.findById(doc.signedPdfFileId ?? doc.fileId);
  }

  /**
   * 'Baixar PDF assinado': the PAdES PDF as signed; else, for a PDF or a text whose signatures
   * hold, its stamped copy made now (docs/documents.md#stamp); else null.
   */
  async signedPdf(id: string, code: string, publicBaseUrl: string): Promise<VerifiedDownload | null> {
    const doc = await this.findByCode(id, code);
    if (!doc) return null;
    const file = await this.files.findById(doc.signedPdfFileId ?? doc.fileId);
    if (!file) return null;
    if (doc.signedPdfFileId) return { kind: 'stored', file };
    if (!hasPdfSource(file.storedName)) return null;
    const signatures = await this.signatures.listFor(doc.id);
    if (signatures.length === 0 || !(await this.allHold(doc, signatures))) return null;
    const link = { code, url: this.stamps.verificationUrl(publicBaseUrl, doc.id, code) };
    const pdf = await this.stamps.stamp(await this.stamps.sourcePdf(doc, file), doc, link, null);
    return { kind: 'stamped', pdf, name: `${doc.protocolNumber}-assinado.pdf` };
  }

  private async findByCode(id: string, code: string): Promise<DocumentEntity | null> {
    if (!UUID.test(id) || !code || code.length > 200) return null;
    const doc = await this.documents.findById(id);
    if (!doc?.verificationCode) return null;
    // Compare digests: constant time whatever the lengths.
    return timingSafeEqual(sha256(Buffer.from(code)), sha256(Buffer.from(doc.verificationCode))) ? doc : null;
  }

  private async allHold(doc: DocumentEntity, signatures: DocumentSignatureEntity[]): Promise<boolean> {
    if (!signatures.every((row) => row.documentId === doc.id && this.seal.isValid(row))) return false;
    const read = async (fileId: string | null) => {
      if (!fileId) return null;
      const file = await this.files.findById(fileId);
      return file ? this.storage.readBuffer(file.storedName).catch(() => null) : null;
    };
    const [original, signedPdf] = await Promise.all([read(doc.fileId), read(doc.signedPdfFileId)]);
    return signatures.every((row) => {
      const bytes = row.signedLength === null ? original : signedPdf?.subarray(0, row.signedLength);
      return bytes !== null && bytes !== undefined && sha256(bytes).toString('hex') === row.hashValue;
    });
  }
}
