import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { FileAccessRegistry } from './file-access.registry';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { ORGANIZATION_LOGO_KIND, TEMPLATE_IMAGE_KIND } from './upload-kinds';
import { UploadsController } from './uploads.controller';
import { UploadsService } from './uploads.service';
import { WorkerFileClient } from './worker-file.client';

/**
 * Shared file storage: FileStorageService (checked, atomic storage) and FileAccessRegistry
 * (per-owner-kind read/write policies), used by processes, documents, profiles and templates, and
 * WorkerFileClient (files the worker renders: PDFs; report exports wait through its queue events).
 */
@Global()
@Module({
  controllers: [UploadsController],
  providers: [FileStorageService, FileAccessRegistry, WorkerFileClient, UploadsService],
  exports: [FileStorageService, FileAccessRegistry, WorkerFileClient],
})
export class FilesModule implements OnModuleInit {
  constructor(private readonly access: FileAccessRegistry) {}

  /**
   * Avatars are shown next to names everywhere, and organisation logos and template images are
   * reused across templates and printed on documents of every department: any signed-in user may
   * see them. DOCX bases follow the templates module's policy.
   */
  onModuleInit(): void {
    for (const kind of ['avatar', ORGANIZATION_LOGO_KIND, TEMPLATE_IMAGE_KIND]) {
      this.access.register(kind, { canRead: async () => true });
    }
  }
}
