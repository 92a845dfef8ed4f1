import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PROCESS_HISTORY_ACTIONS } from '#server/contracts/processes';

/**
 * The finalisation entries of the process history, for the reports' completion times
 * (FINALIZATION_JOIN in domain/reports/report-scope.ts): an index-only, already grouped read of
 * those few entries instead of a filtered pass over the whole history. The predicate must stay the
 * query's literal (same constant) or the planner ignores the index.
 */
export class ReportFinalizationIndex1733100000000 implements MigrationInterface {
  name = 'ReportFinalizationIndex1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX process_history_finalized_idx ON process_history (process_id, date)
        WHERE action = '${PROCESS_HISTORY_ACTIONS.finalized}'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX process_history_finalized_idx`);
  }
}
