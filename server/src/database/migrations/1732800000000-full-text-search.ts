import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The header search (processes and documents) and the /documents search: accent- and
 * case-insensitive Portuguese full-text search, with trigram indexes for partial words and NUP
 * fragments. Every expression goes through semgi_search_normalize (the IMMUTABLE lower+unaccent
 * wrapper of the processes migration), so 'oficio' finds 'Ofício'. The expressions are repeated
 * verbatim in server/src/domain/search/text-search.ts: the planner uses an index only for the
 * same expression (test/integration/search proves each one is used).
 */
export class FullTextSearch1732800000000 implements MigrationInterface {
  name = 'FullTextSearch1732800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await q.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await q.query(`
      CREATE INDEX processes_fts_idx ON processes USING gin (
        to_tsvector('portuguese'::regconfig, semgi_search_normalize(id || ' ' || subject || ' ' || description))
      )`);
    await q.query(`
      CREATE INDEX processes_subject_trgm_idx ON processes USING gin (
        semgi_search_normalize(id || ' ' || subject) gin_trgm_ops
      )`);
    await q.query(`
      CREATE INDEX documents_fts_idx ON documents USING gin (
        to_tsvector('portuguese'::regconfig, semgi_search_normalize(title || ' ' || description))
      )`);
    await q.query(`
      CREATE INDEX documents_text_trgm_idx ON documents USING gin (
        semgi_search_normalize(title || ' ' || description || ' ' || protocol_number) gin_trgm_ops
      )`);
    await q.query(`
      CREATE INDEX stored_files_name_trgm_idx ON stored_files USING gin (
        semgi_search_normalize(original_name) gin_trgm_ops
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX stored_files_name_trgm_idx`);
    await q.query(`DROP INDEX documents_text_trgm_idx`);
    await q.query(`DROP INDEX documents_fts_idx`);
    await q.query(`DROP INDEX processes_subject_trgm_idx`);
    await q.query(`DROP INDEX processes_fts_idx`);
  }
}
