import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DocumentSignatureEntity, DocumentSigningFlowEntryEntity } from '#server/database/entities/index';

/** A document's sealed signatures and its signing flow (docs/documents.md). */
@Injectable()
export class DocumentSignaturesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  countFor(documentId: string, tx: EntityManager = this.dataSource.manager): Promise<number> {
    return tx.countBy(DocumentSignatureEntity, { documentId });
  }

  /** The signatures of a document, oldest first. */
  listFor(documentId: string, tx: EntityManager = this.dataSource.manager): Promise<DocumentSignatureEntity[]> {
    return tx.find(DocumentSignatureEntity, { where: { documentId }, order: { signedAt: 'ASC' } });
  }

  /** Who has signed a document (only `signerId` is read). */
  signersOf(
    documentId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<Pick<DocumentSignatureEntity, 'signerId'>[]> {
    return tx.find(DocumentSignatureEntity, { where: { documentId }, select: { signerId: true } });
  }

  insert(
    signature: DocumentSignatureEntity,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<DocumentSignatureEntity> {
    return tx.save(DocumentSignatureEntity, signature);
  }

  /** The signing flow of a document, in signing order. */
  flowOf(documentId: string, tx: EntityManager = this.dataSource.manager): Promise<DocumentSigningFlowEntryEntity[]> {
    return tx.find(DocumentSigningFlowEntryEntity, { where: { documentId }, order: { position: 'ASC' } });
  }

  /** The flow becomes `userIds`, in that order, nobody having signed. */
  async replaceFlow(documentId: string, userIds: string[], tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.delete(DocumentSigningFlowEntryEntity, { documentId });
    if (userIds.length === 0) return;
    await tx.insert(
      DocumentSigningFlowEntryEntity,
      userIds.map((userId, position) => ({ documentId, position, userId, signed: false, signedAt: null })),
    );
  }

  async markFlowEntrySigned(
    documentId: string,
    position: number,
    signedAt: Date,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.update(DocumentSigningFlowEntryEntity, { documentId, position }, { signed: true, signedAt });
  }
}
