import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, QueryRunner } from 'typeorm';
import { AppConfig } from '#server/config/config.module';
import { DASHBOARD_ACTIVITY_DAYS } from '#server/contracts/dashboard';
import { Clock } from '#server/domain/clock';
import {
  AGING_MS,
  CONFIDENTIAL_SCOPE,
  CROSSING_HORIZON_MS,
  emptyFigures,
  GLOBAL_SCOPE,
  type ScopeFigures,
  USER_SCOPE_PREFIX,
  WARNING_MS,
} from '#server/domain/dashboard/dashboard-figures';
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

/** Parameters: $1 computation time, $2 time zone, $3 days of the series. */
const DAILY = (table: string, column: string, processColumn: string) => `
  SELECT scope, day, count(*)::int AS count FROM (${SCOPED(
    table,
    processColumn,
    `t.${column} >= ${WINDOW_START}`,
    `to_char((t.${column} AT TIME ZONE $2::text)::date, 'YYYY-MM-DD') AS day`,
  )}) AS d
   GROUP BY scope, day`;

interface CountRow {
  scope: string;
  department: string;
  total: number;
  active: number;
  completed: number;
  aging: number;
  warning: number;
}
interface CrossingRow {
  scope: string;
  kind: 'aging' | 'warning';
  /** bigint arrives as text. */
  ms: string;
  count: number;
}
interface DayRow {
  scope: string;
  day: string;
  count: number;
}
interface StoredRow {
  scope: string;
  figures: ScopeFigures;
  computed_at: Date;
}

export interface StoredAggregates {
  computedAt: Date;
  scopes: Map<string, ScopeFigures>;
}

/** Computes every scope's figures from one snapshot and replaces the stored rows. */
@Injectable()
export class DashboardAggregatesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /** Recomputes and stores; returns the previous and the new aggregates (for change detection). */
  async recompute(): Promise<{ previous: StoredAggregates | null; current: StoredAggregates }> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      // The lock is taken before the snapshot, so the last writer always read the newest data.
      await runner.query('SELECT pg_advisory_lock($1)', [RECOMPUTE_LOCK]);
      try {
        await runner.startTransaction('REPEATABLE READ');
        try {
          await runner.query('SET LOCAL jit = off');
          const previous = await this.read(runner);
          const current = await this.compute(runner, this.clock.now());
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

  /** Every scope's figures at `at`, computed in the runner's current snapshot. */
  private async compute(runner: QueryRunner, at: Date): Promise<StoredAggregates> {
    const scopes = new Map<string, ScopeFigures>([
      [GLOBAL_SCOPE, emptyFigures()],
      [CONFIDENTIAL_SCOPE, emptyFigures()],
    ]);
    const figuresOf = (scope: string) => {
      let figures = scopes.get(scope);
      if (!figures) scopes.set(scope, (figures = emptyFigures()));
      return figures;
    };
    await runner.query(CONFIDENTIAL_VIEWERS);
    const agingCutoff = new Date(at.getTime() - AGING_MS);
    const warningCutoff = new Date(at.getTime() - WARNING_MS);

    const counts = (await runner.query(PROCESS_COUNTS, [agingCutoff, warningCutoff])) as CountRow[];
    for (const row of counts) {
      const figures = figuresOf(row.scope);
      figures.active += row.active;
      figures.completed += row.completed;
      figures.aging += row.aging;
      figures.warning += row.warning;
      figures.departments[row.department] = row.total;
    }

    const crossings = (await runner.query(CROSSINGS, [
      CROSSING_HORIZON_MS,
      agingCutoff,
      warningCutoff,
    ])) as CrossingRow[];
    for (const row of crossings) {
      const figures = figuresOf(row.scope);
      (row.kind === 'aging' ? figures.agingCrossings : figures.warningCrossings).push([Number(row.ms), row.count]);
    }

    const dailyParams = [at, this.config.TIME_ZONE, DASHBOARD_ACTIVITY_DAYS];
    const activity = (await runner.query(DAILY('process_history', 'date', 'process_id'), dailyParams)) as DayRow[];
    for (const row of activity) figuresOf(row.scope).activity[row.day] = row.count;
    const protocols = (await runner.query(DAILY('protocols', 'created_at', 'process_id'), dailyParams)) as DayRow[];
    for (const row of protocols) figuresOf(row.scope).protocols[row.day] = row.count;

    for (const figures of scopes.values()) {
      figures.agingCrossings.sort((a, b) => a[0] - b[0]);
      figures.warningCrossings.sort((a, b) => a[0] - b[0]);
    }
    return { computedAt: at, scopes };
  }

  private async read(runner: QueryRunner): Promise<StoredAggregates | null> {
    const rows = (await runner.query('SELECT scope, figures, computed_at FROM dashboard_aggregates')) as StoredRow[];
    if (rows.length === 0) return null;
    return { computedAt: rows[0].computed_at, scopes: new Map(rows.map((r) => [r.scope, r.figures])) };
  }
}
