import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import type { BlockResultState, SignatureBlockStatus } from '#server/contracts/signature-blocks';
import { DocumentEntity } from '#server/database/entities/index';
import { visibleDocumentsWhere } from '#server/domain/documents/document-visibility';

export interface BlockRow {
  id: string;
  name: string;
  status: SignatureBlockStatus;
  createdAt: Date;
  updatedAt: Date;
  creatorId: string;
  creatorName: string;
  creatorDepartment: string;
  documentCount: number;
  signedCount: number;
  isSigner: boolean;
  myPendingCount: number;
}

export interface BlockSignerRow {
  id: string;
  name: string;
  department: string;
}

export interface BlockResultRow {
  documentId: string;
  position: number;
  userId: string;
  state: BlockResultState;
  reason: string | null;
  signedAt: Date | null;
}

/** Counts and the creator of blocks, for the caller `$1`. */
const BLOCK_SELECT = `
  SELECT b.id, b.name, b.status, b.created_at AS "createdAt", b.updated_at AS "updatedAt",
         u.id AS "creatorId", u.name AS "creatorName", u.department AS "creatorDepartment",
         (SELECT count(*)::int FROM signature_block_documents bd WHERE bd.block_id = b.id) AS "documentCount",
         (SELECT count(*)::int FROM signature_block_documents bd WHERE bd.block_id = b.id
            AND NOT EXISTS (SELECT 1 FROM signature_block_results r
                            WHERE r.block_id = b.id AND r.document_id = bd.document_id AND r.state <> 'signed')
         ) AS "signedCount",
         EXISTS (SELECT 1 FROM signature_block_signers s WHERE s.block_id = b.id AND s.user_id = $1) AS "isSigner",
         (SELECT count(*)::int FROM signature_block_results r
            WHERE r.block_id = b.id AND r.user_id = $1 AND r.state <> 'signed') AS "myPendingCount"
    FROM signature_blocks b JOIN users u ON u.id = b.created_by`;
const MEMBER = `(b.created_by = $1 OR EXISTS (SELECT 1 FROM signature_block_signers s WHERE s.block_id = b.id AND s.user_id = $1))`;

/** Signature blocks, their signers, documents and per-signer results (docs/documents.md#signature-blocks). */
@Injectable()
export class SignatureBlocksRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** A block with its signers (in order), its documents (in order) and a pending result for each pair. */
  async insert(
    fields: { name: string; createdBy: string; signerIds: string[]; documentIds: string[] },
    tx: EntityManager,
  ): Promise<string> {
    const [{ id }]: { id: string }[] = await tx.query(
      `INSERT INTO signature_blocks (name, created_by) VALUES ($1, $2) RETURNING id`,
      [fields.name, fields.createdBy],
    );
    await tx.query(
      `INSERT INTO signature_block_signers (block_id, user_id, position)
       SELECT $1, u, p - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS t(u, p)`,
      [id, fields.signerIds],
    );
    await tx.query(
      `INSERT INTO signature_block_documents (block_id, document_id, position)
       SELECT $1, d, p - 1 FROM unnest($2::uuid[]) WITH ORDINALITY AS t(d, p)`,
      [id, fields.documentIds],
    );
    await tx.query(
      `INSERT INTO signature_block_results (block_id, document_id, user_id)
       SELECT $1, bd.document_id, s.user_id
         FROM signature_block_documents bd JOIN signature_block_signers s ON s.block_id = bd.block_id
        WHERE bd.block_id = $1`,
      [id],
    );
    return id;
  }

  /** The block if `userId` created it or is one of its signers. */
  async findForMember(id: string, userId: string, tx: EntityManager = this.dataSource.manager) {
    const [row]: BlockRow[] = await tx.query(`${BLOCK_SELECT} WHERE b.id = $2 AND ${MEMBER}`, [userId, id]);
    return row ?? null;
  }

  /** Blocks `userId` created or must sign, newest first. */
  listForMember(userId: string, limit: number): Promise<BlockRow[]> {
    return this.dataSource.query(`${BLOCK_SELECT} WHERE ${MEMBER} ORDER BY b.created_at DESC, b.id LIMIT $2`, [
      userId,
      limit,
    ]);
  }

  signersOf(id: string, tx: EntityManager = this.dataSource.manager): Promise<BlockSignerRow[]> {
    return tx.query(
      `SELECT u.id, u.name, u.department FROM signature_block_signers s JOIN users u ON u.id = s.user_id
        WHERE s.block_id = $1 ORDER BY s.position`,
      [id],
    );
  }

  /** Every (document, signer) result, by document position then signer position. */
  resultsOf(id: string, tx: EntityManager = this.dataSource.manager): Promise<BlockResultRow[]> {
    return tx.query(
      `SELECT bd.document_id AS "documentId", bd.position, r.user_id AS "userId", r.state, r.reason,
              r.signed_at AS "signedAt"
         FROM signature_block_documents bd
         JOIN signature_block_results r ON r.block_id = bd.block_id AND r.document_id = bd.document_id
         JOIN signature_block_signers s ON s.block_id = r.block_id AND s.user_id = r.user_id
        WHERE bd.block_id = $1
        ORDER BY bd.position, s.position`,
      [id],
    );
  }

  /** `userId`'s result on one document, locked (FOR UPDATE) until `tx` ends: one signing call at a time. */
  async lockResult(id: string, documentId: string, userId: string, tx: EntityManager): Promise<BlockResultState> {
    const [row]: { state: BlockResultState }[] = await tx.query(
      `SELECT state FROM signature_block_results WHERE block_id = $1 AND document_id = $2 AND user_id = $3 FOR UPDATE`,
      [id, documentId, userId],
    );
    return row.state;
  }

  async saveResult(
    id: string,
    documentId: string,
    userId: string,
    result: { state: BlockResultState; reason: string | null; signedAt: Date | null },
    tx: EntityManager,
  ): Promise<void> {
    await tx.query(
      `UPDATE signature_block_results SET state = $4, reason = $5, signed_at = $6, updated_at = now()
        WHERE block_id = $1 AND document_id = $2 AND user_id = $3`,
      [id, documentId, userId, result.state, result.reason, result.signedAt],
    );
  }

  /** 'completed' once every signer has signed every document. */
  async refreshStatus(id: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE signature_blocks b
          SET status = CASE WHEN EXISTS (SELECT 1 FROM signature_block_results r WHERE r.block_id = b.id AND r.state <> 'signed')
                            THEN 'open' ELSE 'completed' END,
              updated_at = now()
        WHERE b.id = $1`,
      [id],
    );
  }

  /** Those of `ids` that `viewer` may see (docs/documents.md#visibility). */
  findVisibleDocuments(viewer: AuthUser, ids: string[], tx: EntityManager = this.dataSource.manager) {
    const visible = visibleDocumentsWhere(viewer);
    return tx
      .getRepository(DocumentEntity)
      .createQueryBuilder('d')
      .where('d.id IN (:...blockDocumentIds)', { blockDocumentIds: ids })
      .andWhere(visible.sql, visible.params)
      .getMany();
  }
}
