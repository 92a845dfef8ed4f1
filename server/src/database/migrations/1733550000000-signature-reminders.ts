import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reminders of signature deadlines (docs/deadlines.md#signature-deadlines): the claims that make
 * each go out exactly once — one row per (request, recipient, kind, due day): 'before' and
 * 'due-day' to the signers whose turn has come, 'expired' to the requester — and the overdue
 * digests told apart by kind, so a signer's daily signature digest is claimed beside the deadline
 * digest of the same day. An index keeps the sweep's look at open requests by due day small.
 */
export class SignatureReminders1733550000000 implements MigrationInterface {
  name = 'SignatureReminders1733550000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signature_reminders (
        request_id uuid NOT NULL REFERENCES signature_requests (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('before', 'due-day', 'expired')),
        due_date date NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (request_id, user_id, kind, due_date)
      )`);
    await q.query(`CREATE INDEX signature_reminders_user_idx ON signature_reminders (user_id)`);
    await q.query(
      `CREATE INDEX signature_requests_open_due_idx ON signature_requests (deadline_due, id)
         WHERE status = 'open' AND deadline_due IS NOT NULL`,
    );
    await q.query(`
      ALTER TABLE deadline_digests
        ADD COLUMN kind text NOT NULL DEFAULT 'deadlines' CHECK (kind IN ('deadlines', 'signatures')),
        DROP CONSTRAINT deadline_digests_pkey,
        ADD PRIMARY KEY (user_id, day, kind)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM deadline_digests WHERE kind <> 'deadlines'`);
    await q.query(`
      ALTER TABLE deadline_digests
        DROP CONSTRAINT deadline_digests_pkey,
        DROP COLUMN kind,
        ADD PRIMARY KEY (user_id, day)`);
    await q.query(`DROP INDEX signature_requests_open_due_idx`);
    await q.query(`DROP TABLE signature_reminders`);
  }
}
