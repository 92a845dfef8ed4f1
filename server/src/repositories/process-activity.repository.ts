import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ProcessDocumentEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
  StoredFileEntity,
} from '#server/database/entities/index';

type HistoryFields = Omit<ProcessHistoryEntity, 'id'>;
type ResponseFields = Omit<ProcessResponseEntity, 'id'>;
type DocumentFields = Omit<ProcessDocumentEntity, 'id' | 'uploadDate'>;

/**
 * What happens to a process (docs/processes.md#states): its history entries, its responses and the
 * documents attached to it or to them.
 */
@Injectable()
export class ProcessActivityRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insertHistory(entry: HistoryFields, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.getRepository(ProcessHistoryEntity).insert(entry);
  }

  /** Oldest first. */
  historyOf(processId: string, tx: EntityManager = this.dataSource.manager): Promise<ProcessHistoryEntity[]> {
    return tx.getRepository(ProcessHistoryEntity).find({ where: { processId }, order: { date: 'ASC', id: 'ASC' } });
  }

  insertResponse(
    response: ResponseFields,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ProcessResponseEntity> {
    return tx.getRepository(ProcessResponseEntity).save(response);
  }

  insertDocument(
    document: DocumentFields,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ProcessDocumentEntity> {
    return tx.getRepository(ProcessDocumentEntity).save(document);
  }

  /** The stored files of the process's documents. */
  filesOf(processId: string, tx: EntityManager = this.dataSource.manager): Promise<StoredFileEntity[]> {
    return tx
      .getRepository(StoredFileEntity)
      .createQueryBuilder('f')
      .innerJoin(ProcessDocumentEntity, 'd', 'd.stored_file_id = f.id')
      .where('d.process_id = :id', { id: processId })
      .getMany();
  }
}
