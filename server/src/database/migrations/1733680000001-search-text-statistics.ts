import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The list's text filter at capital size (docs/processes.md#list-counts): PostgreSQL estimates how
 * many processes contain a word from the column's histogram, 100 sampled texts by default. A word
 * in 8.3% of 5,000,000 processes read as anything from 4.0% to 11.1% from one ANALYZE to the next
 * (six runs); below about 5% the planner gathered every match through the trigram index and sorted
 * them (393 ms) instead of walking the list's order until the page and the count's cap are full
 * (25 ms). With 1,000 sampled texts six runs said 6.8% to 9.1%; planning a filtered list takes
 * about 0.35 ms more. The ANALYZE here reads a sample of 300,000 rows: 5 s warm, 90 s cold at
 * 5,000,000 processes, once.
 */
export class SearchTextStatistics1733680000001 implements MigrationInterface {
  name = 'SearchTextStatistics1733680000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE processes ALTER COLUMN search_text SET STATISTICS 1000`);
    await q.query(`ANALYZE processes (search_text)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE processes ALTER COLUMN search_text SET STATISTICS -1`);
    await q.query(`ANALYZE processes (search_text)`);
  }
}
