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

  findById(id: string, tx: EntityManager = this.dataSource.manager): Promise<StoredFileEntity | null> {
    return tx.getRepository(StoredFileEntity).findOneBy({ id });
  }

  findByName(storedName: string, tx: EntityManager = this.dataSource.manager): Promise<StoredFileEntity | null> {
    return tx.getRepository(StoredFileEntity).findOneBy({ storedName });
  }

  /** The files of one owner kind, each content (SHA-256) once: its newest upload. */
  latestOfEachContent(ownerKind: string, tx: EntityManager = this.dataSource.manager): Promise<StoredFileEntity[]> {
    return tx
      .getRepository(StoredFileEntity)
      .createQueryBuilder('f')
      .distinctOn(['f.sha256'])
      .where('f.owner_kind = :kind', { kind: ownerKind })
      .orderBy('f.sha256')
      .addOrderBy('f.created_at', 'DESC')
      .getMany();
  }

  /** The row, locked (FOR UPDATE) until `tx` ends: concurrent edits and signing serialise. */
  findAndLock(storedName: string, tx: EntityManager): Promise<StoredFileEntity | null> {
    return tx.getRepository(StoredFileEntity).findOne({ where: { storedName }, lock: { mode: 'pessimistic_write' } });
  }

  /** A file a row refers to (a foreign key keeps it): it throws when missing. */
  getById(id: string, tx: EntityManager = this.dataSource.manager): Promise<StoredFileEntity> {
    return tx.getRepository(StoredFileEntity).findOneByOrFail({ id });
  }

  /** The same, locked (FOR UPDATE) until `tx` ends. */
  getByIdAndLock(id: string, tx: EntityManager): Promise<StoredFileEntity> {
    return tx.getRepository(StoredFileEntity).findOneOrFail({ where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The file belongs to `ownerId` (of its owner kind) from now on. */
  async setOwner(id: string, ownerId: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(StoredFileEntity).update({ id }, { ownerId });
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
