import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import { type StoredFileEntity, TemplateEntity } from '#server/database/entities/index';
import { visibleTemplatesWhere } from '#server/domain/templates/template-visibility';
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
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.registry.register(TEMPLATE_BASE_KIND, { canRead: (user, file) => this.canRead(user, file) });
  }

  private async canRead(user: AuthUser, file: StoredFileEntity): Promise<boolean> {
    if (isAdmin(user) || file.uploadedBy === user.id) return true;
    const visible = visibleTemplatesWhere(user);
    return this.dataSource
      .getRepository(TemplateEntity)
      .createQueryBuilder('t')
      .where('t.base_document = :name', { name: file.storedName })
      .andWhere(visible.sql, visible.params)
      .getExists();
  }
}
