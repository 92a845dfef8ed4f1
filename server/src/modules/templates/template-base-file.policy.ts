import { Injectable, type OnModuleInit } from '@nestjs/common';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import type { StoredFileEntity } from '#server/database/entities/index';
import { TemplatesRepository } from '#server/repositories/templates.repository';
import { FileAccessRegistry } from '../files/file-access.registry';
import { TEMPLATE_BASE_KIND } from '../files/upload-kinds';

/**
 * DOCX bases (owner kind 'template-base'): readable by their uploader, by admins, and by whoever
 * is offered a template that uses them. Nobody writes them in place.
 */
@Injectable()
export class TemplateBaseFilePolicy implements OnModuleInit {
  constructor(
    private readonly registry: FileAccessRegistry,
    private readonly templates: TemplatesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.register(TEMPLATE_BASE_KIND, { canRead: (user, file) => this.canRead(user, file) });
  }

  private async canRead(user: AuthUser, file: StoredFileEntity): Promise<boolean> {
    if (isAdmin(user) || file.uploadedBy === user.id) return true;
    return this.templates.baseOfOffered(user, file.storedName);
  }
}
