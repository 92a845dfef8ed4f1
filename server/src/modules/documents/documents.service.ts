import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { randomInt, randomUUID } from 'node:crypto';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { AppConfig } from '#server/config/config.module';
import type { DocumentStatus, DocumentView } from '#server/contracts/documents';
import type { PendingSignaturesQuery } from '#server/contracts/signature-requests';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { DOCUMENT_TYPE_MESSAGES } from '#server/contracts/document-types';
import type { PlaceholderValues, TemplateRenderJob } from '#server/contracts/templates';
import { DOCUMENT_MESSAGES } from '#server/contracts/documents';
import type { DocumentEntity, StoredFileEntity } from '#server/database/entities/index';
import { Transactions, type Tx } from '#server/database/transactions';
import { OutboxService } from '#server/outbox/outbox.service';
import { AuditService } from '../audit/audit.service';
import { extensionOf } from '#server/domain/files/file-names';
import { type FileContent, FileStorageService } from '#server/domain/files/file-storage.service';
import { PROCESS_NOT_FOUND } from '../processes/process-queries.service';
import { assertMayAct } from '../processes/process-rules';
import { canManageDocument, isContentLocked, statusChangeDecision } from './document-rules';
import { buildDocumentViews } from './document-views';
import { type SearchTerms, type SearchWindow, searchTerms } from '#server/domain/search/text-search';
import type { SearchGroup } from '#server/contracts/search';
import { fillPlaceholders, placeholderDate } from '#server/domain/templates/placeholders';
import { htmlToPlainText } from '#server/domain/templates/html-to-text';
import { WORKER_FILE_TIMEOUT_MS, WorkerFileClient } from '../files/worker-file.client';
import { TemplatesService } from '../templates/templates.service';
import { DepartmentsRepository } from '#server/repositories/departments.repository';
import { DocumentSignaturesRepository } from '#server/repositories/document-signatures.repository';
import { DocumentTypesRepository } from '#server/repositories/document-types.repository';
import { DocumentsRepository } from '#server/repositories/documents.repository';
import { StoredFilesRepository } from '#server/repositories/stored-files.repository';
import { UsersRepository } from '#server/repositories/users.repository';

export const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';
const OWNER_KIND = 'document';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const found = (doc: DocumentEntity | null): DocumentEntity => {
  if (!doc) throw new NotFoundException(DOCUMENT_NOT_FOUND);
  return doc;
};

export interface NewDocumentInput {
  title: string;
  departmentAccess?: string[];
  confidential?: boolean;
  confidentialAccess?: string[];
  /** A process the creator can see and act on; the document keeps only the link. */
  processId?: string;
  /** An active document type (docs/documents.md#types). */
  documentType?: string;
}

/** "Primeiros 100 caracteres..." (docs/documents.md#validation: first 100 characters plus an ellipsis when longer). */
export function describeContent(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  return chars.length > 100 ? `${chars.slice(0, 100).join('')}...` : flat;
}

/** DOC-{year}-{10000..99999} (docs/documents.md#limits). */
export const protocolNumberFor = (year: number) => `DOC-${year}-${randomInt(10_000, 100_000)}`;

/** A document's file name: the title, without characters file systems refuse, and the extension. */
const fileNameFor = (title: string, ext: string) =>
  `${title.replace(/[\\/:*?"<>|]/g, '-').trim() || 'documento'}.${ext}`;

/** What only a document made from a template carries, decided before it is stored. */
interface TemplateParts {
  id: string;
  protocolNumber: string;
  templateId: string;
  templateHtml: string;
  /** The filled DOCX base, stored as the document's second file. */
  docx: Buffer | null;
}

const RENDER_FAILED = 'Não foi possível gerar o PDF do documento a partir do template. Tente novamente.';
const FILL_FAILED = 'Não foi possível preencher o documento DOCX do template. Tente novamente.';

const PROTOCOL_ATTEMPTS = 20;
/** At most this many documents in a list (GET /documents). */
const LIST_LIMIT = 500;

@Injectable()
export class DocumentsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly documents: DocumentsRepository,
    private readonly signatures: DocumentSignaturesRepository,
    private readonly files: StoredFilesRepository,
    private readonly users: UsersRepository,
    private readonly departments: DepartmentsRepository,
    private readonly storage: FileStorageService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly templates: TemplatesService,
    private readonly worker: WorkerFileClient,
    private readonly deadlines: DeadlineClock,
    private readonly config: AppConfig,
    private readonly documentTypes: DocumentTypesRepository,
  ) {}

  /**
   * POST /documents: the text becomes a .txt named after the title; an explicit description wins.
   * With a template, see createFromTemplate.
   */
  async createFromText(
    user: AuthUser,
    input: NewDocumentInput & { content: string; description?: string; templateId?: string },
    meta: RequestMeta,
  ) {
    if (input.templateId) return this.createFromTemplate(user, { ...input, templateId: input.templateId }, meta);
    return this.create(
      user,
      input,
      Buffer.from(input.content, 'utf8'),
      fileNameFor(input.title, 'txt'),
      input.description || describeContent(input.content),
      meta,
    );
  }

  /**
   * A document made from a template the caller is offered (else 404): the placeholders of the
   * HTML are filled (the protocol number is drawn first, so `{{numero}}` is the document's own),
   * the HTML is sanitised, and the worker renders the PDF with the template's page format and
   * header, which becomes the document's file; a docx/hybrid template with a base also gets its
   * DOCX filled, kept as a second file. Nothing is stored when a rendering fails (503).
   */
  async createFromTemplate(
    user: AuthUser,
    input: NewDocumentInput & { content: string; description?: string; templateId: string },
    meta: RequestMeta,
  ) {
    const template = await this.templates.findOffered(user, input.templateId);
    this.assertMayCreate(user, input);
    const id = randomUUID();
    const protocolNumber = await this.freeProtocolNumber();
    const values: PlaceholderValues = {
      data: placeholderDate(new Date(), this.config.TIME_ZONE),
      numero: protocolNumber,
      departamento: user.department,
      usuario: user.name,
      titulo: input.title,
    };
    // Loaded on first use (it brings sanitize-html): keeps the server's start fast.
    const { hasVisibleContent, sanitizeTemplateHtml } = await import('#server/domain/templates/template-html');
    const html = sanitizeTemplateHtml(fillPlaceholders(input.content, values));
    if (!hasVisibleContent(html)) throw new BadRequestException(DOCUMENT_MESSAGES.contentRequired);
    const job: TemplateRenderJob = {
      documentId: id,
      title: input.title,
      html,
      values,
      documentFormat: template.documentFormat,
      formatting: template.formatting,
      organization: template.organization,
      baseDocument: template.baseDocument,
    };
    const withDocx = template.baseDocument !== null && template.documentFormat !== 'html';
    const [pdf, docx] = await Promise.all([
      this.worker.render('document.render-template', job, {
        timeoutMs: WORKER_FILE_TIMEOUT_MS,
        failure: RENDER_FAILED,
      }),
      withDocx
        ? this.worker.render('document.fill-docx', job, { timeoutMs: WORKER_FILE_TIMEOUT_MS, failure: FILL_FAILED })
        : null,
    ]);
    return this.create(
      user,
      input,
      pdf,
      fileNameFor(input.title, 'pdf'),
      input.description || describeContent(htmlToPlainText(html)),
      meta,
      { id, protocolNumber, templateId: template.id, templateHtml: html, docx },
    );
  }

  /** The filled DOCX of a document made from a template, for whoever sees the document (else 404). */
  async docxFile(user: AuthUser, id: string): Promise<StoredFileEntity> {
    const doc = await this.findVisible(user, id);
    const file = doc.docxFileId ? await this.files.findById(doc.docxFileId) : null;
    if (!file) throw new NotFoundException('Este documento não tem versão DOCX.');
    return file;
  }

  /** POST /documents/upload: any allowed file (same checks and limits as every upload). */
  async createFromUpload(
    user: AuthUser,
    input: Partial<NewDocumentInput>,
    file: { path: string; originalname: string },
    meta: RequestMeta,
  ) {
    const name = file.originalname;
    const title = input.title || name.replace(/\.[^.]+$/, '') || name;
    return this.create(user, { ...input, title }, file, name, '', meta);
  }

  /** Visible documents, optionally narrowed by a search text, the process they are linked to and their type. */
  async list(user: AuthUser, search?: string, processId?: string, documentTypeId?: string): Promise<DocumentView[]> {
    const q = search?.trim();
    const docs = await this.documents.listVisible(
      user,
      { processId, documentTypeId, terms: q ? searchTerms(q) : undefined },
      LIST_LIMIT,
    );
    return this.views(user, docs);
  }

  /** The header search: visible documents matching `terms`, best match first, then newest. */
  async search(user: AuthUser, terms: SearchTerms, window: SearchWindow): Promise<SearchGroup<DocumentView>> {
    const { count, docs } = await this.documents.searchVisible(user, terms, window);
    return { total: count.total, totalIsLowerBound: count.lowerBound, items: await this.views(user, docs) };
  }

  /**
   * 'Assinaturas pendentes' (docs/documents.md#signature-requests): documents awaiting the caller's
   * signature now, by deadline then age, optionally of one process or one requester.
   */
  async pendingSignatures(user: AuthUser, filters: PendingSignaturesQuery = {}): Promise<DocumentView[]> {
    return this.views(user, await this.documents.findAwaitingSignatureOf(user.id, filters));
  }

  async view(user: AuthUser, id: string, tx?: Tx): Promise<DocumentView> {
    const doc = await this.findVisible(user, id, tx);
    const [view] = await this.views(user, [doc], tx);
    return view;
  }

  /** The views of already-authorised documents, with a fixed number of queries. */
  async views(user: AuthUser, docs: DocumentEntity[], tx?: Tx): Promise<DocumentView[]> {
    if (docs.length === 0) return [];
    const parts = await this.documents.findViewParts(docs, user, tx);
    const context = await this.deadlines.context(
      parts.requests.map((r) => r.deadlineDue),
      tx,
    );
    return buildDocumentViews(docs, parts, user, context);
  }

  /** The document if `user` may see it, else 404 (also for ids that do not exist). */
  async findVisible(user: AuthUser, id: string, tx?: Tx): Promise<DocumentEntity> {
    return found(UUID.test(id) ? await this.documents.findVisible(user, id, tx) : null);
  }

  /** The same, the row locked until `tx` ends. */
  async lockVisible(user: AuthUser, id: string, tx: Tx): Promise<DocumentEntity> {
    return found(UUID.test(id) ? await this.documents.findVisibleAndLock(user, id, tx) : null);
  }

  /**
   * Editor save: title, content and (when given; null clears it) type of a .txt document that
   * nobody has signed yet.
   */
  async updateText(
    user: AuthUser,
    id: string,
    { title, content, documentType }: { title: string; content: string; documentType?: string | null },
    meta: RequestMeta,
  ) {
    return this.transactions.run(async (tx) => {
      const doc = await this.lockVisible(user, id, tx);
      const file = await this.files.getById(doc.fileId, tx);
      await this.assertContentWritable(doc, file, user, tx);
      const documentTypeId =
        documentType === undefined || documentType === doc.documentTypeId
          ? doc.documentTypeId
          : documentType && (await this.assignableType(documentType, tx));
      await this.storage.replaceTextContent(file.storedName, content, tx);
      await this.documents.update(id, { title, description: describeContent(content), documentTypeId }, tx);
      await this.audit.record(
        {
          action: 'update',
          entityType: 'document',
          entityId: id,
          description: `Documento ${doc.protocolNumber} editado`,
          actor: user,
          meta,
        },
        tx,
      );
      return this.view(user, id, tx);
    });
  }

  /**
   * Throws unless `user` may change the bytes of `file` (a document's .txt): 403 for someone who
   * only reads it, 409 once it is signed, 415 for other types. Used by the editor route and by the
   * file policy behind PUT /uploads/:file/content.
   */
  async assertContentWritable(doc: DocumentEntity, file: StoredFileEntity, user: AuthUser, tx?: Tx): Promise<void> {
    if (!canManageDocument(doc, user)) throw new ForbiddenException('Não foi possível editar este documento...');
    const signatures = await this.signatures.countFor(doc.id, tx);
    if (file.id !== doc.fileId || isContentLocked(doc, signatures)) {
      throw new ConflictException('Documento assinado não pode ser alterado.');
    }
    if (extensionOf(file.storedName) !== 'txt') {
      throw new BadRequestException('Apenas documentos .txt podem ser editados.');
    }
  }

  async setStatus(user: AuthUser, id: string, status: DocumentStatus, meta: RequestMeta) {
    return this.transactions.run(async (tx) => {
      const doc = await this.lockVisible(user, id, tx);
      const decision = statusChangeDecision(doc, status, user);
      if (decision === 'invalid') throw new ConflictException('Transição de status não permitida.');
      if (decision === 'forbidden') {
        throw new ForbiddenException('Você não tem permissão para alterar o status deste documento.');
      }
      await this.documents.update(id, { status }, tx);
      await this.audit.record(
        {
          action: 'update',
          entityType: 'document',
          entityId: id,
          description: `Status do documento ${doc.protocolNumber} alterado de ${doc.status} para ${status}`,
          actor: user,
          meta,
          details: { from: doc.status, to: status },
        },
        tx,
      );
      return this.view(user, id, tx);
    });
  }

  private assertMayCreate(user: AuthUser, input: NewDocumentInput): void {
    if (input.confidential && user.level !== 'Chefia') {
      throw new ForbiddenException('Apenas usuários de nível Chefia podem criar documentos sigilosos.');
    }
  }

  private async create(
    user: AuthUser,
    input: NewDocumentInput,
    content: FileContent,
    fileName: string,
    description: string,
    meta: RequestMeta,
    fromTemplate?: TemplateParts,
  ): Promise<DocumentView> {
    this.assertMayCreate(user, input);
    const departments = [...new Set([user.department, ...(input.departmentAccess ?? [])])];
    const confidentialAccess = input.confidential ? [...new Set([user.id, ...(input.confidentialAccess ?? [])])] : [];
    const storedNames: string[] = [];
    try {
      return await this.transactions.run(async (tx) => {
        await this.assertDepartments(departments, tx);
        await this.assertUsers(confidentialAccess, tx);
        const process = input.processId ? await this.processToLinkTo(user, input.processId, tx) : null;
        const documentTypeId = input.documentType ? await this.assignableType(input.documentType, tx) : null;
        const file = await this.storage.store(content, fileName, { ownerKind: OWNER_KIND, uploadedBy: user.id }, tx);
        storedNames.push(file.storedName);
        const docx = fromTemplate?.docx
          ? await this.storage.store(
              fromTemplate.docx,
              fileNameFor(input.title, 'docx'),
              { ownerKind: OWNER_KIND, ownerId: fromTemplate.id, uploadedBy: user.id },
              tx,
            )
          : null;
        if (docx) storedNames.push(docx.storedName);
        const values: Partial<DocumentEntity> = {
          title: input.title,
          description,
          status: 'draft',
          fileId: file.id,
          department: user.department,
          confidential: Boolean(input.confidential),
          createdBy: user.id,
          processId: process?.id ?? null,
          documentTypeId,
        };
        const doc = fromTemplate
          ? await this.insertWithProtocolNumber(
              tx,
              {
                ...values,
                id: fromTemplate.id,
                templateId: fromTemplate.templateId,
                templateHtml: fromTemplate.templateHtml,
                docxFileId: docx?.id ?? null,
              },
              fromTemplate.protocolNumber,
            )
          : await this.insertWithProtocolNumber(tx, values);
        await this.files.setOwner(file.id, doc.id, tx);
        await this.documents.addDepartmentAccess(doc.id, departments, tx);
        await this.documents.addConfidentialAccess(doc.id, confidentialAccess, tx);
        await this.audit.record(
          {
            action: 'create',
            entityType: 'document',
            entityId: doc.id,
            description: `Documento ${doc.protocolNumber} criado: ${doc.title}`,
            actor: user,
            meta,
            details: {
              protocolNumber: doc.protocolNumber,
              confidential: doc.confidential,
              departments,
              documentTypeId,
              ...(fromTemplate ? { templateId: fromTemplate.templateId } : {}),
            },
          },
          tx,
        );
        return this.view(user, doc.id, tx);
      });
    } catch (error) {
      await this.storage.discardFromDisk(storedNames);
      throw error;
    }
  }

  /**
   * A protocol number no document holds now, for a document whose content needs its number before
   * it is stored (a template's `{{numero}}`). Another document could take it before this one is
   * inserted (1 in 90,000 per concurrent creation): that insert then fails with a 409.
   */
  private async freeProtocolNumber(): Promise<string> {
    const year = new Date().getFullYear();
    for (let attempt = 0; attempt < PROTOCOL_ATTEMPTS; attempt++) {
      const protocolNumber = protocolNumberFor(year);
      if (!(await this.documents.protocolNumberTaken(protocolNumber))) return protocolNumber;
    }
    throw new ServiceUnavailableException('Não foi possível gerar um número de protocolo. Tente novamente.');
  }

  /** Draws protocol numbers until one is free (or tries the `fixed` one once). */
  private async insertWithProtocolNumber(tx: Tx, values: Partial<DocumentEntity>, fixed?: string) {
    const year = new Date().getFullYear();
    for (let attempt = 0; attempt < (fixed ? 1 : PROTOCOL_ATTEMPTS); attempt++) {
      const protocolNumber = fixed ?? protocolNumberFor(year);
      const doc = await this.documents.insertUnlessProtocolTaken({ ...values, protocolNumber }, tx);
      if (doc) return doc;
    }
    if (fixed) throw new ConflictException('O número de protocolo acabou de ser usado. Tente novamente.');
    throw new ServiceUnavailableException('Não foi possível gerar um número de protocolo. Tente novamente.');
  }

  private async assertDepartments(names: string[], tx: Tx) {
    const found = await this.departments.countByNames(names, tx);
    if (found !== names.length) throw new BadRequestException('Departamento não encontrado na lista de acesso.');
  }

  /** Linking a document acts on the process, like attaching a file: it must be visible and actable. */
  private async processToLinkTo(user: AuthUser, processId: string, tx: Tx) {
    const process = await this.documents.findLinkableProcess(user, processId, tx);
    if (!process) throw new BadRequestException(PROCESS_NOT_FOUND);
    assertMayAct(user, process);
    return process;
  }

  /** The id of an active document type, else 400 (an inactive one may stay on older documents only). */
  private async assignableType(id: string, tx: Tx): Promise<string> {
    const type = await this.documentTypes.findById(id, tx);
    if (!type) throw new BadRequestException(DOCUMENT_TYPE_MESSAGES.notFound);
    if (!type.active) throw new BadRequestException(DOCUMENT_TYPE_MESSAGES.inactive);
    return type.id;
  }

  private async assertUsers(ids: string[], tx: Tx) {
    if (ids.length === 0) return;
    const found = await this.users.countByIds(ids, tx);
    if (found !== ids.length) throw new BadRequestException('Usuário não encontrado na lista de acesso.');
  }
}
