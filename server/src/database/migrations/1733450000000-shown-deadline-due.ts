import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 'Vencidos' / 'Vencem em até 3 dias' / 'No prazo' list filters at 100,000 processes
 * (docs/deadlines.md#filters): `processes.deadline_due` is the due day of the shown deadline while
 * it is open, else null, so the filters and their counts read one partial index of processes
 * (with the visibility columns) instead of joining every process to its deadline. Kept by the
 * database: when `deadline_id` is written (ProcessDeadlinesRepository.refreshShown writes it after
 * every change) and when the shown deadline's status or due day changes.
 */
export class ShownDeadlineDue1733450000000 implements MigrationInterface {
  name = 'ShownDeadlineDue1733450000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE processes ADD COLUMN deadline_due date`);
    await q.query(`
      CREATE FUNCTION processes_shown_deadline_due() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.deadline_due := (SELECT d.due_date FROM process_deadlines d WHERE d.id = NEW.deadline_id AND d.status = 'open');
        RETURN NEW;
      END $$`);
    await q.query(`CREATE TRIGGER processes_shown_deadline_due BEFORE INSERT OR UPDATE OF deadline_id ON processes
                   FOR EACH ROW EXECUTE FUNCTION processes_shown_deadline_due()`);
    await q.query(`
      CREATE FUNCTION process_deadlines_touch_shown() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE processes SET deadline_id = deadline_id WHERE deadline_id = NEW.id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER process_deadlines_touch_shown AFTER UPDATE OF status, due_date ON process_deadlines
                   FOR EACH ROW EXECUTE FUNCTION process_deadlines_touch_shown()`);
    await q.query(`UPDATE processes p SET deadline_due = d.due_date
                     FROM process_deadlines d WHERE d.id = p.deadline_id AND d.status = 'open'`);
    await q.query(`CREATE INDEX processes_deadline_due_idx ON processes (deadline_due) INCLUDE (confidential, created_by)
                   WHERE deadline_due IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER process_deadlines_touch_shown ON process_deadlines`);
    await q.query(`DROP FUNCTION process_deadlines_touch_shown()`);
    await q.query(`DROP TRIGGER processes_shown_deadline_due ON processes`);
    await q.query(`DROP FUNCTION processes_shown_deadline_due()`);
    await q.query(`ALTER TABLE processes DROP COLUMN deadline_due`);
  }
}
