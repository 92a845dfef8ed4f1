import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Process deadlines (docs/deadlines.md): the process's own and the return deadlines asked on
 * forwards. `processes.deadline_id` points at the one every reply shows (the open one ending first,
 * else a suspended one, else the last met), kept by ProcessDeadlinesRepository.refreshShown, so the
 * list filters and sorts on one join. A protocol due date given before deadlines existed becomes the
 * process deadline (by date, counted from the protocol's creation).
 */
export class ProcessDeadlines1733400000000 implements MigrationInterface {
  name = 'ProcessDeadlines1733400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE process_deadlines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        process_id text NOT NULL REFERENCES processes (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('process', 'return')),
        unit text NOT NULL CHECK (unit IN ('business', 'calendar')),
        days integer CHECK (days > 0),
        start_date date NOT NULL,
        due_date date NOT NULL,
        status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'suspended', 'met')),
        from_department text,
        to_department text,
        set_by uuid REFERENCES users (id) ON DELETE SET NULL,
        set_at timestamptz NOT NULL DEFAULT now(),
        suspended_at timestamptz,
        suspend_reason text,
        remaining_days integer CHECK (remaining_days >= 0),
        extensions integer NOT NULL DEFAULT 0 CHECK (extensions >= 0),
        extended_days integer NOT NULL DEFAULT 0 CHECK (extended_days >= 0),
        max_extensions integer NOT NULL CHECK (max_extensions >= 0),
        max_extension_days integer NOT NULL CHECK (max_extension_days >= 0),
        met_at timestamptz,
        met_late boolean,
        CHECK ((status = 'met') = (met_at IS NOT NULL)),
        CHECK ((status = 'suspended') = (suspended_at IS NOT NULL)),
        CHECK ((kind = 'return') = (to_department IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX process_deadlines_process_idx ON process_deadlines (process_id)`);
    await q.query(`CREATE INDEX process_deadlines_set_by_idx ON process_deadlines (set_by)`);
    // At most one process deadline per process at a time (setting it again replaces it).
    await q.query(
      `CREATE UNIQUE INDEX process_deadlines_one_process_deadline ON process_deadlines (process_id)
       WHERE kind = 'process' AND status <> 'met'`,
    );
    // The reminder sweep and the 'Vencidos' views read open deadlines by due day.
    await q.query(`CREATE INDEX process_deadlines_open_due_idx ON process_deadlines (due_date) WHERE status = 'open'`);
    await q.query(
      `ALTER TABLE processes ADD COLUMN deadline_id uuid REFERENCES process_deadlines (id) ON DELETE SET NULL`,
    );
    await q.query(`CREATE INDEX processes_deadline_idx ON processes (deadline_id)`);
    await q.query(`
      INSERT INTO process_deadlines
        (process_id, kind, unit, start_date, due_date, status, set_by, set_at, max_extensions, max_extension_days,
         met_at, met_late)
      SELECT pr.process_id, 'process', 'calendar', (pr.created_at AT TIME ZONE 'UTC')::date, pr.due_date,
             CASE WHEN p.status IN ('concluído', 'cancelado') THEN 'met' ELSE 'open' END,
             p.created_by, pr.created_at, 1, 10,
             CASE WHEN p.status IN ('concluído', 'cancelado') THEN p.last_update END,
             CASE WHEN p.status IN ('concluído', 'cancelado') THEN p.last_update::date > pr.due_date END
        FROM protocols pr JOIN processes p ON p.id = pr.process_id
       WHERE pr.due_date IS NOT NULL`);
    await q.query(`UPDATE processes p SET deadline_id = d.id FROM process_deadlines d WHERE d.process_id = p.id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE processes DROP COLUMN deadline_id`);
    await q.query(`DROP TABLE process_deadlines`);
  }
}
