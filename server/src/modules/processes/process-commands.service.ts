import { BadRequestException, Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { LAI_LEGAL_DEADLINE } from '#server/contracts/lai';
import {
  LAI_REQUEST_TYPE,
  PROCESS_HISTORY_ACTIONS as ACTIONS,
  type ProcessDocumentContext,
  type ProcessStatus,
  type ProcessView,
  type ProtocolStatus,
} from '#server/contracts/processes';
import type { ProcessDocumentEntity, ProcessEntity } from '#server/database/entities/index';
import { Transactions, type Tx } from '#server/database/transactions';
import { DepartmentsRepository } from '#server/repositories/departments.repository';
import { ProcessActivityRepository } from '#server/repositories/process-activity.repository';
import { ProcessesRepository } from '#server/repositories/processes.repository';
import { RequestersRepository } from '#server/repositories/requesters.repository';
import { ProcessAccessCodesRepository } from '#server/repositories/process-access-codes.repository';
import { newAccessCode } from '#server/domain/processes/access-code';
import { StoredFilesRepository } from '#server/repositories/stored-files.repository';
import { UsersRepository } from '#server/repositories/users.repository';
import { sanitizeOriginalName } from '#server/domain/files/file-names';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { ReceiptMailService } from './receipt-mail.service';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';
import { ProcessActivityService } from './process-activity.service';
import { ProcessDeadlinesService } from './process-deadlines.service';
import { nextProcessNumber } from './process-numbering';
import type { CreateProcessDto } from './dto/create-process.dto';
import type { ForwardProcessDto } from './dto/forward-process.dto';
import { protocolRecord, type RequesterChoice, requesterChoice } from './process-creation';
import { ProcessQueriesService } from './process-queries.service';
import { assertMayAct, assertMayDelete, assertMayEditConfidentiality } from './process-rules';
import { AppConfig } from '#server/config/config.module';
import { removeReportExportsOf } from '#server/domain/exports/export-files';

/** An upload multer streamed to a temporary file; storing it moves the file into place. */
export type UploadedFile = Pick<Express.Multer.File, 'path' | 'originalname'>;

/** Protocol status that follows a process status change. */
const PROTOCOL_STATUS_FOR: Partial<Record<ProcessStatus, ProtocolStatus>> = {
  'em andamento': 'in-progress',
  concluído: 'completed',
  cancelado: 'canceled',
};

const attachmentNames = (docs: ProcessDocumentEntity[]) =>
  docs.length ? `\nAnexos: ${docs.map((d) => d.name).join(', ')}` : '';

/**
 * Process actions (docs/processes.md#states). Each runs in one transaction that locks the process row, checks
 * the rules, changes the data and records history, audit and outbox through ProcessActivityService.
 */
@Injectable()
export class ProcessCommandsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly processes: ProcessesRepository,
    private readonly activityLog: ProcessActivityRepository,
    private readonly departments: DepartmentsRepository,
    private readonly users: UsersRepository,
    private readonly requesters: RequestersRepository,
    private readonly storedFiles: StoredFilesRepository,
    private readonly queries: ProcessQueriesService,
    private readonly activity: ProcessActivityService,
    private readonly deadlines: ProcessDeadlinesService,
    private readonly files: FileStorageService,
    private readonly config: AppConfig,
    private readonly accessCodes: ProcessAccessCodesRepository,
    private readonly receiptMail: ReceiptMailService,
  ) {}

  /**
   * `withProtocol`: open the protocol record even without protocol data (POST /protocol).
   * `online`: a citizen's filing (docs/processes.md#online-filing), created by the online-filing
   * account in the receiving department itself.
   */
  async create(
    user: AuthUser,
    input: CreateProcessDto,
    { withProtocol, online = false }: { withProtocol: boolean; online?: boolean },
    uploads: UploadedFile[],
    meta: RequestMeta,
  ) {
    const confidentialAccess = input.confidential ? input.confidentialAccess : [];
    const protocol = protocolRecord(input, { required: withProtocol });
    const view = await this.withFiles(async (manager, stored) => {
      const origin = user.department;
      await this.assertDepartment(manager, input.destinationDepartment);
      if (input.destinationDepartment === origin && !online) {
        throw new BadRequestException('O setor de destino deve ser diferente do setor de origem.');
      }
      await this.assertUsersExist(manager, confidentialAccess);
      const requester = await this.resolveRequester(manager, user, requesterChoice(input));
      const id = await nextProcessNumber(this.processes, manager, this.config.PROTOCOL_UNIT_CODE);
      const now = new Date();
      const process = await this.processes.insert(
        {
          id,
          subject: input.subject,
          description: input.description,
          status: 'pendente',
          currentDepartment: input.destinationDepartment,
          originDepartment: origin,
          confidential: input.confidential,
          requestType: input.requestType,
          createdBy: user.id,
          requesterUserId: requester.userId,
          requesterExternalId: requester.externalId,
          createdAt: now,
          updatedAt: now,
          lastUpdate: now,
        },
        manager,
      );
      await this.processes.replaceAccessList(id, confidentialAccess, manager);
      if (protocol) await this.processes.insertProtocol({ processId: id, ...protocol, createdAt: now }, manager);
      if (requester.externalId) await this.accessCodes.replace(id, newAccessCode(), manager);
      const docs = await this.storeAll(manager, stored, process, user, uploads, 'process', null);
      await this.activity.record(manager, process, user, meta, {
        history: {
          action: ACTIONS.created,
          from: origin,
          to: input.destinationDepartment,
          comment: `Processo criado e enviado para ${input.destinationDepartment}.${attachmentNames(docs)}`,
          date: now,
        },
        audit: {
          action: 'create',
          description: `Processo ${id} criado`,
          details: {
            subject: input.subject,
            destination: input.destinationDepartment,
            confidential: input.confidential,
            requestType: input.requestType,
            attachments: docs.length,
          },
        },
        event: { type: 'process.created', extra: {} },
      });
      await this.deadlines.atCreation(
        { tx: manager, process, user, meta, at: now },
        input.requestType === LAI_REQUEST_TYPE ? LAI_LEGAL_DEADLINE : input.deadline,
        protocol?.dueDate ?? null,
      );
      return this.queries.details(user, id, manager);
    });
    await this.receiptMail.afterCreation(view);
    return view;
  }

  async forward(user: AuthUser, id: string, input: ForwardProcessDto, meta: RequestMeta) {
    const { destinationDepartment: destination, comment, returnDeadline } = input;
    return this.transactions.run(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      assertMayAct(user, process);
      if (destination === process.currentDepartment) {
        throw new BadRequestException('O setor de destino deve ser diferente do setor atual.');
      }
      await this.assertDepartment(manager, destination);
      const from = process.currentDepartment;
      const now = new Date();
      process.currentDepartment = destination;
      await this.setStatus(manager, process, 'em andamento', now, { currentDepartment: destination });
      await this.activity.record(manager, process, user, meta, {
        history: { action: ACTIONS.forwarded, from, to: destination, comment, date: now },
        audit: {
          action: 'forward',
          description: `Processo ${id} encaminhado de ${from} para ${destination}`,
          details: { from, to: destination },
        },
        event: { type: 'process.forwarded', extra: { fromDepartment: from, toDepartment: destination, comment } },
      });
      await this.deadlines.atForward({ tx: manager, process, user, meta, at: now }, from, destination, returnDeadline);
      return this.queries.details(user, id, manager);
    });
  }

  async respond(user: AuthUser, id: string, text: string, uploads: UploadedFile[], meta: RequestMeta) {
    return this.withFiles(async (manager, stored) => {
      const process = await this.lockVisible(manager, user, id);
      assertMayAct(user, process);
      const now = new Date();
      const response = await this.activityLog.insertResponse(
        {
          processId: id,
          kind: 'response',
          text,
          userId: user.id,
          userName: user.name,
          userDepartment: user.department,
          createdAt: now,
        },
        manager,
      );
      const docs = await this.storeAll(manager, stored, process, user, uploads, 'response', response.id);
      await this.touch(manager, process, now);
      await this.activity.record(manager, process, user, meta, {
        history: {
          action: docs.length ? ACTIONS.respondedWithAttachments : ACTIONS.responded,
          from: process.currentDepartment,
          comment: `${text}${attachmentNames(docs)}`,
          date: now,
        },
        audit: {
          action: 'update',
          description: `Resposta adicionada ao processo ${id}`,
          details: { attachments: docs.length },
        },
        event: { type: 'process.responded', extra: {} },
      });
      await this.deadlines.atResponse({ tx: manager, process, user, meta, at: now });
      return this.queries.details(user, id, manager);
    });
  }

  async finalize(user: AuthUser, id: string, finalResponse: string, meta: RequestMeta) {
    return this.transactions.run(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      assertMayAct(user, process);
      const now = new Date();
      await this.activityLog.insertResponse(
        {
          processId: id,
          kind: 'final',
          text: finalResponse,
          userId: user.id,
          userName: user.name,
          userDepartment: user.department,
          createdAt: now,
        },
        manager,
      );
      await this.setStatus(manager, process, 'concluído', now);
      await this.activity.record(manager, process, user, meta, {
        history: { action: ACTIONS.finalized, from: process.currentDepartment, comment: finalResponse, date: now },
        audit: { action: 'update', description: `Processo ${id} finalizado`, details: { status: 'concluído' } },
        event: { type: 'process.finalized', extra: {} },
      });
      await this.deadlines.atFinalization({ tx: manager, process, user, meta, at: now });
      return this.queries.details(user, id, manager);
    });
  }

  async attach(
    user: AuthUser,
    id: string,
    upload: UploadedFile | undefined,
    options: { context: ProcessDocumentContext; name?: string },
    meta: RequestMeta,
  ) {
    if (!upload) throw new BadRequestException(PROCESS_MESSAGES.attachmentRequired);
    return this.withFiles(async (manager, stored) => {
      const process = await this.lockVisible(manager, user, id);
      assertMayAct(user, process);
      const now = new Date();
      const [doc] = await this.storeAll(manager, stored, process, user, [upload], options.context, null, options.name);
      await this.touch(manager, process, now);
      await this.activity.record(manager, process, user, meta, {
        history: {
          action: options.context === 'response' ? ACTIONS.documentAttachedToResponse : ACTIONS.documentAttached,
          from: process.currentDepartment,
          comment: doc.name,
          date: now,
        },
        audit: {
          action: 'upload',
          description: `Documento "${doc.name}" anexado ao processo ${id}`,
          details: { name: doc.name, size: doc.size, mimeType: doc.mimeType, context: options.context },
        },
      });
      return this.queries.details(user, id, manager);
    });
  }

  async toggleConfidential(user: AuthUser, id: string, confidential: boolean, accessIds: string[], meta: RequestMeta) {
    const access = confidential ? [...new Set(accessIds)] : [];
    const result = await this.transactions.run(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      const before = process.confidential ? await this.processes.accessListIds(id, manager) : null;
      assertMayEditConfidentiality(user);
      if (confidential && access.length === 0) {
        throw new BadRequestException(PROCESS_MESSAGES.confidentialAccessRequired);
      }
      await this.assertUsersExist(manager, access);
      const now = new Date();
      process.confidential = confidential;
      await this.processes.update(id, { confidential, updatedAt: now, lastUpdate: now }, manager);
      await this.processes.replaceAccessList(id, access, manager);
      await this.activity.record(manager, process, user, meta, {
        history: {
          action: ACTIONS.confidentialityChanged,
          comment: confidential
            ? `Processo marcado como sigiloso (${access.length} ${access.length === 1 ? 'usuário' : 'usuários'} com acesso).`
            : 'Sigilo removido do processo.',
          date: now,
        },
        audit: {
          action: 'update',
          description: `Sigilo do processo ${id} ${confidential ? 'ativado' : 'desativado'}`,
          details: { confidential, confidentialAccess: access },
        },
        event: { type: 'process.confidentiality-changed', extra: { previousAccess: before?.sort() ?? null } },
      });
      // A Gabinete user may protect a process without being on its access list: the change holds,
      // and from now on the process does not exist for them (null instead of a 404 and a rollback).
      const details = (await this.processes.isVisible(user, id, manager))
        ? await this.queries.details(user, id, manager)
        : null;
      return { details, before };
    });
    if (confidential) {
      // Whoever lost sight of the process loses the report exports made while they saw it: everyone
      // off the list when it becomes confidential, those taken off the list otherwise.
      const kept = new Set(access);
      const lost = result.before && new Set(result.before.filter((userId) => !kept.has(userId)));
      await removeReportExportsOf(this.config.STORAGE_DIR, (owner) => (lost ? lost.has(owner) : !kept.has(owner)));
    }
    return result.details;
  }

  /** docs/processes.md#receipts-and-tracking: a new access code; the old one stops working. Neither is logged. */
  async reissueAccessCode(user: AuthUser, id: string, meta: RequestMeta): Promise<ProcessView> {
    return this.transactions.run(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      assertMayAct(user, process);
      if (!process.requesterExternalId) throw new BadRequestException(PROCESS_MESSAGES.noExternalRequester);
      await this.accessCodes.replace(id, newAccessCode(), manager);
      await this.activity.record(manager, process, user, meta, {
        history: { action: ACTIONS.accessCodeReissued, comment: 'Novo código de acesso emitido.' },
        audit: { action: 'update', description: `Código de acesso do processo ${id} reemitido` },
      });
      return this.queries.details(user, id, manager);
    });
  }

  /**
   * docs/processes.md#updates-by-e-mail: turns the external requester's updates by e-mail on or off
   * (for every process of that requester), by whoever may act on the process.
   */
  async setEmailUpdates(user: AuthUser, id: string, emailUpdates: boolean, meta: RequestMeta): Promise<ProcessView> {
    return this.transactions.run(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      assertMayAct(user, process);
      const requester = process.requesterExternalId
        ? await this.requesters.findById(process.requesterExternalId, manager)
        : null;
      if (!requester) throw new BadRequestException(PROCESS_MESSAGES.noExternalRequesterToUpdate);
      if (emailUpdates && !requester.email) throw new BadRequestException(PROCESS_MESSAGES.emailUpdatesNeedsEmail);
      if (requester.emailUpdates !== emailUpdates) {
        await this.requesters.setEmailUpdates(requester.id, emailUpdates, manager);
        const state = emailUpdates ? 'ativadas' : 'desativadas';
        await this.activity.record(manager, process, user, meta, {
          history: { action: ACTIONS.emailUpdatesChanged, comment: `Atualizações por e-mail ao requerente ${state}.` },
          audit: {
            action: 'update',
            description: `Atualizações por e-mail do requerente do processo ${id} ${state}`,
            details: { emailUpdates },
          },
        });
      }
      return this.queries.details(user, id, manager);
    });
  }

  async remove(user: AuthUser, id: string, meta: RequestMeta): Promise<void> {
    assertMayDelete(user);
    const storedNames = await this.transactions.run(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      const files = await this.activityLog.filesOf(id, manager);
      // The event needs the access list, which the delete cascades away: record first.
      await this.activity.record(manager, process, user, meta, {
        audit: {
          action: 'delete',
          description: `Processo ${id} excluído`,
          details: { subject: process.subject, status: process.status, attachments: files.length },
        },
        event: { type: 'process.deleted', extra: {} },
      });
      await this.processes.delete(id, manager);
      await this.storedFiles.deleteByIds(
        files.map((f) => f.id),
        manager,
      );
      return files.map((f) => f.storedName);
    });
    await this.files.discardFromDisk(storedNames);
  }

  /** The process row locked for this transaction, if `user` may see it; 404 otherwise. */
  private lockVisible(manager: Tx, user: AuthUser, id: string): Promise<ProcessEntity> {
    return this.queries.lockVisible(manager, user, id);
  }

  /** Runs `work` in a transaction; files it stored are removed from disk if the transaction fails. */
  private async withFiles(work: (manager: Tx, stored: string[]) => Promise<ProcessView>) {
    const stored: string[] = [];
    try {
      return await this.transactions.run((manager) => work(manager, stored));
    } catch (error) {
      await this.files.discardFromDisk(stored);
      throw error;
    }
  }

  private async storeAll(
    manager: Tx,
    stored: string[],
    process: ProcessEntity,
    user: AuthUser,
    uploads: UploadedFile[],
    context: ProcessDocumentContext,
    responseId: string | null,
    displayName?: string,
  ): Promise<ProcessDocumentEntity[]> {
    const docs: ProcessDocumentEntity[] = [];
    for (const upload of uploads) {
      const file = await this.files.store(
        upload,
        upload.originalname,
        { ownerKind: 'process', ownerId: process.id, uploadedBy: user.id },
        manager,
      );
      stored.push(file.storedName);
      docs.push(
        await this.activityLog.insertDocument(
          {
            processId: process.id,
            responseId,
            storedFileId: file.id,
            name: displayName?.trim() ? sanitizeOriginalName(displayName) : file.originalName,
            size: file.sizeBytes,
            mimeType: file.mimeType,
            context,
            uploadedBy: user.id,
            uploadedByName: user.name,
            uploadedByDepartment: user.department,
          },
          manager,
        ),
      );
    }
    return docs;
  }

  private async setStatus(
    manager: Tx,
    process: ProcessEntity,
    status: ProcessStatus,
    now: Date,
    extra: Partial<ProcessEntity> = {},
  ) {
    process.status = status;
    await this.processes.update(process.id, { ...extra, status, updatedAt: now, lastUpdate: now }, manager);
    const protocolStatus = PROTOCOL_STATUS_FOR[status];
    if (protocolStatus) await this.processes.setProtocolStatus(process.id, protocolStatus, manager);
  }

  private async touch(manager: Tx, process: ProcessEntity, now: Date) {
    await this.processes.update(process.id, { updatedAt: now, lastUpdate: now }, manager);
  }

  private async assertDepartment(manager: Tx, name: string) {
    if (!(await this.departments.existsByName(name, manager))) {
      throw new BadRequestException(`Departamento "${name}" não existe.`);
    }
  }

  private async assertUsersExist(manager: Tx, ids: string[]) {
    if (!ids.length) return;
    const found = await this.users.countByIds(ids, manager);
    if (found !== ids.length) throw new BadRequestException('Usuário selecionado para acesso sigiloso não encontrado.');
  }

  private async resolveRequester(
    manager: Tx,
    user: AuthUser,
    choice: RequesterChoice,
  ): Promise<{ userId: string | null; externalId: string | null }> {
    switch (choice.kind) {
      case 'creator':
        return { userId: user.id, externalId: null };
      case 'user':
        if (!(await this.users.exists(choice.userId, manager))) {
          throw new BadRequestException('Solicitante não encontrado.');
        }
        return { userId: choice.userId, externalId: null };
      case 'external':
        if (!(await this.requesters.exists(choice.requesterId, manager))) {
          throw new BadRequestException('Solicitante externo não encontrado.');
        }
        return { userId: null, externalId: choice.requesterId };
      case 'new-external': {
        const saved = await this.requesters.insert({ ...choice.requester, createdBy: user.id }, manager);
        return { userId: null, externalId: saved.id };
      }
    }
  }
}
