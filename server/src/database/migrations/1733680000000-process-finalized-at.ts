import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PROCESS_HISTORY_ACTIONS } from '#server/contracts/processes';

/**
 * The reports of one year at capital size (docs/reports.md#at-capital-size): `processes.finalized_at`
 * is the date of the process's latest finalisation entry, kept by the database whenever such an
 * entry is written (history entries are never edited), so the completion times read a column of
 * the process instead of one history lookup per process. The index on `created_at` now carries
 * every column the processes report and the visibility rule read, so each of the report's
 * statements is an index-only scan of the period. `process_history_finalized_idx`, which served
 * the lookups, goes.
 */
export class ProcessFinalizedAt1733680000000 implements MigrationInterface {
  name = 'ProcessFinalizedAt1733680000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE processes ADD COLUMN finalized_at timestamptz`);
    await q.query(`
      CREATE FUNCTION processes_note_finalization() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE processes SET finalized_at = GREATEST(finalized_at, NEW.date) WHERE id = NEW.process_id;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER processes_note_finalization AFTER INSERT ON process_history FOR EACH ROW
                   WHEN (NEW.action = '${PROCESS_HISTORY_ACTIONS.finalized}')
                   EXECUTE FUNCTION processes_note_finalization()`);
    await q.query(`UPDATE processes p SET finalized_at = f.date
                     FROM (SELECT process_id, max(date) AS date FROM process_history
                            WHERE action = '${PROCESS_HISTORY_ACTIONS.finalized}' GROUP BY process_id) f
                    WHERE f.process_id = p.id`);
    await q.query(`DROP INDEX processes_created_at_idx`);
    await q.query(`CREATE INDEX processes_created_at_idx ON processes (created_at DESC)
                   INCLUDE (id, status, current_department, confidential, created_by, finalized_at, last_update)`);
    await q.query(`DROP INDEX process_history_finalized_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX process_history_finalized_idx ON process_history (process_id, date)
        WHERE action = '${PROCESS_HISTORY_ACTIONS.finalized}'`,
    );
    await q.query(`DROP INDEX processes_created_at_idx`);
    await q.query(`CREATE INDEX processes_created_at_idx ON processes (created_at DESC)`);
    await q.query(`DROP TRIGGER processes_note_finalization ON process_history`);
    await q.query(`DROP FUNCTION processes_note_finalization()`);
    await q.query(`ALTER TABLE processes DROP COLUMN finalized_at`);
  }
}
