import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Deadline reminders (docs/deadlines.md#reminders): each user's advance in business days
 * (`users.deadline_reminder_days`, 0–10, default 2), and the claims that make every reminder go
 * out exactly once — one row per (deadline, recipient, kind, due day) for 'before' and 'due-day',
 * one per (recipient, day) for the overdue digest — written in the same transaction as the
 * notifications they announce.
 */
export class DeadlineReminders1733400000100 implements MigrationInterface {
  name = 'DeadlineReminders1733400000100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE users ADD COLUMN deadline_reminder_days smallint NOT NULL DEFAULT 2
         CHECK (deadline_reminder_days BETWEEN 0 AND 10)`,
    );
    await q.query(`
      CREATE TABLE deadline_reminders (
        deadline_id uuid NOT NULL REFERENCES process_deadlines (id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('before', 'due-day')),
        due_date date NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (deadline_id, user_id, kind, due_date)
      )`);
    await q.query(`CREATE INDEX deadline_reminders_user_idx ON deadline_reminders (user_id)`);
    await q.query(`
      CREATE TABLE deadline_digests (
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        day date NOT NULL,
        overdue integer NOT NULL CHECK (overdue > 0),
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deadline_digests`);
    await q.query(`DROP TABLE deadline_reminders`);
    await q.query(`ALTER TABLE users DROP COLUMN deadline_reminder_days`);
  }
}
