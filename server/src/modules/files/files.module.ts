import { Global, Module, type OnModuleInit } from '@nestjs/common';
import { FileAccessRegistry } from './file-access.registry';
import { FileStorageService } from './file-storage.service';
import { UploadsController } from './uploads.controller';

/**
 * Shared file storage: FileStorageService (checked, atomic storage) and FileAccessRegistry
 * (per-owner-kind read/write policies), used by processes, documents, profiles and templates.
 */
@Global()
@Module({
  controllers: [UploadsController],
  providers: [FileStorageService, FileAccessRegistry],
  exports: [FileStorageService, FileAccessRegistry],
})
export class FilesModule implements OnModuleInit {
  constructor(private readonly access: FileAccessRegistry) {}

  /** Avatars are shown next to names everywhere: any signed-in user may see them. */
  onModuleInit(): void {
    this.access.register('avatar', { canRead: async () => true });
  }
}
