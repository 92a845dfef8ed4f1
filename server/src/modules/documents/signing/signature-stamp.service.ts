import { BadRequestException, Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { verificationPath } from '#server/contracts/documents';
import type { DocumentEntity, StoredFileEntity, UserEntity } from '#server/database/entities/index';
import type { Tx } from '#server/database/transactions';
import { categoryOf } from '#server/domain/files/file-types';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { WORKER_FILE_TIMEOUT_MS, WorkerFileClient } from '#server/modules/files/worker-file.client';
import { DocumentSignaturesRepository } from '#server/repositories/document-signatures.repository';
import { SignatureRequestsRepository } from '#server/repositories/signature-requests.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import { awaitedSigners } from './awaiting-signatures';
import { stampPdf } from './signature-stamp';
import type { StampInfo, StampSigner } from './stamp-layout';

export const STAMP_MESSAGES = {
  pdfOnly: 'A assinatura qualificada está disponível para documentos PDF e de texto.',
  renderFailed: 'Não foi possível gerar o PDF do documento. Tente novamente.',
} as const;

/** True when a stored file has a PDF form (a PDF, or a text the worker renders): it gets a stamped PDF. */
export function hasPdfSource(storedName: string): boolean {
  const category = categoryOf(storedName);
  return category === 'pdf' || category === 'text';
}

/** The public page a document's stamp points to. */
export interface VerificationLink {
  code: string;
  /** Absolute URL (printed and in the QR code). */
  url: string;
}

/**
 * The stamped PDF of a document (docs/documents.md#stamp): its source PDF (the uploaded PDF, or
 * the worker's rendering of a text) with the band on every page and the signatures page, from the
 * sealed signature records and the signing flow.
 */
@Injectable()
export class SignatureStampService {
  constructor(
    private readonly signatures: DocumentSignaturesRepository,
    private readonly requests: SignatureRequestsRepository,
    private readonly users: UsersRepository,
    private readonly storage: FileStorageService,
    private readonly worker: WorkerFileClient,
    private readonly config: AppConfig,
  ) {}

  /** The unsigned PDF of a document: 400 for types without one (images, office files). */
  async sourcePdf(doc: DocumentEntity, file: StoredFileEntity): Promise<Buffer> {
    if (!hasPdfSource(file.storedName)) throw new BadRequestException(STAMP_MESSAGES.pdfOnly);
    if (categoryOf(file.storedName) === 'pdf') return this.storage.readBuffer(file.storedName);
    return this.worker.render(
      'document.render-pdf',
      { documentId: doc.id, storedName: file.storedName, title: doc.title },
      { timeoutMs: WORKER_FILE_TIMEOUT_MS, failure: STAMP_MESSAGES.renderFailed },
    );
  }

  /**
   * Stamps `pdf` with every signature made, `current` (the PAdES signature about to be made into
   * this very PDF, so without a printable hash) and the signers still awaited.
   */
  async stamp(
    pdf: Buffer,
    doc: DocumentEntity,
    link: VerificationLink,
    current: { signer: UserEntity; at: Date } | null,
    tx?: Tx,
  ): Promise<Buffer> {
    return stampPdf(pdf, await this.info(doc, link, current, tx));
  }

  /** The absolute address of the public verification page (PUBLIC_URL, else the request's origin). */
  verificationUrl(publicBaseUrl: string, documentId: string, code: string): string {
    return `${publicBaseUrl}/semgi${verificationPath(documentId, code)}`;
  }

  private async info(
    doc: DocumentEntity,
    link: VerificationLink,
    current: { signer: UserEntity; at: Date } | null,
    tx?: Tx,
  ): Promise<StampInfo> {
    const [rows, awaitedAll] = await Promise.all([
      this.signatures.listFor(doc.id, tx),
      awaitedSigners(this.requests, doc.id, tx),
    ]);
    const signed: StampSigner[] = rows.map((row) => ({
      name: row.signerName,
      department: row.signerDepartment,
      signature: {
        at: row.signedAt,
        level: row.signatureType,
        method: row.certificateType,
        // A PAdES signature signs the PDF it is in: its hash cannot be printed inside it.
        sha256: row.signedLength === null ? row.hashValue : null,
      },
    }));
    if (current) {
      const { signer, at } = current;
      signed.push({
        name: signer.name,
        department: signer.department,
        signature: { at, level: 'qualified', method: 'certificate', sha256: null },
      });
    }
    const awaited = awaitedAll.filter((entry) => entry.userId !== current?.signer.id);
    const users = awaited.length
      ? await this.users.findByIds(
          awaited.map((e) => e.userId),
          tx,
        )
      : [];
    const pending = awaited.flatMap((entry) => {
      const user = users.find((u) => u.id === entry.userId);
      return user ? [{ name: user.name, department: user.department, signature: null }] : [];
    });
    return {
      title: doc.title,
      protocolNumber: doc.protocolNumber,
      verificationCode: link.code,
      verificationUrl: link.url,
      timeZone: this.config.TIME_ZONE,
      signers: [...signed, ...pending],
    };
  }
}
