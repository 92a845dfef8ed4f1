import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dashboard aggregates written by the worker and read by GET /api/dashboard (one row per
 * visibility scope: 'global', 'confidential', 'user:<id>'; see domain/dashboard/dashboard-figures.ts).
 * The history date index serves the 30-day activity series of the recomputation.
 */
export class DashboardAggregates1732600000000 implements MigrationInterface {
  name = 'DashboardAggregates1732600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE dashboard_aggregates (
        scope text PRIMARY KEY,
        figures jsonb NOT NULL,
        computed_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX process_history_date_idx ON process_history (date)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX process_history_date_idx`);
    await q.query(`DROP TABLE dashboard_aggregates`);
  }
}
