import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /api/processes?sort=deadline` (docs/deadlines.md#filters) reads the list in this index's
 * order: open deadlines by due day, then the rest by last update, so the first page is an index
 * scan instead of a sort of every visible process.
 */
export class DeadlineSortIndex1733460000000 implements MigrationInterface {
  name = 'DeadlineSortIndex1733460000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX processes_deadline_sort_idx ON processes (deadline_due ASC NULLS LAST, last_update DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX processes_deadline_sort_idx`);
  }
}
