import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { StoredFileEntity } from '#server/database/entities/index';
import { FileAccessRegistry } from '../files/file-access.registry';
import { DocumentsService } from './documents.service';

/**
 * Files of owner kind 'document' (a document's file, its signed PDF and the filled DOCX of one made
 * from a template): readable by whoever sees
 * the document; only a document's unsigned .txt is writable, by whoever manages it.
 */
@Injectable()
export class DocumentFilePolicy implements OnModuleInit {
  constructor(
    private readonly registry: FileAccessRegistry,
    private readonly documents: DocumentsService,
  ) {}

  onModuleInit(): void {
    this.registry.register('document', {
      canRead: (user, file) => this.canRead(user, file),
      canWrite: (user, file) => this.canWrite(user, file),
    });
  }

  private async canRead(user: AuthUser, file: StoredFileEntity): Promise<boolean> {
    if (!file.ownerId) return false;
    const doc = await this.documents.findVisible(user, file.ownerId).catch(() => null);
    return doc !== null && [doc.fileId, doc.signedPdfFileId, doc.docxFileId].includes(file.id);
  }

  private async canWrite(user: AuthUser, file: StoredFileEntity): Promise<boolean> {
    const doc = await this.documents.findVisible(user, file.ownerId ?? '');
    await this.documents.assertContentWritable(doc, file, user);
    return true;
  }
}
