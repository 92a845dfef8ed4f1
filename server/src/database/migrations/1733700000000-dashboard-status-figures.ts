import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The dashboard's stored figures now also count 'pendente' and 'cancelado', which the process
 * list's cards read from them (docs/processes.md#list-counts). Rows stored before lack them: they
 * are marked unsettled, so the cards count processes and the dashboard asks for a recomputation
 * until the worker's next full one has rewritten every department (a refresh rewrites only its own,
 * and the server's rows stay as old as their oldest department).
 */
export class DashboardStatusFigures1733700000000 implements MigrationInterface {
  name = 'DashboardStatusFigures1733700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`UPDATE dashboard_department_figures SET computed_at = 'epoch'`);
    await q.query(`UPDATE dashboard_aggregates SET settled_at = 'epoch'`);
  }

  async down(): Promise<void> {
    // Nothing to undo: the older code reads the rows as they are, and the next recomputation settles them.
  }
}
