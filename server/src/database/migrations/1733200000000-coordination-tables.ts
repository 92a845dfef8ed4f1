import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Tables of the PostgreSQL coordination backend (README, "Redis ou PostgreSQL"), in their own
 * schema: the rate-limit counters (rate-limiter-flexible's RateLimiterPostgres layout), the
 * expiring keys (export hand-off, sent-mail marks) and the Socket.IO attachments (messages over
 * NOTIFY's 8000 bytes, the layout @socket.io/postgres-adapter reads). BullMQ's own tables are
 * created by its migrator (migrate.ts). Created whatever the backend, so switching needs no step.
 */
export class CoordinationTables1733200000000 implements MigrationInterface {
  name = 'CoordinationTables1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA coordination`);
    await q.query(
      `CREATE TABLE coordination.rate_limits (key varchar(255) PRIMARY KEY, points integer NOT NULL DEFAULT 0, expire bigint)`,
    );
    await q.query(
      `CREATE TABLE coordination.expiring_keys (key text PRIMARY KEY, value text NOT NULL, expires_at timestamptz NOT NULL)`,
    );
    await q.query(`CREATE INDEX expiring_keys_expires_at_idx ON coordination.expiring_keys (expires_at)`);
    await q.query(
      `CREATE TABLE coordination.socket_io_attachments (id bigserial UNIQUE, created_at timestamptz DEFAULT now(), payload bytea)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP SCHEMA coordination CASCADE`);
  }
}
