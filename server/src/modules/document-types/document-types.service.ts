import { ConflictException, ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import {
  DOCUMENT_TYPE_MESSAGES,
  type DocumentType,
  type DocumentTypeRequest,
  SIGNATURE_LEVEL_LABELS,
  type UpdateDocumentTypeRequest,
} from '#server/contracts/document-types';
import type { DocumentTypeEntity } from '#server/database/entities/index';
import { isPgError, PG_UNIQUE_VIOLATION } from '#server/database/pg-errors';
import { Transactions } from '#server/database/transactions';
import { DocumentTypesRepository } from '#server/repositories/document-types.repository';
import { AuditService } from '../audit/audit.service';

export const toDocumentType = (row: DocumentTypeEntity): DocumentType => ({
  id: row.id,
  name: row.name,
  minimumLevel: row.minimumLevel,
  active: row.active,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const facts = (row: Pick<DocumentTypeEntity, 'name' | 'minimumLevel' | 'active'>) => ({
  name: row.name,
  minimumLevel: row.minimumLevel,
  active: row.active,
});

/** The administrators' list of document types and their minimum signature levels (docs/documents.md#types), each change audited. */
@Injectable()
export class DocumentTypesService {
  constructor(
    private readonly transactions: Transactions,
    private readonly types: DocumentTypesRepository,
    private readonly audit: AuditService,
  ) {}

  /** The active types; inactive ones too only for admins. */
  async list(caller: AuthUser, includeInactive = false): Promise<DocumentType[]> {
    if (includeInactive && caller.role !== 'admin')
      throw new ForbiddenException(DOCUMENT_TYPE_MESSAGES.inactiveForbidden);
    return (await this.types.list(includeInactive)).map(toDocumentType);
  }

  async create(caller: AuthUser, dto: Required<DocumentTypeRequest>, meta: RequestMeta): Promise<DocumentType> {
    return this.unlessNameTaken(dto.name, () =>
      this.transactions.run(async (tx) => {
        const saved = await this.types.insert(dto, tx);
        await this.audit.record(
          {
            action: 'create',
            entityType: 'document-type',
            entityId: saved.id,
            description: `Tipo de documento ${saved.name} criado (assinatura mínima: ${SIGNATURE_LEVEL_LABELS[saved.minimumLevel]})`,
            actor: caller,
            meta,
            details: facts(saved),
          },
          tx,
        );
        return toDocumentType(saved);
      }),
    );
  }

  async update(
    caller: AuthUser,
    id: string,
    dto: UpdateDocumentTypeRequest & Pick<DocumentTypeRequest, 'minimumLevel'>,
    meta: RequestMeta,
  ): Promise<DocumentType> {
    return this.unlessNameTaken(dto.name, () =>
      this.transactions.run(async (tx) => {
        const before = await this.types.findById(id, tx);
        if (!before) throw new NotFoundException(DOCUMENT_TYPE_MESSAGES.notFound);
        const saved = (await this.types.update(id, { ...dto, active: dto.active ?? before.active }, tx))!;
        await this.audit.record(
          {
            action: 'update',
            entityType: 'document-type',
            entityId: id,
            description: `Tipo de documento ${saved.name} alterado`,
            actor: caller,
            meta,
            details: { from: facts(before), to: facts(saved) },
          },
          tx,
        );
        return toDocumentType(saved);
      }),
    );
  }

  /** Runs `write`; a name another type holds (ignoring case and accents) answers 409 naming it. */
  private async unlessNameTaken<T>(name: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      const holder = isPgError(error, PG_UNIQUE_VIOLATION) ? await this.types.findByName(name) : null;
      if (holder) throw new ConflictException(DOCUMENT_TYPE_MESSAGES.duplicate(holder.name));
      throw error;
    }
  }
}
