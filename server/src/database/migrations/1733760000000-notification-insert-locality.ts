import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A forward notifies a whole department (1,250 rows at capital size) in one statement, and each row
 * went to four random places of the table's indexes: a random id, and (user, event) keys spread over
 * every user. Now the ids are time-ordered (UUID version 7: the milliseconds first, then random
 * bits), so new rows meet at one end of the primary key, and the relay's idempotency key starts with
 * the event, so one event's rows sit side by side; it holds only rows that have an event (reminders
 * have none). What is left random is each user's own place in the per-user indexes the pages read
 * (docs/notifications.md#storage). Building the new key scans the table once, under a lock.
 */
export class NotificationInsertLocality1733760000000 implements MigrationInterface {
  name = 'NotificationInsertLocality1733760000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE FUNCTION semgi_uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
        SELECT encode(
          set_bit(set_bit(
            overlay(uuid_send(gen_random_uuid())
                    PLACING substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
                    FROM 1 FOR 6),
            52, 1), 53, 1),
          'hex')::uuid
      $$`);
    await q.query(`ALTER TABLE notifications ALTER COLUMN id SET DEFAULT semgi_uuid_v7()`);
    await q.query(`
      CREATE UNIQUE INDEX notifications_source_user_key ON notifications (source_event_id, user_id)
        WHERE source_event_id IS NOT NULL`);
    await q.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_user_source_key`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE notifications ADD CONSTRAINT notifications_user_source_key UNIQUE (user_id, source_event_id)`,
    );
    await q.query(`DROP INDEX notifications_source_user_key`);
    await q.query(`ALTER TABLE notifications ALTER COLUMN id SET DEFAULT gen_random_uuid()`);
    await q.query(`DROP FUNCTION semgi_uuid_v7()`);
  }
}
