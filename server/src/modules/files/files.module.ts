import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { FileAccessRegistry } from './file-access.registry';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { UploadsController } from './uploads.controller';
import { WorkerFileClient } from './worker-file.client';

/**
 * Shared file storage: FileStorageService (checked, atomic storage) and FileAccessRegistry
 * (per-owner-kind read/write policies), used by processes, documents, profiles and templates, and
 * WorkerFileClient (files the worker renders: PDFs; report exports wait through its queue events).
 */
@Global()
@Module({
  controllers: [UploadsController],
  providers: [FileStorageService, FileAccessRegistry, WorkerFileClient],
  exports: [FileStorageService, FileAccessRegistry, WorkerFileClient],
})
export class FilesModule implements OnModuleInit {
  constructor(private readonly access: FileAccessRegistry) {}

  /** Avatars are shown next to names everywhere: any signed-in user may see them. */
  onModuleInit(): void {
    this.access.register('avatar', { canRead: async () => true });
  }
}
