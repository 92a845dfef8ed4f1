import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The logs screen's filters on action, entity type, status and department, in any combination
 * (docs/audit.md#filters). One GIN index over the four (btree_gin) intersects them in one scan, so a
 * combination that matches few rows or none is found without walking the date index; statistics
 * over the same columns tell the planner which combinations are rare or absent, so it picks that
 * index for them and keeps walking the date order for the common ones.
 */
export class AuditFilterCombinations1733600000000 implements MigrationInterface {
  name = 'AuditFilterCombinations1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await q.query(
      `CREATE INDEX audit_logs_filters_gin_idx ON audit_logs USING gin (action, entity_type, status, user_department)`,
    );
    await q.query(
      `CREATE STATISTICS audit_logs_filters_stats (mcv, dependencies)
         ON action, entity_type, status, user_department FROM audit_logs`,
    );
    // Every combination present in the sample (11 actions × 6 types × 4 statuses × departments).
    await q.query(`ALTER STATISTICS audit_logs_filters_stats SET STATISTICS 1000`);
    await q.query(`ANALYZE audit_logs`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP STATISTICS audit_logs_filters_stats`);
    await q.query(`DROP INDEX audit_logs_filters_gin_idx`);
  }
}
