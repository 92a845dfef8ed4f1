import type { MigrationInterface, QueryRunner } from 'typeorm';
import { hashAccessCode, newAccessCode } from '#server/domain/processes/access-code';

/**
 * The access code of a process with an external requester (docs/processes.md#receipts-and-tracking):
 * kept apart from `processes` so no process query carries it; `code` is read back only for users who
 * may see the process, the public tracking compares `code_hash` in constant time. Existing processes
 * with an external requester get one.
 */
export class ProcessAccessCodes1733520000000 implements MigrationInterface {
  name = 'ProcessAccessCodes1733520000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE process_access_codes (
        process_id text PRIMARY KEY REFERENCES processes (id) ON DELETE CASCADE,
        code text NOT NULL,
        code_hash bytea NOT NULL,
        issued_at timestamptz NOT NULL DEFAULT now()
      )`);
    const rows = (await q.query(`SELECT id FROM processes WHERE requester_external_id IS NOT NULL`)) as {
      id: string;
    }[];
    for (const { id } of rows) {
      const code = newAccessCode();
      await q.query(`INSERT INTO process_access_codes (process_id, code, code_hash) VALUES ($1, $2, $3)`, [
        id,
        code,
        hashAccessCode(code),
      ]);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE process_access_codes`);
  }
}
