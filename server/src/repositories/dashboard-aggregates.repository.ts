import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import {
  CONFIDENTIAL_SCOPE,
  GLOBAL_SCOPE,
  type ScopeFigures,
  USER_SCOPE_PREFIX,
} from '#server/domain/dashboard/dashboard-figures';
import { PROCESS_HISTORY_ACTIONS, PROCESS_SIGNATURE_STEPS } from '#server/contracts/processes';
import { CONFIDENTIAL_VIEWER_PAIRS_SQL } from '#server/domain/processes/process-visibility';
import { countActiveSql, countCompletedSql } from '#server/domain/processes/status-figures';

/** Session advisory lock: one recomputation at a time across worker processes. */
const RECOMPUTE_LOCK = 744_201_006;

/**
 * (user, confidential process) pairs of the processes' visibility rule, in its set form
 * (domain/processes/process-visibility.ts), materialised once per recomputation. Admins read the
 * 'confidential' scope instead.
 */
const CONFIDENTIAL_VIEWERS = `CREATE TEMP TABLE dashboard_viewers ON COMMIT DROP AS ${CONFIDENTIAL_VIEWER_PAIRS_SQL}`;

/**
 * (scope, process) pairs with the columns the figures need: every process once in 'global' or
 * 'confidential', and every confidential process once more per viewer in 'user:<id>'.
 */
const UNITS = `
  units AS (
    SELECT CASE WHEN p.confidential THEN '${CONFIDENTIAL_SCOPE}' ELSE '${GLOBAL_SCOPE}' END AS scope,
           p.id, p.status, p.current_department, p.last_update
      FROM processes p
    UNION ALL
    SELECT '${USER_SCOPE_PREFIX}' || v.user_id, p.id, p.status, p.current_department, p.last_update
      FROM dashboard_viewers v JOIN processes p ON p.id = v.process_id
  )`;

/**
 * History entries the activity chart leaves out: a linked document's signature steps are not
 * process movements (docs/dashboard.md#figures).
 */
const NOT_ACTIVITY = PROCESS_SIGNATURE_STEPS.map((step) => PROCESS_HISTORY_ACTIONS[step]);

/** Parameters: $1 computation time, $2 time zone, $3 days of the series. */
const WINDOW_START = `((($1::timestamptz AT TIME ZONE $2::text)::date - ($3::int - 1))::timestamp AT TIME ZONE $2::text)`;

const PROCESS_COUNTS = `
  WITH ${UNITS}
  SELECT scope, current_department AS department, count(*)::int AS total,
         ${countActiveSql('status')} AS active,
         ${countCompletedSql('status')} AS completed,
         count(*) FILTER (WHERE last_update < $1::timestamptz)::int AS aging,
         count(*) FILTER (WHERE last_update >= $1::timestamptz AND last_update < $2::timestamptz)::int AS warning
    FROM units GROUP BY scope, current_department`;

/**
 * Rows of `table` (joined to processes on `processColumn`) matching `where`, once under their
 * process's 'global'/'confidential' scope and once per viewer under 'user:<id>'. Starts from the
 * (indexed) rows that match, not from every process.
 */
const SCOPED = (table: string, processColumn: string, where: string, columns: string) => `
  SELECT CASE WHEN p.confidential THEN '${CONFIDENTIAL_SCOPE}' ELSE '${GLOBAL_SCOPE}' END AS scope, ${columns}
    FROM ${table} t JOIN processes p ON p.id = t.${processColumn} WHERE ${where}
  UNION ALL
  SELECT '${USER_SCOPE_PREFIX}' || v.user_id, ${columns}
    FROM ${table} t JOIN dashboard_viewers v ON v.process_id = t.${processColumn} WHERE ${where}`;

/** Parameters: $1 horizon (ms), $2 aging cutoff, $3 warning cutoff. */
const CROSSINGS = `
  SELECT scope, kind, ms, count(*)::int AS count FROM (${SCOPED(
    'processes',
    'id',
    `(t.last_update >= $2::timestamptz AND t.last_update < $2::timestamptz + $1::int * interval '1 millisecond')
       OR (t.last_update >= $3::timestamptz AND t.last_update < $3::timestamptz + $1::int * interval '1 millisecond')`,
    `CASE WHEN t.last_update < $3::timestamptz THEN 'aging' ELSE 'warning' END AS kind,
     floor(extract(epoch FROM t.last_update) * 1000)::bigint AS ms`,
  )}) AS c
   GROUP BY scope, kind, ms`;

/** Parameters: $1 computation time, $2 time zone, $3 days of the series (and whatever `also` reads). */
const DAILY = (table: string, column: string, processColumn: string, also = 'TRUE') => `
  SELECT scope, day, count(*)::int AS count FROM (${SCOPED(
    table,
    processColumn,
    `t.${column} >= ${WINDOW_START} AND ${also}`,
    `to_char((t.${column} AT TIME ZONE $2::text)::date, 'YYYY-MM-DD') AS day`,
  )}) AS d
   GROUP BY scope, day`;

/**
 * Parameters: $1 today, $2 the last day of the horizon (YYYY-MM-DD). Processes whose shown deadline
 * (processes.deadline_id) is open and due up to $2: those due before $1 under a null day, the rest
 * by due day (partial index process_deadlines_open_due_idx).
 */
const DEADLINE_DUES = `
  SELECT scope, day, count(*)::int AS count FROM (${SCOPED(
    `(SELECT pr.id AS process_id, d.due_date FROM processes pr JOIN process_deadlines d ON d.id = pr.deadline_id
       WHERE d.status = 'open' AND d.due_date <= $2::date)`,
    'process_id',
    'TRUE',
    `CASE WHEN t.due_date < $1::date THEN NULL ELSE to_char(t.due_date, 'YYYY-MM-DD') END AS day`,
  )}) AS d
   GROUP BY scope, day`;

export interface ProcessCountRow {
  scope: string;
  department: string;
  total: number;
  active: number;
  completed: number;
  aging: number;
  warning: number;
}
export interface CrossingRow {
  scope: string;
  kind: 'aging' | 'warning';
  /** bigint arrives as text. */
  ms: string;
  count: number;
}
export interface DayRow {
  scope: string;
  day: string;
  count: number;
}
/** `day` null: due before today. */
export interface DeadlineDueRow {
  scope: string;
  day: string | null;
  count: number;
}

export interface StoredAggregates {
  computedAt: Date;
  scopes: Map<string, ScopeFigures>;
}

/** The recomputation's reads, all in one REPEATABLE READ snapshot, per scope (docs/dashboard.md). */
export interface DashboardSnapshot {
  /** Processes per scope and current department, with those older than each cutoff. */
  processCounts(agingCutoff: Date, warningCutoff: Date): Promise<ProcessCountRow[]>;
  /** Processes that cross a cutoff within `horizonMs`, per scope, kind and instant. */
  crossings(horizonMs: number, agingCutoff: Date, warningCutoff: Date): Promise<CrossingRow[]>;
  /** History entries per scope and day of `timeZone`, over the `days` ending at `at`. */
  dailyActivity(at: Date, timeZone: string, days: number): Promise<DayRow[]>;
  /** Protocol records opened per scope and day, likewise. */
  dailyProtocols(at: Date, timeZone: string, days: number): Promise<DayRow[]>;
  /** Processes with an open shown deadline per scope: overdue on `today`, or by due day up to `last`. */
  deadlineDues(today: string, last: string): Promise<DeadlineDueRow[]>;
}

/** The dashboard_aggregates table: figures per scope, written by the worker, read by the server. */
@Injectable()
export class DashboardAggregatesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The rows of `scopes`, read in one statement (one snapshot). */
  findByScopes(
    scopes: string[],
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ figures: ScopeFigures; computed_at: Date }[]> {
    return tx.query('SELECT figures, computed_at FROM dashboard_aggregates WHERE scope = ANY($1::text[])', [scopes]);
  }

  /**
   * Replaces every stored row with what `compute` makes of one snapshot, and returns the rows it
   * replaced (null when there were none) with the new ones. One recomputation at a time: the
   * advisory lock is taken before the snapshot, so the last writer always read the newest data.
   */
  async replaceAll(
    compute: (snapshot: DashboardSnapshot) => Promise<StoredAggregates>,
  ): Promise<{ previous: StoredAggregates | null; current: StoredAggregates }> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [RECOMPUTE_LOCK]);
      try {
        await runner.startTransaction('REPEATABLE READ');
        try {
          await runner.query('SET LOCAL jit = off');
          const previous = await this.read(runner);
          await runner.query(CONFIDENTIAL_VIEWERS);
          const current = await compute(this.snapshot(runner));
          await runner.query('DELETE FROM dashboard_aggregates');
          await runner.query(
            `INSERT INTO dashboard_aggregates (scope, figures, computed_at)
             SELECT scope, figures, $3 FROM unnest($1::text[], $2::jsonb[]) AS t(scope, figures)`,
            [
              [...current.scopes.keys()],
              [...current.scopes.values()].map((f) => JSON.stringify(f)),
              current.computedAt,
            ],
          );
          await runner.commitTransaction();
          return { previous, current };
        } catch (error) {
          await runner.rollbackTransaction();
          throw error;
        }
      } finally {
        await runner.query('SELECT pg_advisory_unlock($1)', [RECOMPUTE_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  private snapshot(runner: QueryRunner): DashboardSnapshot {
    return {
      processCounts: (agingCutoff, warningCutoff) => runner.query(PROCESS_COUNTS, [agingCutoff, warningCutoff]),
      crossings: (horizonMs, agingCutoff, warningCutoff) =>
        runner.query(CROSSINGS, [horizonMs, agingCutoff, warningCutoff]),
      dailyActivity: (at, timeZone, days) =>
        runner.query(DAILY('process_history', 'date', 'process_id', `t.action <> ALL($4::text[])`), [
          at,
          timeZone,
          days,
          NOT_ACTIVITY,
        ]),
      dailyProtocols: (at, timeZone, days) =>
        runner.query(DAILY('protocols', 'created_at', 'process_id'), [at, timeZone, days]),
      deadlineDues: (today, last) => runner.query(DEADLINE_DUES, [today, last]),
    };
  }

  private async read(runner: QueryRunner): Promise<StoredAggregates | null> {
    const rows = (await runner.query('SELECT scope, figures, computed_at FROM dashboard_aggregates')) as {
      scope: string;
      figures: ScopeFigures;
      computed_at: Date;
    }[];
    if (rows.length === 0) return null;
    return { computedAt: rows[0].computed_at, scopes: new Map(rows.map((r) => [r.scope, r.figures])) };
  }
}
