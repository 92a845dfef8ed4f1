import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The documents' full-text vector stored in a generated column instead of an expression index, as
 * the processes' (1733620000000): the header search walks the newest documents testing each one and
 * ranks a thousand of them, and both read the stored vector instead of computing to_tsvector per row
 * (docs/processes.md#search-at-capital-size). Same expression as before; adding it rewrites the table once.
 */
export class DocumentSearchVector1733640000001 implements MigrationInterface {
  name = 'DocumentSearchVector1733640000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE documents ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        to_tsvector('portuguese'::regconfig, semgi_search_normalize(title || ' ' || description))
      ) STORED`);
    await q.query(`CREATE INDEX documents_search_vector_idx ON documents USING gin (search_vector)`);
    await q.query(`DROP INDEX documents_fts_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX documents_fts_idx ON documents USING gin (
        to_tsvector('portuguese'::regconfig, semgi_search_normalize(title || ' ' || description))
      )`);
    await q.query(`DROP INDEX documents_search_vector_idx`);
    await q.query(`ALTER TABLE documents DROP COLUMN search_vector`);
  }
}
