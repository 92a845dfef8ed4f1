import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Notifications1732400000000 implements MigrationInterface {
  name = 'Notifications1732400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        seq bigserial NOT NULL UNIQUE,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        type text NOT NULL CHECK (type IN ('document', 'process', 'system', 'task', 'alert')),
        title text NOT NULL,
        message text NOT NULL,
        link text NOT NULL DEFAULT '#',
        read boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        source_event_id bigint,
        CONSTRAINT notifications_user_source_key UNIQUE (user_id, source_event_id)
      )`);
    await q.query(`CREATE INDEX notifications_user_seq_idx ON notifications (user_id, seq DESC)`);
    await q.query(`CREATE INDEX notifications_user_unread_idx ON notifications (user_id) WHERE NOT read`);
    // A relay event whose handler keeps failing is retried a few times, then set aside with its error
    // instead of holding back every event behind it.
    await q.query(`ALTER TABLE outbox_events ADD COLUMN attempts integer NOT NULL DEFAULT 0`);
    await q.query(`ALTER TABLE outbox_events ADD COLUMN last_error text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE outbox_events DROP COLUMN last_error, DROP COLUMN attempts`);
    await q.query(`DROP TABLE notifications`);
  }
}
