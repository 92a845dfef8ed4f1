import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The municipal calendar's own days (docs/deadlines.md#calendar): municipal holidays and 'ponto
 * facultativo' days, one per date. National and state holidays are computed, not stored.
 */
export class CalendarDays1733310000000 implements MigrationInterface {
  name = 'CalendarDays1733310000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE calendar_days (
        date date PRIMARY KEY,
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
        kind text NOT NULL CHECK (kind IN ('municipal', 'optional')),
        created_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX calendar_days_created_by_idx ON calendar_days (created_by)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE calendar_days`);
  }
}
