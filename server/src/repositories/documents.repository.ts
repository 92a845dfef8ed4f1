import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In, type SelectQueryBuilder } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import {
  DocumentConfidentialAccessEntity,
  DocumentDepartmentAccessEntity,
  DocumentEntity,
  DocumentSignatureEntity,
  DocumentSigningFlowEntryEntity,
  DocumentTypeEntity,
  ProcessEntity,
  SignatureRequestEntity,
  StoredFileEntity,
  UserEntity,
} from '#server/database/entities/index';
import { SignatureRequestsRepository } from './signature-requests.repository';
import { capCount, type CappedCount } from '#server/database/capped-count';
import { isPgError, PG_UNIQUE_VIOLATION, pgConstraint } from '#server/database/pg-errors';
import { documentMatchesWhere } from '#server/domain/documents/document-search';
import { visibleDocumentsWhere } from '#server/domain/documents/document-visibility';
import { type SqlFragment, visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import {
  SEARCH_EXPRESSIONS,
  searchParameters,
  type SearchTerms,
  type SearchWindow,
  textRank,
} from '#server/domain/search/text-search';

type DocumentFields = Partial<
  Pick<DocumentEntity, 'title' | 'description' | 'status' | 'signedPdfFileId' | 'verificationCode' | 'documentTypeId'>
>;

/** Everything a list of document views shows besides the documents themselves. */
export interface DocumentViewParts {
  departments: DocumentDepartmentAccessEntity[];
  confidential: DocumentConfidentialAccessEntity[];
  /** The latest signature request of each document, and its signers. */
  requests: SignatureRequestEntity[];
  flow: DocumentSigningFlowEntryEntity[];
  signatures: DocumentSignatureEntity[];
  files: StoredFileEntity[];
  /** Subjects of the linked processes the viewer may see, by id. */
  processes: Map<string, string>;
  users: UserEntity[];
  /** The documents' types (docs/documents.md#types). */
  types: DocumentTypeEntity[];
}

/**
 * The documents table and its access lists, read through visibleDocumentsWhere
 * (docs/documents.md#visibility) wherever a user asks.
 */
@Injectable()
export class DocumentsRepository {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly requests: SignatureRequestsRepository,
  ) {}

  /** The document if `viewer` may see it. */
  findVisible(viewer: AuthUser, id: string, tx: EntityManager = this.dataSource.manager) {
    return this.visibleById(viewer, id, tx).getOne();
  }

  /** The same, locked (FOR UPDATE) until `tx` ends: edits, status changes and signatures serialise. */
  findVisibleAndLock(viewer: AuthUser, id: string, tx: EntityManager) {
    return this.visibleById(viewer, id, tx).setLock('pessimistic_write', undefined, ['d']).getOne();
  }

  /** The users on a document's confidential access list. */
  async confidentialAccessOf(documentId: string, tx: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows = await tx.find(DocumentConfidentialAccessEntity, { where: { documentId } });
    return rows.map((row) => row.userId);
  }

  /** Any document, whoever asks: public verification checks the code itself. */
  findById(id: string, tx: EntityManager = this.dataSource.manager): Promise<DocumentEntity | null> {
    return tx.findOneBy(DocumentEntity, { id });
  }

  /**
   * Visible documents, newest first, optionally only those linked to a process the viewer sees,
   * those of one type and those matching `terms`.
   */
  listVisible(
    viewer: AuthUser,
    filters: { processId?: string; documentTypeId?: string; terms?: SearchTerms },
    limit: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<DocumentEntity[]> {
    const qb = where(tx.getRepository(DocumentEntity).createQueryBuilder('d'), visibleDocumentsWhere(viewer));
    if (filters.processId) {
      const processVisible = visibleProcessesWhere(viewer, 'lp');
      qb.andWhere(
        `EXISTS (SELECT 1 FROM processes lp WHERE lp.id = d.process_id AND lp.id = :processId AND ${processVisible.sql})`,
        { processId: filters.processId, ...processVisible.params },
      );
    }
    if (filters.documentTypeId) qb.andWhere('d.document_type_id = :typeId', { typeId: filters.documentTypeId });
    if (filters.terms) where(qb, documentMatchesWhere(viewer, filters.terms));
    return qb.orderBy('d.created_at', 'DESC').addOrderBy('d.id').limit(limit).getMany();
  }

  /**
   * Visible documents matching `terms`: the `limit` best of the `ranked` newest matches, best first,
   * then newest; counted up to `ranked` (docs/processes.md#search-at-capital-size).
   */
  async searchVisible(
    viewer: AuthUser,
    terms: SearchTerms,
    { limit, ranked }: SearchWindow,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ count: CappedCount; docs: DocumentEntity[] }> {
    const visible = where(tx.getRepository(DocumentEntity).createQueryBuilder('d'), visibleDocumentsWhere(viewer));
    const newest = await where(visible, documentMatchesWhere(viewer, terms))
      .select('d.id', 'id')
      .orderBy('d.created_at', 'DESC')
      .addOrderBy('d.id')
      .limit(ranked + 1)
      .getRawMany<{ id: string }>();
    const count = capCount(newest.length, ranked);
    if (count.total === 0) return { count, docs: [] };
    const docs = await tx
      .getRepository(DocumentEntity)
      .createQueryBuilder('d')
      .where('d.id = ANY(:searchIds)', { searchIds: newest.slice(0, ranked).map((r) => r.id) })
      .addSelect(textRank(terms, SEARCH_EXPRESSIONS.documentVector('d')), 'search_rank')
      .setParameters(searchParameters(terms))
      .orderBy('search_rank', 'DESC')
      .addOrderBy('d.created_at', 'DESC')
      .addOrderBy('d.id')
      .limit(limit)
      .getMany();
    return { count, docs };
  }

  /**
   * Documents awaiting `userId`'s signature now (their signer row of the open request is 'pending'),
   * by the request's deadline (none last), then oldest request first; optionally of one process or
   * one requester. The signer sees them (a signer is in the visibility rule).
   */
  findAwaitingSignatureOf(
    userId: string,
    filters: { processId?: string; requesterId?: string } = {},
    tx: EntityManager = this.dataSource.manager,
  ): Promise<DocumentEntity[]> {
    const query = tx
      .getRepository(DocumentEntity)
      .createQueryBuilder('d')
      .innerJoin(SignatureRequestEntity, 'r', `r.document_id = d.id AND r.status = 'open'`)
      .innerJoin(
        DocumentSigningFlowEntryEntity,
        'f',
        `f.request_id = r.id AND f.user_id = :uid AND f.state = 'pending'`,
        { uid: userId },
      )
      .where(`d.status NOT IN ('signed', 'rejected')`);
    if (filters.processId) query.andWhere('d.process_id = :processId', { processId: filters.processId });
    if (filters.requesterId) query.andWhere('r.requested_by = :requesterId', { requesterId: filters.requesterId });
    return query.orderBy('r.deadline_due', 'ASC', 'NULLS LAST').addOrderBy('r.created_at', 'ASC').getMany();
  }

  /** What buildDocumentViews shows of `docs`, read with a fixed number of queries. */
  async findViewParts(
    docs: DocumentEntity[],
    viewer: AuthUser,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<DocumentViewParts> {
    const ids = docs.map((d) => d.id);
    // One after another: inside a transaction they share a single connection.
    const departments = await tx.find(DocumentDepartmentAccessEntity, {
      where: { documentId: In(ids) },
      order: { department: 'ASC' },
    });
    const confidential = await tx.find(DocumentConfidentialAccessEntity, { where: { documentId: In(ids) } });
    const requests = await this.requests.latestOf(ids, tx);
    const flow = await this.requests.signersOf(
      requests.map((r) => r.id),
      tx,
    );
    const signatures = await tx.find(DocumentSignatureEntity, {
      where: { documentId: In(ids) },
      order: { signedAt: 'ASC' },
    });
    const fileIds = docs.flatMap((d) => (d.docxFileId ? [d.fileId, d.docxFileId] : [d.fileId]));
    const files = await tx.find(StoredFileEntity, { where: { id: In(fileIds) } });
    const processes = await this.visibleLinkedProcesses(docs, viewer, tx);
    const userIds = new Set([
      ...docs.map((d) => d.createdBy),
      ...requests.map((r) => r.requestedBy),
      ...flow.map((f) => f.userId),
    ]);
    const users = await tx.find(UserEntity, { where: { id: In([...userIds]) } });
    const typeIds = [...new Set(docs.map((d) => d.documentTypeId).filter((id): id is string => id !== null))];
    const types = typeIds.length > 0 ? await tx.find(DocumentTypeEntity, { where: { id: In(typeIds) } }) : [];
    return { departments, confidential, requests, flow, signatures, files, processes, users, types };
  }

  /** The process a document may be linked to: `processId`, if `viewer` may see it. */
  findLinkableProcess(
    viewer: AuthUser,
    processId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ProcessEntity | null> {
    const visibility = visibleProcessesWhere(viewer);
    return tx
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .where('p.id = :processId', { processId })
      .andWhere(visibility.sql, visibility.params)
      .getOne();
  }

  protocolNumberTaken(protocolNumber: string, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    return tx.existsBy(DocumentEntity, { protocolNumber });
  }

  /**
   * Inserts the document, or returns null when another holds its protocol number; a savepoint
   * keeps the transaction usable after that clash.
   */
  async insertUnlessProtocolTaken(
    values: Partial<DocumentEntity> & { protocolNumber: string },
    tx: EntityManager,
  ): Promise<DocumentEntity | null> {
    await tx.query('SAVEPOINT document_protocol');
    try {
      const doc = await tx.save(DocumentEntity, tx.create(DocumentEntity, values));
      await tx.query('RELEASE SAVEPOINT document_protocol');
      return doc;
    } catch (error) {
      await tx.query('ROLLBACK TO SAVEPOINT document_protocol');
      if (isPgError(error, PG_UNIQUE_VIOLATION) && pgConstraint(error) === 'documents_protocol_number_key') return null;
      throw error;
    }
  }

  async update(id: string, fields: DocumentFields, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.update(DocumentEntity, { id }, fields);
  }

  async addDepartmentAccess(
    documentId: string,
    departments: string[],
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.insert(
      DocumentDepartmentAccessEntity,
      departments.map((department) => ({ documentId, department })),
    );
  }

  async addConfidentialAccess(
    documentId: string,
    userIds: string[],
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    if (userIds.length === 0) return;
    await tx.insert(
      DocumentConfidentialAccessEntity,
      userIds.map((userId) => ({ documentId, userId })),
    );
  }

  private visibleById(viewer: AuthUser, id: string, tx: EntityManager) {
    const qb = tx.getRepository(DocumentEntity).createQueryBuilder('d').where('d.id = :id', { id });
    return where(qb, visibleDocumentsWhere(viewer));
  }

  /**
   * Subjects of the linked processes `viewer` may see, read now (a document stores only the link):
   * a process that is, or became, confidential stays invisible through its documents.
   */
  private async visibleLinkedProcesses(
    docs: DocumentEntity[],
    viewer: AuthUser,
    tx: EntityManager,
  ): Promise<Map<string, string>> {
    const ids = [...new Set(docs.map((d) => d.processId).filter((id): id is string => id !== null))];
    if (ids.length === 0) return new Map();
    const visible = visibleProcessesWhere(viewer, 'p');
    const rows = await tx
      .getRepository(ProcessEntity)
      .createQueryBuilder('p')
      .select(['p.id', 'p.subject'])
      .where('p.id IN (:...ids)', { ids })
      .andWhere(visible.sql, visible.params)
      .getMany();
    return new Map(rows.map((p) => [p.id, p.subject] as const));
  }
}

const where = <T extends object>(qb: SelectQueryBuilder<T>, fragment: SqlFragment) =>
  qb.andWhere(fragment.sql, fragment.params);
