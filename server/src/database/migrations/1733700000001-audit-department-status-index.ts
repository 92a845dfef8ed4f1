import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A department's errors and warnings, newest first (docs/audit.md#any-filter-at-capital-size): at
 * 20,000,000 rows a department's errors are about 5,000 entries spread over as many pages, which the
 * GIN index finds but the bounded count then read one page each (34 ms warm, 300 ms cold), and the
 * page walked the status index checking each entry's department. Led by both columns, this index
 * answers the page in date order and the count from the index alone.
 */
export class AuditDepartmentStatusIndex1733700000001 implements MigrationInterface {
  name = 'AuditDepartmentStatusIndex1733700000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX audit_logs_department_status_idx ON audit_logs (user_department, status, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX audit_logs_department_status_idx`);
  }
}
