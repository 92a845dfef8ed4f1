import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The e-mails the deadline reminder sweep owes (docs/deadlines.md#reminders): one row per stored
 * reminder whose recipient wants e-mail, written in the same transaction as the notification and
 * deleted in the transaction that queues its mail job. A worker killed between a batch's commit
 * and the queueing leaves the rows; the next sweep (at boot, then every 5 minutes) queues them.
 */
export class DeadlineReminderMails1733470000000 implements MigrationInterface {
  name = 'DeadlineReminderMails1733470000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE deadline_reminder_mails (
        notification_id uuid PRIMARY KEY REFERENCES notifications (id) ON DELETE CASCADE,
        confidential boolean NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE deadline_reminder_mails`);
  }
}
