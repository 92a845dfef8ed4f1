import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { StoredFileEntity } from '#server/database/entities/index';

type StoredFileFields = Pick<
  StoredFileEntity,
  'storedName' | 'originalName' | 'mimeType' | 'sizeBytes' | 'sha256' | 'ownerKind' | 'ownerId' | 'uploadedBy'
>;

/** The stored_files table: metadata of the files FileStorageService keeps under STORAGE_DIR/files. */
@Injectable()
export class StoredFilesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  insert(fields: StoredFileFields, tx: EntityManager = this.dataSource.manager): Promise<StoredFileEntity> {
    return tx.getRepository(StoredFileEntity).save(fields);
  }

  findByName(storedName: string, tx: EntityManager = this.dataSource.manager): Promise<StoredFileEntity | null> {
    return tx.getRepository(StoredFileEntity).findOneBy({ storedName });
  }

  /** The row, locked (FOR UPDATE) until `tx` ends: concurrent edits and signing serialise. */
  findAndLock(storedName: string, tx: EntityManager): Promise<StoredFileEntity | null> {
    return tx.getRepository(StoredFileEntity).findOne({ where: { storedName }, lock: { mode: 'pessimistic_write' } });
  }

  async updateContentFacts(
    id: string,
    facts: Pick<StoredFileEntity, 'sizeBytes' | 'sha256'>,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.getRepository(StoredFileEntity).update({ id }, facts);
  }

  async deleteByName(storedName: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(StoredFileEntity).delete({ storedName });
  }

  async deleteByIds(ids: string[], tx: EntityManager = this.dataSource.manager): Promise<void> {
    if (ids.length) await tx.getRepository(StoredFileEntity).delete({ id: In(ids) });
  }
}
