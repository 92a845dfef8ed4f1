import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /api/processes?sort=deadline` (docs/deadlines.md#filters): open deadlines by due day, then
 * suspended ones, then the rest, each of the last two by last update. `processes.deadline_suspended`
 * (the shown deadline is suspended) is kept by the trigger that keeps `deadline_due`, and
 * processes_deadline_sort_idx is rebuilt with it, so the first page is still an index scan.
 */
export class DeadlineSortSuspended1733471000000 implements MigrationInterface {
  name = 'DeadlineSortSuspended1733471000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE processes ADD COLUMN deadline_suspended boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE OR REPLACE FUNCTION processes_shown_deadline_due() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT CASE WHEN d.status = 'open' THEN d.due_date END, coalesce(d.status = 'suspended', false)
          INTO NEW.deadline_due, NEW.deadline_suspended
          FROM (SELECT NULL) AS one LEFT JOIN process_deadlines d ON d.id = NEW.deadline_id;
        RETURN NEW;
      END $$`);
    await q.query(`UPDATE processes p SET deadline_suspended = true
                     FROM process_deadlines d WHERE d.id = p.deadline_id AND d.status = 'suspended'`);
    await q.query(`DROP INDEX processes_deadline_sort_idx`);
    await q.query(
      `CREATE INDEX processes_deadline_sort_idx
         ON processes (deadline_due ASC NULLS LAST, deadline_suspended DESC, last_update DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX processes_deadline_sort_idx`);
    await q.query(
      `CREATE INDEX processes_deadline_sort_idx ON processes (deadline_due ASC NULLS LAST, last_update DESC, id DESC)`,
    );
    await q.query(`
      CREATE OR REPLACE FUNCTION processes_shown_deadline_due() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.deadline_due := (SELECT d.due_date FROM process_deadlines d WHERE d.id = NEW.deadline_id AND d.status = 'open');
        RETURN NEW;
      END $$`);
    await q.query(`ALTER TABLE processes DROP COLUMN deadline_suspended`);
  }
}
