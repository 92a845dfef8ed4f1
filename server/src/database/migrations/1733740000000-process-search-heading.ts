import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The header search's "text anywhere in the number or subject" as a stored column instead of an
 * expression: a common word is searched by walking the newest processes and testing each one, and
 * computing lower(unaccent()) for each row walked was about 80% of that walk at capital size (33 ms
 * of 41 for 'alvara' over 12,500 processes; docs/processes.md#search-at-capital-size). Same
 * expression and the same kind of trigram index as before, with its statistics sampled as finely as
 * the list's text column's (1733680000001). Adding it rewrites the table once.
 */
export class ProcessSearchHeading1733740000000 implements MigrationInterface {
  name = 'ProcessSearchHeading1733740000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE processes ADD COLUMN search_heading text
        GENERATED ALWAYS AS (semgi_search_normalize(id || ' ' || subject)) STORED`);
    await q.query(`CREATE INDEX processes_search_heading_idx ON processes USING gin (search_heading gin_trgm_ops)`);
    await q.query(`DROP INDEX processes_subject_trgm_idx`);
    await q.query(`ALTER TABLE processes ALTER COLUMN search_heading SET STATISTICS 1000`);
    await q.query(`ANALYZE processes (search_heading)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE INDEX processes_subject_trgm_idx ON processes USING gin (
        semgi_search_normalize(id || ' ' || subject) gin_trgm_ops
      )`);
    await q.query(`DROP INDEX processes_search_heading_idx`);
    await q.query(`ALTER TABLE processes DROP COLUMN search_heading`);
  }
}
