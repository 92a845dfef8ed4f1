import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { SIGNATURE_REQUEST_MAX_SIGNERS, type SignerState } from '#server/contracts/signature-requests';
import { DocumentSigningFlowEntryEntity, SignatureRequestEntity } from '#server/database/entities/index';

export type NewSignatureRequest = Omit<
  SignatureRequestEntity,
  'id' | 'createdAt' | 'updatedAt' | 'closedAt' | 'status'
>;

/** Signature requests and their signers (docs/documents.md#signature-requests). */
@Injectable()
export class SignatureRequestsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  insert(request: NewSignatureRequest, tx: EntityManager = this.dataSource.manager): Promise<SignatureRequestEntity> {
    return tx.save(SignatureRequestEntity, tx.create(SignatureRequestEntity, { ...request, status: 'open' }));
  }

  findById(id: string, tx: EntityManager = this.dataSource.manager): Promise<SignatureRequestEntity | null> {
    return tx.findOneBy(SignatureRequestEntity, { id });
  }

  /** The document's open request (at most one: a unique index). */
  findOpen(documentId: string, tx: EntityManager = this.dataSource.manager): Promise<SignatureRequestEntity | null> {
    return tx.findOneBy(SignatureRequestEntity, { documentId, status: 'open' });
  }

  /** The latest request of each document (open, or how the last one ended). */
  latestOf(documentIds: string[], tx: EntityManager = this.dataSource.manager): Promise<SignatureRequestEntity[]> {
    if (documentIds.length === 0) return Promise.resolve([]);
    return tx
      .getRepository(SignatureRequestEntity)
      .createQueryBuilder('r')
      .distinctOn(['r.document_id'])
      .where('r.document_id IN (:...ids)', { ids: documentIds })
      .orderBy('r.document_id')
      .addOrderBy('r.created_at', 'DESC')
      .getMany();
  }

  /** Closes an open request: completed, cancelled or refused. */
  async close(
    id: string,
    status: Exclude<SignatureRequestEntity['status'], 'open'>,
    at: Date,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.update(SignatureRequestEntity, { id }, { status, closedAt: at });
  }

  /** The signers of requests, in order. */
  signersOf(
    requestIds: string[],
    tx: EntityManager = this.dataSource.manager,
  ): Promise<DocumentSigningFlowEntryEntity[]> {
    if (requestIds.length === 0) return Promise.resolve([]);
    return tx.find(DocumentSigningFlowEntryEntity, {
      where: { requestId: In(requestIds) },
      order: { requestId: 'ASC', position: 'ASC' },
    });
  }

  async insertSigners(
    request: Pick<SignatureRequestEntity, 'id' | 'documentId'>,
    signers: { userId: string; position: number; state: SignerState }[],
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.insert(
      DocumentSigningFlowEntryEntity,
      signers.map((s) => ({ ...s, requestId: request.id, documentId: request.documentId })),
    );
  }

  async updateSigner(
    requestId: string,
    userId: string,
    fields: Partial<Pick<DocumentSigningFlowEntryEntity, 'state' | 'signedAt' | 'refusalReason' | 'refusedAt'>>,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.update(DocumentSigningFlowEntryEntity, { requestId, userId }, fields);
  }

  async deleteSigner(requestId: string, userId: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.delete(DocumentSigningFlowEntryEntity, { requestId, userId });
  }

  /**
   * The open signature block that sent request `requestId` to `userId` (docs/documents.md#signature-blocks):
   * a block is created in the transaction that opens its documents' requests, so it is not older
   * than the request; a request opened later, outside the block, has none.
   */
  async blockAsking(
    requestId: string,
    userId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<string | null> {
    const rows: { id: string }[] = await tx.query(
      `SELECT b.id FROM signature_requests sr
         JOIN signature_block_results r ON r.document_id = sr.document_id AND r.user_id = $2
         JOIN signature_blocks b ON b.id = r.block_id AND b.status = 'open' AND b.created_at >= sr.created_at
        WHERE sr.id = $1
        ORDER BY b.created_at DESC LIMIT 1`,
      [requestId, userId],
    );
    return rows[0]?.id ?? null;
  }

  /** Renumbers a request's signers 0..n-1 in their current order (after a removal). */
  async renumber(requestId: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    // Two steps: the primary key (request_id, position) must not collide midway.
    await tx.query(`UPDATE document_signing_flow SET position = position + $2 WHERE request_id = $1`, [
      requestId,
      SIGNATURE_REQUEST_MAX_SIGNERS * 2,
    ]);
    await tx.query(
      `UPDATE document_signing_flow f SET position = n.rank
         FROM (SELECT user_id, row_number() OVER (ORDER BY position) - 1 AS rank
                 FROM document_signing_flow WHERE request_id = $1) n
        WHERE f.request_id = $1 AND f.user_id = n.user_id`,
      [requestId],
    );
  }
}
