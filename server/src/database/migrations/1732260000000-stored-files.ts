import type { MigrationInterface, QueryRunner } from 'typeorm';

export class StoredFiles1732260000000 implements MigrationInterface {
  name = 'StoredFiles1732260000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE stored_files (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        stored_name text NOT NULL UNIQUE,
        original_name text NOT NULL,
        mime_type text NOT NULL,
        size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
        sha256 text NOT NULL,
        owner_kind text NOT NULL,
        owner_id text,
        uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX stored_files_owner_idx ON stored_files (owner_kind, owner_id)`);
    await q.query(`CREATE INDEX stored_files_uploaded_by_idx ON stored_files (uploaded_by)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE stored_files`);
  }
}
