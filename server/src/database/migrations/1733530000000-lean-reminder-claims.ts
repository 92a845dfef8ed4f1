import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reminder sweep's claims without foreign keys (docs/deadlines.md#the-reminder-sweep-at-1000000-deadlines):
 * a claim row (`deadline_reminders`) and an owed e-mail (`deadline_reminder_mails`) are written by
 * the one statement that reads the deadline, the user and the notification they refer to; nothing
 * reads them back by those references except the sweep, which tolerates a row whose referent is
 * gone. Their foreign-key checks were about 41 % of a batch. The claim's key leads with the due day
 * (the sweep claims one due day at a time) and the index on `user_id`, there only for the cascade,
 * goes with it.
 */
export class LeanReminderClaims1733530000000 implements MigrationInterface {
  name = 'LeanReminderClaims1733530000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE deadline_reminders DROP CONSTRAINT deadline_reminders_deadline_id_fkey,
                     DROP CONSTRAINT deadline_reminders_user_id_fkey,
                     DROP CONSTRAINT deadline_reminders_pkey,
                     ADD PRIMARY KEY (due_date, deadline_id, user_id, kind)`);
    await q.query(`DROP INDEX deadline_reminders_user_idx`);
    await q.query(`ALTER TABLE deadline_reminder_mails DROP CONSTRAINT deadline_reminder_mails_notification_id_fkey`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM deadline_reminder_mails m
                    WHERE NOT EXISTS (SELECT 1 FROM notifications n WHERE n.id = m.notification_id)`);
    await q.query(`ALTER TABLE deadline_reminder_mails ADD CONSTRAINT deadline_reminder_mails_notification_id_fkey
                     FOREIGN KEY (notification_id) REFERENCES notifications (id) ON DELETE CASCADE`);
    await q.query(`DELETE FROM deadline_reminders r
                    WHERE NOT EXISTS (SELECT 1 FROM process_deadlines d WHERE d.id = r.deadline_id)
                       OR NOT EXISTS (SELECT 1 FROM users u WHERE u.id = r.user_id)`);
    await q.query(`CREATE INDEX deadline_reminders_user_idx ON deadline_reminders (user_id)`);
    await q.query(`ALTER TABLE deadline_reminders DROP CONSTRAINT deadline_reminders_pkey,
                     ADD PRIMARY KEY (deadline_id, user_id, kind, due_date),
                     ADD CONSTRAINT deadline_reminders_deadline_id_fkey
                       FOREIGN KEY (deadline_id) REFERENCES process_deadlines (id) ON DELETE CASCADE,
                     ADD CONSTRAINT deadline_reminders_user_id_fkey
                       FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE`);
  }
}
