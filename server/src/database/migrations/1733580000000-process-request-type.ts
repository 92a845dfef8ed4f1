import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What kind of request a process is (docs/processes.md#access-to-information-requests): 'standard',
 * or 'lai' for an access-to-information request, which runs the LAI's legal clock. The e-SIC/LAI
 * list reads the LAI requests through a partial index, by the shown deadline's due day.
 */
export class ProcessRequestType1733580000000 implements MigrationInterface {
  name = 'ProcessRequestType1733580000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE processes
        ADD COLUMN request_type text NOT NULL DEFAULT 'standard'
        CONSTRAINT processes_request_type_check CHECK (request_type IN ('standard', 'lai'))`);
    await q.query(
      `CREATE INDEX processes_lai_due_idx ON processes (deadline_due, created_at) WHERE request_type = 'lai'`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX processes_lai_due_idx`);
    await q.query(`ALTER TABLE processes DROP COLUMN request_type`);
  }
}
