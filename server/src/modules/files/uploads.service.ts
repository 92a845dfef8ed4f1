import { Injectable, UnsupportedMediaTypeException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { LogosResponse, UploadResponse, UploadType } from '#server/contracts/templates';
import { TEMPLATE_MESSAGES } from '#server/contracts/templates';
import { Transactions } from '#server/database/transactions';
import { uploadPath } from '#server/domain/files/file-names';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { detectFileTypeOfFile } from '#server/domain/files/file-types';
import { DocxPackageError } from '#server/domain/templates/docx-package';
import { assertDocxBaseFile } from '#server/domain/templates/docx-template';
import { AuditService } from '../audit/audit.service';
import { StoredFilesRepository } from '#server/repositories/stored-files.repository';
import { ORGANIZATION_LOGO_KIND } from './upload-kinds';

/** GET /uploads/logos lists at most this many logos, newest first, each picture once. */
export const LOGOS_LIMIT = 50;
const IMAGE_EXTENSIONS = new Set(['png', 'jpg', 'gif', 'webp']);

/**
 * POST /uploads of the template editor: a DOCX base, an organisation logo or an image for the
 * content. Same storage, size limit and content checks as every attachment, plus the type's own:
 * a DOCX base must be a Word package, logos and images a PNG, JPEG, GIF or WebP (never SVG).
 * The upload type is the stored file's owner kind, whose read policy serves it back.
 */
@Injectable()
export class UploadsService {
  constructor(
    private readonly storage: FileStorageService,
    private readonly audit: AuditService,
    private readonly transactions: Transactions,
    private readonly files: StoredFilesRepository,
  ) {}

  async upload(
    user: AuthUser,
    type: UploadType,
    file: { path: string; originalname: string },
    meta: RequestMeta,
  ): Promise<UploadResponse> {
    await this.assertContent(type, file);
    const storedNames: string[] = [];
    try {
      return await this.transactions.run(async (tx) => {
        const stored = await this.storage.store(file, file.originalname, { ownerKind: type, uploadedBy: user.id }, tx);
        storedNames.push(stored.storedName);
        await this.audit.record(
          {
            action: 'upload',
            entityType: 'template',
            description: `Arquivo "${stored.originalName}" enviado para templates (${type})`,
            actor: user,
            meta,
            details: { storedName: stored.storedName, type, size: stored.sizeBytes },
          },
          tx,
        );
        return { url: uploadPath(stored.storedName), filename: stored.storedName, name: stored.originalName };
      });
    } catch (error) {
      await this.storage.discardFromDisk(storedNames);
      throw error;
    }
  }

  /** Logos anyone uploaded, newest first; a picture uploaded again (same bytes) is listed once. */
  async logos(): Promise<LogosResponse> {
    const rows = await this.files.latestOfEachContent(ORGANIZATION_LOGO_KIND);
    return {
      logos: rows
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .slice(0, LOGOS_LIMIT)
        .map((f) => ({ url: uploadPath(f.storedName), name: f.originalName, filename: f.storedName })),
    };
  }

  /**
   * 415 unless the content is of the upload type's kind (the upload interceptor deletes the refused
   * file). A DOCX base is judged by what the package holds (size limits, macros, DOCTYPE, tags).
   */
  private async assertContent(type: UploadType, file: { path: string; originalname: string }): Promise<void> {
    const detected = await detectFileTypeOfFile(file.path, file.originalname);
    if (type !== 'template-base') {
      if (detected !== null && IMAGE_EXTENSIONS.has(detected.ext)) return;
      throw new UnsupportedMediaTypeException(TEMPLATE_MESSAGES.imageOnly);
    }
    if (detected?.ext !== 'docx') throw new UnsupportedMediaTypeException(TEMPLATE_MESSAGES.docxOnly);
    try {
      await assertDocxBaseFile(file.path);
    } catch (error) {
      if (!(error instanceof DocxPackageError)) throw error;
      throw new UnsupportedMediaTypeException(
        error.notDocx ? TEMPLATE_MESSAGES.docxOnly : TEMPLATE_MESSAGES.docxRefused(error.message),
      );
    }
  }
}
