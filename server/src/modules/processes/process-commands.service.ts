import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, In } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import {
  PROCESS_HISTORY_ACTIONS as ACTIONS,
  type ProcessDocumentContext,
  type ProcessStatus,
  type ProcessView,
  type ProtocolStatus,
} from '#server/contracts/processes';
import {
  DepartmentEntity,
  ExternalRequesterEntity,
  ProcessConfidentialAccessEntity,
  ProcessDocumentEntity,
  ProcessEntity,
  ProcessResponseEntity,
  ProtocolEntity,
  StoredFileEntity,
  UserEntity,
} from '#server/database/entities/index';
import { sanitizeOriginalName } from '#server/domain/files/file-names';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { PROCESS_MESSAGES } from '#server/contracts/validation-messages';
import { ProcessActivityService } from './process-activity.service';
import { nextProcessNumber } from './process-numbering';
import type { CreateProcessDto } from './dto/create-process.dto';
import { protocolRecord, type RequesterChoice, requesterChoice } from './process-creation';
import { PROCESS_NOT_FOUND, ProcessQueriesService } from './process-queries.service';
import { assertMayAct, assertMayDelete, assertMayEditConfidentiality } from './process-rules';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly queries: ProcessQueriesService,
    private readonly activity: ProcessActivityService,
    private readonly files: FileStorageService,
    private readonly config: AppConfig,
  ) {}

  /** `withProtocol`: open the protocol record even without protocol data (POST /protocol). */
  async create(
    user: AuthUser,
    input: CreateProcessDto,
    { withProtocol }: { withProtocol: boolean },
    uploads: UploadedFile[],
    meta: RequestMeta,
  ) {
    const confidentialAccess = input.confidential ? input.confidentialAccess : [];
    const protocol = protocolRecord(input, { required: withProtocol });
    return this.withFiles(async (manager, stored) => {
      const origin = user.department;
      await this.assertDepartment(manager, input.destinationDepartment);
      if (input.destinationDepartment === origin) {
        throw new BadRequestException('O setor de destino deve ser diferente do setor de origem.');
      }
      await this.assertUsersExist(manager, confidentialAccess);
      const requester = await this.resolveRequester(manager, user, requesterChoice(input));
      const id = await nextProcessNumber(manager, this.config.PROTOCOL_UNIT_CODE);
      const now = new Date();
      const process = manager.getRepository(ProcessEntity).create({
        id,
        subject: input.subject,
        description: input.description,
        status: 'pendente',
        currentDepartment: input.destinationDepartment,
        originDepartment: origin,
        confidential: input.confidential,
        createdBy: user.id,
        requesterUserId: requester.userId,
        requesterExternalId: requester.externalId,
        createdAt: now,
        updatedAt: now,
        lastUpdate: now,
      });
      await manager.getRepository(ProcessEntity).insert(process);
      await this.replaceAccess(manager, id, confidentialAccess);
      if (protocol) {
        await manager.getRepository(ProtocolEntity).insert({ processId: id, ...protocol, createdAt: now });
      }
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
            attachments: docs.length,
          },
        },
        event: { type: 'process.created', extra: {} },
      });
      return this.queries.details(user, id, manager);
    });
  }

  async forward(user: AuthUser, id: string, destination: string, comment: string, meta: RequestMeta) {
    return this.dataSource.transaction(async (manager) => {
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
      return this.queries.details(user, id, manager);
    });
  }

  async respond(user: AuthUser, id: string, text: string, uploads: UploadedFile[], meta: RequestMeta) {
    return this.withFiles(async (manager, stored) => {
      const process = await this.lockVisible(manager, user, id);
      assertMayAct(user, process);
      const now = new Date();
      const response = await manager.getRepository(ProcessResponseEntity).save({
        processId: id,
        kind: 'response',
        text,
        userId: user.id,
        userName: user.name,
        userDepartment: user.department,
        createdAt: now,
      });
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
      return this.queries.details(user, id, manager);
    });
  }

  async finalize(user: AuthUser, id: string, finalResponse: string, meta: RequestMeta) {
    return this.dataSource.transaction(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      assertMayAct(user, process);
      const now = new Date();
      await manager.getRepository(ProcessResponseEntity).insert({
        processId: id,
        kind: 'final',
        text: finalResponse,
        userId: user.id,
        userName: user.name,
        userDepartment: user.department,
        createdAt: now,
      });
      await this.setStatus(manager, process, 'concluído', now);
      await this.activity.record(manager, process, user, meta, {
        history: { action: ACTIONS.finalized, from: process.currentDepartment, comment: finalResponse, date: now },
        audit: { action: 'update', description: `Processo ${id} finalizado`, details: { status: 'concluído' } },
        event: { type: 'process.finalized', extra: {} },
      });
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
    const result = await this.dataSource.transaction(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      const before = process.confidential
        ? (await manager.getRepository(ProcessConfidentialAccessEntity).findBy({ processId: id })).map((a) => a.userId)
        : null;
      assertMayEditConfidentiality(user);
      if (confidential && access.length === 0) {
        throw new BadRequestException(PROCESS_MESSAGES.confidentialAccessRequired);
      }
      await this.assertUsersExist(manager, access);
      const now = new Date();
      process.confidential = confidential;
      await manager.getRepository(ProcessEntity).update({ id }, { confidential, updatedAt: now, lastUpdate: now });
      await this.replaceAccess(manager, id, access);
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
        event: { type: 'process.confidentiality-changed', extra: {} },
      });
      // A Gabinete user may protect a process without being on its access list: the change holds,
      // and from now on the process does not exist for them (null instead of a 404 and a rollback).
      const details = (await this.isVisible(manager, user, id)) ? await this.queries.details(user, id, manager) : null;
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

  async remove(user: AuthUser, id: string, meta: RequestMeta): Promise<void> {
    assertMayDelete(user);
    const storedNames = await this.dataSource.transaction(async (manager) => {
      const process = await this.lockVisible(manager, user, id);
      const files = await manager
        .getRepository(StoredFileEntity)
        .createQueryBuilder('f')
        .innerJoin(ProcessDocumentEntity, 'd', 'd.stored_file_id = f.id')
        .where('d.process_id = :id', { id })
        .getMany();
      // The event needs the access list, which the delete cascades away: record first.
      await this.activity.record(manager, process, user, meta, {
        audit: {
          action: 'delete',
          description: `Processo ${id} excluído`,
          details: { subject: process.subject, status: process.status, attachments: files.length },
        },
        event: { type: 'process.deleted', extra: {} },
      });
      await manager.getRepository(ProcessEntity).delete({ id });
      if (files.length) await manager.getRepository(StoredFileEntity).delete({ id: In(files.map((f) => f.id)) });
      return files.map((f) => f.storedName);
    });
    await this.files.discardFromDisk(storedNames);
  }

  private async isVisible(manager: EntityManager, user: AuthUser, id: string): Promise<boolean> {
    const visible = visibleProcessesWhere(user, 'p');
    return manager
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .where('p.id = :id', { id })
      .andWhere(visible.sql, visible.params)
      .getExists();
  }

  /** The process row locked for this transaction, if `user` may see it; 404 otherwise. */
  private async lockVisible(manager: EntityManager, user: AuthUser, id: string): Promise<ProcessEntity> {
    const visible = visibleProcessesWhere(user, 'p');
    const process = await manager
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .where('p.id = :id', { id })
      .andWhere(visible.sql, visible.params)
      .setLock('pessimistic_write')
      .getOne();
    if (!process) throw new NotFoundException(PROCESS_NOT_FOUND);
    return process;
  }

  /** Runs `work` in a transaction; files it stored are removed from disk if the transaction fails. */
  private async withFiles(work: (manager: EntityManager, stored: string[]) => Promise<ProcessView>) {
    const stored: string[] = [];
    try {
      return await this.dataSource.transaction((manager) => work(manager, stored));
    } catch (error) {
      await this.files.discardFromDisk(stored);
      throw error;
    }
  }

  private async storeAll(
    manager: EntityManager,
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
        await manager.getRepository(ProcessDocumentEntity).save({
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
        }),
      );
    }
    return docs;
  }

  private async setStatus(
    manager: EntityManager,
    process: ProcessEntity,
    status: ProcessStatus,
    now: Date,
    extra: Partial<ProcessEntity> = {},
  ) {
    process.status = status;
    await manager
      .getRepository(ProcessEntity)
      .update({ id: process.id }, { ...extra, status, updatedAt: now, lastUpdate: now });
    const protocolStatus = PROTOCOL_STATUS_FOR[status];
    if (protocolStatus) {
      await manager.getRepository(ProtocolEntity).update({ processId: process.id }, { status: protocolStatus });
    }
  }

  private async touch(manager: EntityManager, process: ProcessEntity, now: Date) {
    await manager.getRepository(ProcessEntity).update({ id: process.id }, { updatedAt: now, lastUpdate: now });
  }

  private async replaceAccess(manager: EntityManager, id: string, userIds: string[]) {
    const repo = manager.getRepository(ProcessConfidentialAccessEntity);
    await repo.delete({ processId: id });
    if (userIds.length) await repo.insert(userIds.map((userId) => ({ processId: id, userId })));
  }

  private async assertDepartment(manager: EntityManager, name: string) {
    if (!(await manager.getRepository(DepartmentEntity).existsBy({ name }))) {
      throw new BadRequestException(`Departamento "${name}" não existe.`);
    }
  }

  private async assertUsersExist(manager: EntityManager, ids: string[]) {
    if (!ids.length) return;
    const found = await manager.getRepository(UserEntity).countBy({ id: In(ids) });
    if (found !== ids.length) throw new BadRequestException('Usuário selecionado para acesso sigiloso não encontrado.');
  }

  private async resolveRequester(
    manager: EntityManager,
    user: AuthUser,
    choice: RequesterChoice,
  ): Promise<{ userId: string | null; externalId: string | null }> {
    switch (choice.kind) {
      case 'creator':
        return { userId: user.id, externalId: null };
      case 'user':
        if (!(await manager.getRepository(UserEntity).existsBy({ id: choice.userId }))) {
          throw new BadRequestException('Solicitante não encontrado.');
        }
        return { userId: choice.userId, externalId: null };
      case 'external':
        if (!(await manager.getRepository(ExternalRequesterEntity).existsBy({ id: choice.requesterId }))) {
          throw new BadRequestException('Solicitante externo não encontrado.');
        }
        return { userId: null, externalId: choice.requesterId };
      case 'new-external': {
        const saved = await manager
          .getRepository(ExternalRequesterEntity)
          .save({ ...choice.requester, createdBy: user.id });
        return { userId: null, externalId: saved.id };
      }
    }
  }
}
