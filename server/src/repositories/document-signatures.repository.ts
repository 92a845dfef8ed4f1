import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { DocumentSignatureEntity } from '#server/database/entities/index';

/** A document's sealed signatures (docs/documents.md); its signers are in SignatureRequestsRepository. */
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
}
