import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A document attached to a process keeps the link while the process exists. */
export class DocumentProcessLink1732500000001 implements MigrationInterface {
  name = 'DocumentProcessLink1732500000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE documents ADD CONSTRAINT documents_process_fk
        FOREIGN KEY (process_id) REFERENCES processes (id) ON UPDATE CASCADE ON DELETE SET NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE documents DROP CONSTRAINT documents_process_fk`);
  }
}
