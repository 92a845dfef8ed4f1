import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list's COUNT(*) and the stat cards count every visible process. With the visibility columns
 * (confidential, created_by) included in the list indexes, those counts are index-only scans
 * instead of reading the whole (wide) table: 100,000 processes count in a few milliseconds.
 */
export class ProcessListCoveringIndexes1732300000001 implements MigrationInterface {
  name = 'ProcessListCoveringIndexes1732300000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX processes_last_update_idx, processes_status_idx, processes_current_department_idx`);
    await q.query(
      `CREATE INDEX processes_last_update_idx ON processes (last_update DESC, id DESC) INCLUDE (confidential, created_by)`,
    );
    await q.query(
      `CREATE INDEX processes_status_idx ON processes (status, last_update DESC, id DESC) INCLUDE (confidential, created_by)`,
    );
    await q.query(
      `CREATE INDEX processes_current_department_idx ON processes (current_department, last_update DESC, id DESC)
       INCLUDE (confidential, created_by)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX processes_last_update_idx, processes_status_idx, processes_current_department_idx`);
    await q.query(`CREATE INDEX processes_last_update_idx ON processes (last_update DESC, id DESC)`);
    await q.query(`CREATE INDEX processes_status_idx ON processes (status, last_update DESC, id DESC)`);
    await q.query(
      `CREATE INDEX processes_current_department_idx ON processes (current_department, last_update DESC, id DESC)`,
    );
  }
}
