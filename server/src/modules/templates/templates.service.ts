import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { TemplateRequestValues, TemplateView } from '#server/contracts/templates';
import { TEMPLATE_MESSAGES } from '#server/contracts/templates';
import { StoredFileEntity, TemplateEntity, UserEntity } from '#server/database/entities/index';
import { isStoredName } from '#server/domain/files/file-names';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { DocxPackageError } from '#server/domain/templates/docx-package';
import { assertDocxBaseFile } from '#server/domain/templates/docx-template';
import { hasVisibleContent, sanitizeTemplateHtml } from '#server/domain/templates/template-html';
import { resolveFormatting, resolveOrganization } from '#server/domain/templates/template-settings';
import { canEditTemplate, visibleTemplatesWhere } from '#server/domain/templates/template-visibility';
import { AuditService } from '../audit/audit.service';
import { FileAccessRegistry } from '../files/file-access.registry';
import { TEMPLATE_BASE_KIND, ORGANIZATION_LOGO_KIND } from '../files/upload-kinds';

export const TEMPLATE_NOT_FOUND = 'Template não encontrado.';
const FORBIDDEN = 'Apenas o criador do template ou um administrador pode alterá-lo ou excluí-lo.';
/** The list is small (a city hall keeps tens of templates); this only bounds a runaway table. */
const LIST_LIMIT = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class TemplatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly audit: AuditService,
    private readonly files: FileAccessRegistry,
    private readonly storage: FileStorageService,
  ) {}

  /** The templates offered to `user`, newest first. */
  async list(user: AuthUser): Promise<TemplateView[]> {
    const visible = visibleTemplatesWhere(user);
    const rows = await this.dataSource
      .getRepository(TemplateEntity)
      .createQueryBuilder('t')
      .where(visible.sql, visible.params)
      .orderBy('t.created_at', 'DESC')
      .addOrderBy('t.id')
      .limit(LIST_LIMIT)
      .getMany();
    return this.views(this.dataSource.manager, rows, user);
  }

  /** A template offered to `user`, else 404 (also for ids that do not exist). */
  async findOffered(user: AuthUser, id: string, manager: EntityManager = this.dataSource.manager, lock = false) {
    if (!UUID.test(id)) throw new NotFoundException(TEMPLATE_NOT_FOUND);
    const visible = visibleTemplatesWhere(user);
    const qb = manager
      .getRepository(TemplateEntity)
      .createQueryBuilder('t')
      .where('t.id = :id', { id })
      .andWhere(visible.sql, visible.params);
    if (lock) qb.setLock('pessimistic_write');
    const template = await qb.getOne();
    if (!template) throw new NotFoundException(TEMPLATE_NOT_FOUND);
    return template;
  }

  async create(user: AuthUser, input: TemplateRequestValues, meta: RequestMeta): Promise<TemplateView> {
    return this.dataSource.transaction(async (manager) => {
      const values = await this.values(manager, user, input, null);
      const saved = await manager
        .getRepository(TemplateEntity)
        .save({ ...values, createdBy: user.id, department: user.department });
      await this.audit.record(
        {
          action: 'create',
          entityType: 'template',
          entityId: saved.id,
          description: `Template "${saved.title}" criado`,
          actor: user,
          meta,
          details: { isPublic: saved.isPublic, documentFormat: saved.documentFormat },
        },
        manager,
      );
      return (await this.views(manager, [saved], user))[0];
    });
  }

  async update(user: AuthUser, id: string, input: TemplateRequestValues, meta: RequestMeta): Promise<TemplateView> {
    return this.dataSource.transaction(async (manager) => {
      const before = await this.editable(manager, user, id);
      const values = await this.values(manager, user, input, before);
      await manager.getRepository(TemplateEntity).update({ id }, values);
      await this.audit.record(
        {
          action: 'update',
          entityType: 'template',
          entityId: id,
          description: `Template "${values.title}" atualizado`,
          actor: user,
          meta,
          details: { from: { title: before.title, isPublic: before.isPublic }, to: { isPublic: values.isPublic } },
        },
        manager,
      );
      const saved = await manager.findOneByOrFail(TemplateEntity, { id });
      return (await this.views(manager, [saved], user))[0];
    });
  }

  async remove(user: AuthUser, id: string, meta: RequestMeta): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const template = await this.editable(manager, user, id);
      await manager.delete(TemplateEntity, { id });
      await this.audit.record(
        {
          action: 'delete',
          entityType: 'template',
          entityId: id,
          description: `Template "${template.title}" excluído`,
          actor: user,
          meta,
        },
        manager,
      );
    });
  }

  /** 404 when the caller is not offered the template, 403 when they may see but not change it. */
  private async editable(manager: EntityManager, user: AuthUser, id: string): Promise<TemplateEntity> {
    const template = await this.findOffered(user, id, manager, true);
    if (!canEditTemplate(template, user)) throw new ForbiddenException(FORBIDDEN);
    return template;
  }

  /** The stored columns of a request: defaults filled, HTML sanitised, referenced files checked. */
  private async values(
    manager: EntityManager,
    user: AuthUser,
    input: TemplateRequestValues,
    before: TemplateEntity | null,
  ) {
    const content = sanitizeTemplateHtml(input.content);
    if (!hasVisibleContent(content)) throw new BadRequestException(TEMPLATE_MESSAGES.contentRequired);
    const organization = resolveOrganization(input.organization);
    const baseDocument = input.baseDocument || null;
    if (baseDocument && baseDocument !== before?.baseDocument) {
      await this.assertFile(manager, user, baseDocument, TEMPLATE_BASE_KIND, TEMPLATE_MESSAGES.baseDocumentNotFound);
    }
    if (baseDocument) await this.assertFillable(baseDocument);
    if (organization.logo && organization.logo !== before?.organization.logo) {
      await this.assertFile(manager, user, organization.logo, ORGANIZATION_LOGO_KIND, TEMPLATE_MESSAGES.logoNotFound);
    }
    return {
      title: input.title,
      content,
      type: input.type ?? 'document',
      category: input.category ?? 'general',
      isPublic: input.isPublic ?? false,
      documentFormat: input.documentFormat ?? 'html',
      baseDocument,
      organization,
      formatting: resolveFormatting(input.formatting),
    } satisfies Partial<TemplateEntity>;
  }

  /**
   * 400 naming the problem when the DOCX base could never be filled (a base stored before uploads
   * were checked this closely): otherwise every document made from the template would fail.
   */
  private async assertFillable(baseDocument: string): Promise<void> {
    try {
      await assertDocxBaseFile(this.storage.pathOf(baseDocument));
    } catch (error) {
      if (!(error instanceof DocxPackageError)) throw error;
      throw new BadRequestException(TEMPLATE_MESSAGES.docxRefused(error.message));
    }
  }

  /** A file the caller uploaded of the right kind (or may read: a base another visible template uses). */
  private async assertFile(manager: EntityManager, user: AuthUser, name: string, kind: string, message: string) {
    const file = isStoredName(name) ? await manager.findOneBy(StoredFileEntity, { storedName: name }) : null;
    if (!file || file.ownerKind !== kind || !(await this.files.canRead(user, file))) {
      throw new BadRequestException(message);
    }
  }

  private async views(manager: EntityManager, rows: TemplateEntity[], user: AuthUser): Promise<TemplateView[]> {
    const creatorIds = [...new Set(rows.map((t) => t.createdBy).filter((id): id is string => id !== null))];
    const creators = new Map(
      creatorIds.length === 0
        ? []
        : (await manager.find(UserEntity, { where: { id: In(creatorIds) }, select: { id: true, name: true } })).map(
            (u) => [u.id, u.name] as const,
          ),
    );
    return rows.map((t) => ({
      _id: t.id,
      id: t.id,
      title: t.title,
      content: t.content,
      type: t.type,
      category: t.category,
      isPublic: t.isPublic,
      documentFormat: t.documentFormat,
      baseDocument: t.baseDocument,
      organization: t.organization,
      formatting: t.formatting,
      createdBy:
        t.createdBy && creators.has(t.createdBy) ? { id: t.createdBy, name: creators.get(t.createdBy)! } : null,
      department: t.department,
      canEdit: canEditTemplate(t, user),
      createdAt: t.createdAt.toISOString(),
      updatedAt: t.updatedAt.toISOString(),
    }));
  }
}
