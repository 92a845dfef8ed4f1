import { BadRequestException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import type { TemplateRequestValues, TemplateView } from '#server/contracts/templates';
import { TEMPLATE_MESSAGES } from '#server/contracts/templates';
import type { TemplateEntity } from '#server/database/entities/index';
import { Transactions, type Tx } from '#server/database/transactions';
import { isStoredName } from '#server/domain/files/file-names';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { DocxPackageError } from '#server/domain/templates/docx-package';
import { assertDocxBaseFile } from '#server/domain/templates/docx-template';
import { resolveFormatting, resolveOrganization } from '#server/domain/templates/template-settings';
import { canEditTemplate } from '#server/domain/templates/template-visibility';
import { StoredFilesRepository } from '#server/repositories/stored-files.repository';
import { TemplatesRepository } from '#server/repositories/templates.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import { AuditService } from '../audit/audit.service';
import { FileAccessRegistry } from '../files/file-access.registry';
import { TEMPLATE_BASE_KIND, ORGANIZATION_LOGO_KIND } from '../files/upload-kinds';

export const TEMPLATE_NOT_FOUND = 'Template não encontrado.';
const FORBIDDEN = 'Apenas o criador do template ou um administrador pode alterá-lo ou excluí-lo.';
/** The list is small (a city hall keeps tens of templates); this only bounds a runaway table. */
const LIST_LIMIT = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const found = (template: TemplateEntity | null): TemplateEntity => {
  if (!template) throw new NotFoundException(TEMPLATE_NOT_FOUND);
  return template;
};

@Injectable()
export class TemplatesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly templates: TemplatesRepository,
    private readonly storedFiles: StoredFilesRepository,
    private readonly users: UsersRepository,
    private readonly audit: AuditService,
    private readonly files: FileAccessRegistry,
    private readonly storage: FileStorageService,
  ) {}

  /** The templates offered to `user`, newest first. */
  async list(user: AuthUser): Promise<TemplateView[]> {
    return this.views(await this.templates.listOffered(user, LIST_LIMIT), user);
  }

  /** A template offered to `user`, else 404 (also for ids that do not exist). */
  async findOffered(user: AuthUser, id: string): Promise<TemplateEntity> {
    return found(UUID.test(id) ? await this.templates.findOffered(user, id) : null);
  }

  async create(user: AuthUser, input: TemplateRequestValues, meta: RequestMeta): Promise<TemplateView> {
    return this.transactions.run(async (tx) => {
      const values = await this.values(user, input, null, tx);
      const saved = await this.templates.insert({ ...values, createdBy: user.id, department: user.department }, tx);
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
        tx,
      );
      return (await this.views([saved], user, tx))[0];
    });
  }

  async update(user: AuthUser, id: string, input: TemplateRequestValues, meta: RequestMeta): Promise<TemplateView> {
    return this.transactions.run(async (tx) => {
      const before = await this.editable(user, id, tx);
      const values = await this.values(user, input, before, tx);
      await this.templates.update(id, values, tx);
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
        tx,
      );
      const saved = await this.templates.getById(id, tx);
      return (await this.views([saved], user, tx))[0];
    });
  }

  async remove(user: AuthUser, id: string, meta: RequestMeta): Promise<void> {
    await this.transactions.run(async (tx) => {
      const template = await this.editable(user, id, tx);
      await this.templates.delete(id, tx);
      await this.audit.record(
        {
          action: 'delete',
          entityType: 'template',
          entityId: id,
          description: `Template "${template.title}" excluído`,
          actor: user,
          meta,
        },
        tx,
      );
    });
  }

  /** 404 when the caller is not offered the template, 403 when they may see but not change it. */
  private async editable(user: AuthUser, id: string, tx: Tx): Promise<TemplateEntity> {
    const template = found(UUID.test(id) ? await this.templates.findOfferedAndLock(user, id, tx) : null);
    if (!canEditTemplate(template, user)) throw new ForbiddenException(FORBIDDEN);
    return template;
  }

  /** The stored columns of a request: defaults filled, HTML sanitised, referenced files checked. */
  private async values(user: AuthUser, input: TemplateRequestValues, before: TemplateEntity | null, tx: Tx) {
    // Loaded on first use (it brings sanitize-html): keeps the server's start fast.
    const { hasVisibleContent, sanitizeTemplateHtml } = await import('#server/domain/templates/template-html');
    const content = sanitizeTemplateHtml(input.content);
    if (!hasVisibleContent(content)) throw new BadRequestException(TEMPLATE_MESSAGES.contentRequired);
    const organization = resolveOrganization(input.organization);
    const baseDocument = input.baseDocument || null;
    if (baseDocument && baseDocument !== before?.baseDocument) {
      await this.assertFile(user, baseDocument, TEMPLATE_BASE_KIND, TEMPLATE_MESSAGES.baseDocumentNotFound, tx);
    }
    if (baseDocument) await this.assertFillable(baseDocument);
    if (organization.logo && organization.logo !== before?.organization.logo) {
      await this.assertFile(user, organization.logo, ORGANIZATION_LOGO_KIND, TEMPLATE_MESSAGES.logoNotFound, tx);
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
  private async assertFile(user: AuthUser, name: string, kind: string, message: string, tx: Tx) {
    const file = isStoredName(name) ? await this.storedFiles.findByName(name, tx) : null;
    if (!file || file.ownerKind !== kind || !(await this.files.canRead(user, file))) {
      throw new BadRequestException(message);
    }
  }

  private async views(rows: TemplateEntity[], user: AuthUser, tx?: Tx): Promise<TemplateView[]> {
    const creatorIds = [...new Set(rows.map((t) => t.createdBy).filter((id): id is string => id !== null))];
    const creators = new Map(
      creatorIds.length === 0 ? [] : (await this.users.findNames(creatorIds, tx)).map((u) => [u.id, u.name] as const),
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
