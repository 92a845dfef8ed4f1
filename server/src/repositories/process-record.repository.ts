import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import {
  ProcessDeadlineEntity,
  ProcessDocumentEntity,
  ProcessHistoryEntity,
  ProcessResponseEntity,
} from '#server/database/entities/index';
import { entityFromJson, entityJsonSql } from '#server/database/entity-json';
import type { ProcessDeadlineWithSetter } from './process-deadlines.repository';

/** A process attachment with the name of its file on disk. */
export interface StoredProcessDocument {
  document: ProcessDocumentEntity;
  storedName: string;
}

/** Who may see a confidential process besides its department's rule. */
export interface AccessListUser {
  id: string;
  name: string;
  department: string;
}

/** What the details page shows of a process beyond its summary row. */
export interface ProcessRecord {
  /** Oldest first. */
  history: ProcessHistoryEntity[];
  /** Oldest first. */
  responses: ProcessResponseEntity[];
  /** Its own and its responses' documents, in upload order. */
  documents: StoredProcessDocument[];
  /** The confidential access list, by name. */
  access: AccessListUser[];
  accessCode: string | null;
  /** Newest first, with who set each. */
  deadlines: ProcessDeadlineWithSetter[];
}

type EntityTarget = Parameters<DataSource['getMetadata']>[0];

interface RecordRow {
  history: Record<string, unknown>[];
  responses: Record<string, unknown>[];
  documents: { document: Record<string, unknown>; storedName: string }[];
  access: AccessListUser[];
  access_code: string | null;
  deadlines: { deadline: Record<string, unknown>; setByName: string | null; setByDepartment: string | null }[];
}

/**
 * A process's record in one statement: a details page of 200 history entries and 50 documents read
 * in six statements spent most of its time sending and planning them (docs/processes.md#details).
 */
@Injectable()
export class ProcessRecordRepository {
  private sql?: string;

  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The statement, built once from the entities' columns. */
  private statement(): string {
    const json = (entity: EntityTarget, alias: string) => entityJsonSql(this.dataSource.getMetadata(entity), alias);
    this.sql ??= `SELECT
      (SELECT coalesce(json_agg(${json(ProcessHistoryEntity, 'h')} ORDER BY h.date, h.id), '[]')
         FROM process_history h WHERE h.process_id = $1) AS history,
      (SELECT coalesce(json_agg(${json(ProcessResponseEntity, 'r')} ORDER BY r.created_at, r.id), '[]')
         FROM process_responses r WHERE r.process_id = $1) AS responses,
      (SELECT coalesce(json_agg(json_build_object('document', ${json(ProcessDocumentEntity, 'd')}, 'storedName', f.stored_name)
                                ORDER BY d.upload_date, d.id), '[]')
         FROM process_documents d JOIN stored_files f ON f.id = d.stored_file_id WHERE d.process_id = $1) AS documents,
      (SELECT coalesce(json_agg(json_build_object('id', u.id, 'name', u.name, 'department', u.department) ORDER BY u.name), '[]')
         FROM process_confidential_access a JOIN users u ON u.id = a.user_id WHERE a.process_id = $1) AS access,
      (SELECT code FROM process_access_codes WHERE process_id = $1) AS access_code,
      (SELECT coalesce(json_agg(json_build_object('deadline', ${json(ProcessDeadlineEntity, 'dl')},
                                                  'setByName', u.name, 'setByDepartment', u.department)
                                ORDER BY dl.set_at DESC, dl.id DESC), '[]')
         FROM process_deadlines dl LEFT JOIN users u ON u.id = dl.set_by WHERE dl.process_id = $1) AS deadlines`;
    return this.sql;
  }

  /** The record of a process the caller has checked `processId` is visible to whoever asks. */
  async recordOf(processId: string, tx: EntityManager = this.dataSource.manager): Promise<ProcessRecord> {
    const [row] = await tx.query<RecordRow[]>(this.statement(), [processId]);
    const metadata = (entity: EntityTarget) => this.dataSource.getMetadata(entity);
    return {
      history: row.history.map((h) => entityFromJson<ProcessHistoryEntity>(metadata(ProcessHistoryEntity), h)),
      responses: row.responses.map((r) => entityFromJson<ProcessResponseEntity>(metadata(ProcessResponseEntity), r)),
      documents: row.documents.map(({ document, storedName }) => ({
        document: entityFromJson<ProcessDocumentEntity>(metadata(ProcessDocumentEntity), document),
        storedName,
      })),
      access: row.access,
      accessCode: row.access_code,
      deadlines: row.deadlines.map(({ deadline, setByName, setByDepartment }) => ({
        ...entityFromJson<ProcessDeadlineEntity>(metadata(ProcessDeadlineEntity), deadline),
        setByName,
        setByDepartment,
      })),
    };
  }
}
