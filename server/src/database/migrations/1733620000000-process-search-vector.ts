import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The processes' full-text vector stored in a generated column instead of an expression index:
 * ranking the matches (ts_rank) and rechecking them read the stored vector rather than computing
 * to_tsvector again for every matching row, which was nearly all of a common word's search time at
 * a million processes (docs/processes.md#search-at-capital-size). Same expression as before
 * (server/src/domain/search/text-search.ts reads the column). Adding it rewrites the table once.
 */
export class ProcessSearchVector1733620000000 implements MigrationInterface {
  name = 'ProcessSearchVector1733620000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE processes ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        to_tsvector('portuguese'::regconfig, semgi_search_normalize(id || ' ' || subject || ' ' || description))
      ) STORED`);
    await q.query(`CREATE INDEX processes_search_vector_idx ON processes USING gin (search_vector)`);
    await q.query(`DROP INDEX processes_fts_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX processes_fts_idx ON processes USING gin (
        to_tsvector('portuguese'::regconfig, semgi_search_normalize(id || ' ' || subject || ' ' || description))
      )`);
    await q.query(`DROP INDEX processes_search_vector_idx`);
    await q.query(`ALTER TABLE processes DROP COLUMN search_vector`);
  }
}
