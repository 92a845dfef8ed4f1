import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COMPLETED_PROCESS_STATUS } from '#server/contracts/processes';

/** The day of creation in the kept time zone, and the transition table's row, as one report-days key. */
const KEY = `(r.created_at AT TIME ZONE report_zone)::date, r.current_department, r.status, r.confidential`;
const SECONDS = `process_report_seconds(r.status, r.created_at, COALESCE(r.finalized_at, r.last_update))`;

/**
 * Appends the changes of `sources` (transition tables with the sign their rows count with) as
 * unfolded rows, one per key. Appending takes no lock on existing rows: counters updated in place
 * deadlocked two transactions that each changed processes of two keys in opposite orders.
 */
const appendDeltas = (sources: { table: 'new_rows' | 'old_rows'; sign: 1 | -1 }[]) => `
  INSERT INTO process_report_days (day, department, status, confidential, processes, completion_seconds, folded)
  SELECT day, department, status, confidential, sum(n)::int, sum(s), false
    FROM (${sources
      .map(({ table, sign }) => `SELECT ${KEY}, ${sign} AS n, ${sign} * ${SECONDS} AS s FROM ${table} r`)
      .join(' UNION ALL ')}) AS delta (day, department, status, confidential, n, s)
   GROUP BY day, department, status, confidential
  HAVING sum(n) <> 0 OR sum(s) <> 0`;

/**
 * The processes report of a period reads per-day figures instead of every process of the period
 * (docs/reports.md#per-day-figures): `process_report_days` counts the processes created on each day
 * (in the time zone `process_report_zone` names) per current department, status and
 * confidentiality, with the seconds the completed ones took; a key's figures are the sum of its
 * rows. Statement triggers on `processes` append each change's deltas in the same transaction;
 * `process_report_days_fold()` (the worker, every few minutes) sums each key's rows into one. They
 * are built by `process_report_days_build(zone)`, which the server calls at boot with TIME_ZONE
 * (again when it changes); until then the zone table is empty, the triggers do nothing and the
 * report reads the processes. The partial index serves the confidential processes a non-admin adds
 * to the figures.
 */
export class ProcessReportDays1733720000000 implements MigrationInterface {
  name = 'ProcessReportDays1733720000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE process_report_days (
        day date NOT NULL,
        department text NOT NULL,
        status text NOT NULL,
        confidential boolean NOT NULL,
        processes integer NOT NULL,
        completion_seconds numeric NOT NULL,
        folded boolean NOT NULL
      )`);
    await q.query(`CREATE INDEX process_report_days_day_idx ON process_report_days (day)
                   INCLUDE (department, status, confidential, processes, completion_seconds)`);
    await q.query(`CREATE INDEX process_report_days_unfolded_idx ON process_report_days (day) WHERE NOT folded`);
    await q.query(`
      CREATE TABLE process_report_zone (
        only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
        zone text NOT NULL
      )`);
    await q.query(`
      CREATE FUNCTION process_report_seconds(status text, created_at timestamptz, finished_at timestamptz)
      RETURNS numeric LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN status = '${COMPLETED_PROCESS_STATUS}' THEN EXTRACT(EPOCH FROM (finished_at - created_at)) ELSE 0 END
      $$`);
    await q.query(`
      CREATE FUNCTION process_report_days_follow() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        report_zone text;
      BEGIN
        SELECT zone INTO report_zone FROM process_report_zone;
        IF report_zone IS NULL THEN
          RETURN NULL;
        ELSIF TG_OP = 'INSERT' THEN
          ${appendDeltas([{ table: 'new_rows', sign: 1 }])};
        ELSIF TG_OP = 'DELETE' THEN
          ${appendDeltas([{ table: 'old_rows', sign: -1 }])};
        ELSE
          ${appendDeltas([
            { table: 'new_rows', sign: 1 },
            { table: 'old_rows', sign: -1 },
          ])};
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`CREATE TRIGGER process_report_days_insert AFTER INSERT ON processes
                   REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION process_report_days_follow()`);
    await q.query(`CREATE TRIGGER process_report_days_update AFTER UPDATE ON processes
                   REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
                   FOR EACH STATEMENT EXECUTE FUNCTION process_report_days_follow()`);
    await q.query(`CREATE TRIGGER process_report_days_delete AFTER DELETE ON processes
                   REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION process_report_days_follow()`);
    // The lock waits for every transaction whose trigger read the zone and holds back those that
    // would: the rebuild's snapshot then sees every change, and later changes apply to its rows.
    await q.query(`
      CREATE FUNCTION process_report_days_build(report_zone text) RETURNS boolean LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM process_report_zone WHERE zone = report_zone) THEN
          RETURN false;
        END IF;
        LOCK TABLE process_report_zone IN ACCESS EXCLUSIVE MODE;
        IF EXISTS (SELECT 1 FROM process_report_zone WHERE zone = report_zone) THEN
          RETURN false;
        END IF;
        TRUNCATE process_report_days;
        INSERT INTO process_report_days (day, department, status, confidential, processes, completion_seconds, folded)
        SELECT ${KEY}, count(*), sum(${SECONDS}), true FROM processes r GROUP BY 1, 2, 3, 4;
        DELETE FROM process_report_zone;
        INSERT INTO process_report_zone (zone) VALUES (report_zone);
        RETURN true;
      END $$`);
    // Rows appended by transactions not yet committed stay for the next fold; a key's rows folded by
    // another fold meanwhile are skipped by this one's DELETE, so each key keeps its sum.
    await q.query(`
      CREATE FUNCTION process_report_days_fold() RETURNS integer LANGUAGE sql AS $$
        WITH keys AS (SELECT DISTINCT day, department, status, confidential FROM process_report_days WHERE NOT folded),
        gone AS (
          DELETE FROM process_report_days r USING keys k
           WHERE (r.day, r.department, r.status, r.confidential) = (k.day, k.department, k.status, k.confidential)
          RETURNING r.*),
        folded AS (
          INSERT INTO process_report_days (day, department, status, confidential, processes, completion_seconds, folded)
          SELECT day, department, status, confidential, sum(processes), sum(completion_seconds), true
            FROM gone GROUP BY 1, 2, 3, 4 HAVING sum(processes) <> 0 OR sum(completion_seconds) <> 0
          RETURNING 1)
        SELECT count(*)::int FROM gone
      $$`);
    // `confidential` included too: the visibility rule reads it, and without it the scan visits the heap.
    await q.query(`CREATE INDEX processes_confidential_created_at_idx ON processes (created_at)
                   INCLUDE (id, status, current_department, confidential, created_by, finalized_at, last_update)
                   WHERE confidential`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX processes_confidential_created_at_idx`);
    await q.query(`DROP FUNCTION process_report_days_fold()`);
    await q.query(`DROP FUNCTION process_report_days_build(text)`);
    for (const op of ['insert', 'update', 'delete'])
      await q.query(`DROP TRIGGER process_report_days_${op} ON processes`);
    await q.query(`DROP FUNCTION process_report_days_follow()`);
    await q.query(`DROP FUNCTION process_report_seconds(text, timestamptz, timestamptz)`);
    await q.query(`DROP TABLE process_report_zone`);
    await q.query(`DROP TABLE process_report_days`);
  }
}
