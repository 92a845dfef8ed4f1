import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type DataSource, type EntityManager, In } from 'typeorm';
import { ProcessDeadlineEntity } from '#server/database/entities/index';

export type NewProcessDeadline = Pick<
  ProcessDeadlineEntity,
  | 'processId'
  | 'kind'
  | 'unit'
  | 'days'
  | 'startDate'
  | 'dueDate'
  | 'fromDepartment'
  | 'toDepartment'
  | 'setBy'
  | 'setAt'
  | 'maxExtensions'
  | 'maxExtensionDays'
>;

/** A deadline with the name and department of whoever set it (null once that user is gone). */
export interface ProcessDeadlineWithSetter extends ProcessDeadlineEntity {
  setByName: string | null;
  setByDepartment: string | null;
}

/**
 * Deadlines of processes (docs/deadlines.md). Writers run inside the process's transaction, with
 * the process row locked, and call refreshShown afterwards so `processes.deadline_id` names the
 * deadline replies show.
 */
@Injectable()
export class ProcessDeadlinesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(
    fields: NewProcessDeadline,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ProcessDeadlineEntity> {
    const repo = tx.getRepository(ProcessDeadlineEntity);
    const saved = repo.create({ ...fields, status: 'open', extensions: 0, extendedDays: 0 });
    await repo.insert(saved);
    return saved;
  }

  async update(
    id: string,
    fields: Partial<ProcessDeadlineEntity>,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.getRepository(ProcessDeadlineEntity).update({ id }, fields);
  }

  /** The deadlines of the process not yet met (open or suspended), the one ending first first. */
  running(processId: string, tx: EntityManager = this.dataSource.manager): Promise<ProcessDeadlineEntity[]> {
    return tx.getRepository(ProcessDeadlineEntity).find({
      where: { processId, status: In(['open', 'suspended']) },
      order: { dueDate: 'ASC', setAt: 'ASC' },
    });
  }

  /**
   * Points `processes.deadline_id` at the deadline replies show (docs/deadlines.md#which-deadline):
   * the open one ending first, else a suspended one, else the one met last.
   */
  async refreshShown(processId: string, tx: EntityManager = this.dataSource.manager): Promise<void> {
    await tx.query(
      `UPDATE processes SET deadline_id = (
         SELECT d.id FROM process_deadlines d
          WHERE d.process_id = $1
          ORDER BY CASE d.status WHEN 'open' THEN 0 WHEN 'suspended' THEN 1 ELSE 2 END,
                   CASE WHEN d.status = 'met' THEN NULL ELSE d.due_date END ASC,
                   d.met_at DESC NULLS LAST, d.set_at DESC
          LIMIT 1)
       WHERE id = $1`,
      [processId],
    );
  }
}
