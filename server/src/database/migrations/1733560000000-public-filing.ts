import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The receiving department of online filings (docs/processes.md#online-filing), chosen by an admin:
 * one row at most; with none, 'Protocolo'. It follows a renamed department and keeps it from
 * being deleted.
 */
export class PublicFiling1733560000000 implements MigrationInterface {
  name = 'PublicFiling1733560000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE public_filing_settings (
        id boolean PRIMARY KEY DEFAULT true CHECK (id),
        receiving_department text NOT NULL REFERENCES departments (name) ON UPDATE CASCADE ON DELETE RESTRICT,
        updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE public_filing_settings`);
  }
}
