import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import {
  CONFIDENTIAL_SCOPE,
  DEPARTMENT_SCOPES,
  type DepartmentScope,
  emptyFigures,
  type FigureSelection,
  GLOBAL_SCOPE,
  mergeFigures,
  type ScopeFigures,
  type StoredScopeRow,
  USER_SCOPE_PREFIX,
  userScope,
} from '#server/domain/dashboard/dashboard-figures';
import { PROCESS_HISTORY_ACTIONS, PROCESS_SIGNATURE_STEPS } from '#server/contracts/processes';
import { CONFIDENTIAL_VIEWER_PAIRS_SQL } from '#server/domain/processes/process-visibility';
import { countActiveSql, countCompletedSql, countStatusSql } from '#server/domain/processes/status-figures';

/** Session advisory lock: one full recomputation at a time across worker processes. */
export const DASHBOARD_RECOMPUTE_LOCK = 744_201_006;
/** Transaction advisory lock: the writes of one computation, and the sums that follow, at a time. */
const STORE_LOCK = 744_201_007;

/**
 * (user, confidential process) pairs of the processes' visibility rule, in its set form
 * (domain/processes/process-visibility.ts), materialised once per computation for the users it
 * covers ($1: their ids, null for all). Admins read the 'confidential' scope instead.
 */
const VIEWERS_TABLE = `CREATE TEMP TABLE dashboard_viewers ON COMMIT DROP AS ${CONFIDENTIAL_VIEWER_PAIRS_SQL} WITH NO DATA`;
const VIEWERS = `
  INSERT INTO dashboard_viewers
  SELECT * FROM (${CONFIDENTIAL_VIEWER_PAIRS_SQL}) AS pairs WHERE $1::uuid[] IS NULL OR pairs.user_id = ANY($1::uuid[])`;

/** The processes now in the selected departments ($n: their names, null for all). */
const IN_DEPARTMENTS = (n: number) => `($${n}::text[] IS NULL OR p.current_department = ANY($${n}::text[]))`;

/**
 * (scope, department, process) triples with the columns the figures need: every process of the
 * selected departments once in 'global' or 'confidential', and every confidential process once more
 * per selected viewer in 'user:<id>' (whatever its department). $3: the departments.
 */
const UNITS = `
  units AS (
    SELECT CASE WHEN p.confidential THEN '${CONFIDENTIAL_SCOPE}' ELSE '${GLOBAL_SCOPE}' END AS scope,
           p.id, p.status, p.current_department, p.last_update
      FROM processes p WHERE ${IN_DEPARTMENTS(3)}
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

/** Parameters: $1 aging cutoff, $2 warning cutoff, $3 departments. */
const PROCESS_COUNTS = `
  WITH ${UNITS}
  SELECT scope, current_department AS department, count(*)::int AS total,
         ${countActiveSql('status')} AS active,
         ${countCompletedSql('status')} AS completed,
         ${countStatusSql('status', 'pendente')} AS pending,
         ${countStatusSql('status', 'cancelado')} AS cancelled,
         count(*) FILTER (WHERE last_update < $1::timestamptz)::int AS aging,
         count(*) FILTER (WHERE last_update >= $1::timestamptz AND last_update < $2::timestamptz)::int AS warning
    FROM units GROUP BY scope, current_department`;

/**
 * Rows of `table` matching `where`, each as `columns` computed from its `kept` column (`m.value`),
 * once under their process's 'global'/'confidential' scope and department when that department is
 * selected ($n), and once per selected viewer under 'user:<id>'. The matching rows (a window of
 * history, the processes near a cutoff, the open deadlines due soon) are gathered first, once, and
 * `columns` computed only on those that remain: left to itself the planner would rather walk every
 * process of the selected departments and probe each one's history (1.1 s instead of 0.2 s for two
 * departments at 5,000,000 processes). Then each process they name is looked up once by primary key
 * (a history window names a process about 4 times), the lookup a subquery (`OFFSET 0`) the planner
 * cannot turn into a join: for many departments it would rather hash every process of the city
 * (the 30-day history window of all 40 departments: 2.6 s instead of 0.65 s at that size).
 */
const SCOPED = (
  table: string,
  processColumn: string,
  where: string,
  kept: string,
  columns: string,
  departments: number,
) => `
  WITH matched AS MATERIALIZED (SELECT t.${processColumn} AS process_id, t.${kept} AS value FROM ${table} t WHERE ${where}),
  owners AS MATERIALIZED (
    SELECT p.* FROM (SELECT DISTINCT process_id FROM matched) AS named
     CROSS JOIN LATERAL (
       SELECT p.id, p.confidential, p.current_department FROM processes p WHERE p.id = named.process_id OFFSET 0
     ) AS p
     WHERE ${IN_DEPARTMENTS(departments)}
  )
  SELECT CASE WHEN p.confidential THEN '${CONFIDENTIAL_SCOPE}' ELSE '${GLOBAL_SCOPE}' END AS scope,
         p.current_department AS department, ${columns}
    FROM matched m JOIN owners p ON p.id = m.process_id
  UNION ALL
  SELECT '${USER_SCOPE_PREFIX}' || v.user_id, NULL, ${columns}
    FROM matched m JOIN dashboard_viewers v ON v.process_id = m.process_id`;

/** Parameters: $1 horizon (ms), $2 aging cutoff, $3 warning cutoff, $4 departments. */
const CROSSINGS = `
  SELECT scope, department, kind, ms, count(*)::int AS count FROM (${SCOPED(
    'processes',
    'id',
    `((t.last_update >= $2::timestamptz AND t.last_update < $2::timestamptz + $1::int * interval '1 millisecond')
       OR (t.last_update >= $3::timestamptz AND t.last_update < $3::timestamptz + $1::int * interval '1 millisecond'))`,
    'last_update',
    `CASE WHEN m.value < $3::timestamptz THEN 'aging' ELSE 'warning' END AS kind,
     floor(extract(epoch FROM m.value) * 1000)::bigint AS ms`,
    4,
  )}) AS c
   GROUP BY scope, department, kind, ms`;

/**
 * Parameters: $1 computation time, $2 time zone, $3 days of the series, $4 departments (and
 * whatever `also` reads).
 */
const DAILY = (table: string, column: string, processColumn: string, also = 'TRUE') => `
  SELECT scope, department, day, count(*)::int AS count FROM (${SCOPED(
    table,
    processColumn,
    `t.${column} >= ${WINDOW_START} AND ${also}`,
    column,
    `to_char((m.value AT TIME ZONE $2::text)::date, 'YYYY-MM-DD') AS day`,
    4,
  )}) AS d
   GROUP BY scope, department, day`;

/**
 * Parameters: $1 today, $2 the last day of the horizon (YYYY-MM-DD), $3 departments. Processes
 * whose shown deadline (processes.deadline_id) is open and due up to $2: those due before $1 under
 * a null day, the rest by due day (partial index process_deadlines_open_due_idx).
 */
const DEADLINE_DUES = `
  SELECT scope, department, day, count(*)::int AS count FROM (${SCOPED(
    `(SELECT pr.id AS process_id, d.due_date FROM processes pr JOIN process_deadlines d ON d.id = pr.deadline_id
       WHERE d.status = 'open' AND d.due_date <= $2::date)`,
    'process_id',
    'TRUE',
    'due_date',
    `CASE WHEN m.value < $1::date THEN NULL ELSE to_char(m.value, 'YYYY-MM-DD') END AS day`,
    3,
  )}) AS d
   GROUP BY scope, department, day`;

/** `department`: the process's current department (null on the rows of a 'user:<id>' scope, for all but the counts). */
export interface ProcessCountRow {
  scope: string;
  department: string;
  total: number;
  active: number;
  completed: number;
  pending: number;
  cancelled: number;
  aging: number;
  warning: number;
}
export interface CrossingRow {
  scope: string;
  department: string | null;
  kind: 'aging' | 'warning';
  /** bigint arrives as text. */
  ms: string;
  count: number;
}
export interface DayRow {
  scope: string;
  department: string | null;
  day: string;
  count: number;
}
/** `day` null: due before today. */
export interface DeadlineDueRow {
  scope: string;
  department: string | null;
  day: string | null;
  count: number;
}

/** Figures per scope as the server reads them (dashboard_aggregates). */
export interface StoredAggregates {
  computedAt: Date;
  scopes: Map<string, ScopeFigures>;
}

/** What one computation produced for its selection. */
export interface ComputedFigures {
  /** The computation's time (its cutoffs and day windows). */
  computedAt: Date;
  /** 'global' and 'confidential' figures per current department. */
  departments: Map<string, Map<DepartmentScope, ScopeFigures>>;
  /** 'user:<id>' scope → figures. */
  users: Map<string, ScopeFigures>;
}

/** A department or user whose figures wait for a refresh, as read (its version tells a newer request). */
export interface RefreshRequest {
  kind: 'department' | 'user';
  key: string;
  version: number;
}

/** The reads of one selection, all in the computation's REPEATABLE READ snapshot (docs/dashboard.md). */
export interface SelectionReads {
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

/** One REPEATABLE READ snapshot: the refresh requests it sees, and the reads of a selection. */
export interface DashboardSnapshot {
  /** The database's clock when the snapshot was taken: orders the writes of computations. */
  readonly snapshotAt: Date;
  readonly requests: RefreshRequest[];
  /** Whether the per-department rows were ever computed (a full computation ran since the upgrade). */
  readonly settled: boolean;
  /** The reads of `selection` (once per snapshot). */
  select(selection: FigureSelection): Promise<SelectionReads>;
}

interface StoredRow {
  scope: string;
  figures: ScopeFigures;
  computed_at: Date;
}

/**
 * The dashboard's stored figures (docs/dashboard.md#updates): per department in
 * dashboard_department_figures, per scope in dashboard_aggregates (what the server reads: the
 * department rows summed, and the user scopes), and the refresh requests. Written by the worker.
 */
@Injectable()
export class DashboardAggregatesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The rows of `scopes`, read in one statement (one snapshot). `settled_at`: the oldest part's computation. */
  findByScopes(scopes: string[], tx: EntityManager = this.dataSource.manager): Promise<StoredScopeRow[]> {
    return tx.query('SELECT figures, computed_at, settled_at FROM dashboard_aggregates WHERE scope = ANY($1::text[])', [
      scopes,
    ]);
  }

  /**
   * Asks for the figures of these departments and users to be refreshed (on its own: see
   * DashboardOutboxHandler).
   */
  async requestRefresh(departments: string[], users: string[]): Promise<void> {
    const keys = [...departments.map((key) => ['department', key]), ...users.map((key) => ['user', key])];
    if (keys.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO dashboard_refresh_requests (kind, key)
       SELECT * FROM unnest($1::text[], $2::text[]) ORDER BY 1, 2
       ON CONFLICT (kind, key) DO UPDATE SET version = dashboard_refresh_requests.version + 1`,
      [keys.map(([kind]) => kind), keys.map(([, key]) => key)],
    );
  }

  /**
   * Runs `work` on one REPEATABLE READ snapshot (read only). `exclusive`: one such run at a time
   * across worker processes (the full recomputation: two would only repeat each other's work).
   */
  async inSnapshot<T>(exclusive: boolean, work: (snapshot: DashboardSnapshot) => Promise<T>): Promise<T> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      if (exclusive) await runner.query('SELECT pg_advisory_lock($1)', [DASHBOARD_RECOMPUTE_LOCK]);
      try {
        await runner.startTransaction('REPEATABLE READ');
        try {
          await runner.query('SET LOCAL jit = off');
          // The snapshot is taken by this first read: the requests seen are those whose changes it sees.
          const [first] = (await runner.query(
            `SELECT clock_timestamp() AS snapshot_at,
                    (SELECT coalesce(json_agg(r), '[]'::json) FROM (SELECT kind, key, version FROM dashboard_refresh_requests) r) AS requests,
                    EXISTS (SELECT 1 FROM dashboard_aggregates WHERE scope = '${GLOBAL_SCOPE}' AND settled_at IS NOT NULL) AS settled`,
          )) as { snapshot_at: Date; requests: RefreshRequest[]; settled: boolean }[];
          const result = await work({
            snapshotAt: first.snapshot_at,
            requests: first.requests,
            settled: first.settled,
            select: (selection) => this.select(runner, selection),
          });
          await runner.commitTransaction();
          return result;
        } catch (error) {
          await runner.rollbackTransaction();
          throw error;
        }
      } finally {
        if (exclusive) await runner.query('SELECT pg_advisory_unlock($1)', [DASHBOARD_RECOMPUTE_LOCK]);
      }
    } finally {
      await runner.release();
    }
  }

  /**
   * Stores what a computation of `selection` made of the snapshot taken at `snapshotAt`: every
   * selected department's and user's rows (empty figures where nothing is left), never over a row
   * written from a newer snapshot; for the full selection, removes the rows it no longer has. Then
   * sums the department rows into the server's 'global' and 'confidential' rows and removes the
   * requests it answered. Returns the server's rows of the selection before and after.
   */
  async store(
    selection: FigureSelection,
    computed: ComputedFigures,
    snapshotAt: Date,
    answered: RefreshRequest[],
  ): Promise<{ previous: StoredAggregates | null; current: StoredAggregates }> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [STORE_LOCK]);
      const scopes = selection.users ? [...DEPARTMENT_SCOPES, ...selection.users.map(userScope)] : null;
      const previous = await this.readServerRows(tx, scopes);

      const departments = selection.departments ?? [...computed.departments.keys()];
      const departmentRows = departments.flatMap((department) =>
        DEPARTMENT_SCOPES.map((scope) => ({
          department,
          scope,
          figures: computed.departments.get(department)?.get(scope) ?? emptyFigures(),
        })),
      );
      await tx.query(
        `INSERT INTO dashboard_department_figures (department, scope, figures, computed_at, snapshot_at)
         SELECT department, scope, figures, $4, $5 FROM unnest($1::text[], $2::text[], $3::jsonb[]) AS t(department, scope, figures)
         ON CONFLICT (department, scope) DO UPDATE
           SET figures = EXCLUDED.figures, computed_at = EXCLUDED.computed_at, snapshot_at = EXCLUDED.snapshot_at
         WHERE dashboard_department_figures.snapshot_at < EXCLUDED.snapshot_at`,
        [
          departmentRows.map((r) => r.department),
          departmentRows.map((r) => r.scope),
          departmentRows.map((r) => JSON.stringify(r.figures)),
          computed.computedAt,
          snapshotAt,
        ],
      );
      if (!selection.departments) {
        await tx.query(
          'DELETE FROM dashboard_department_figures WHERE snapshot_at < $1 AND NOT (department = ANY($2::text[]))',
          [snapshotAt, departments],
        );
      }

      const userScopes = selection.users?.map(userScope) ?? [...computed.users.keys()];
      await tx.query(
        `INSERT INTO dashboard_aggregates (scope, figures, computed_at, snapshot_at, settled_at)
         SELECT scope, figures, $3, $4, $3 FROM unnest($1::text[], $2::jsonb[]) AS t(scope, figures)
         ON CONFLICT (scope) DO UPDATE
           SET figures = EXCLUDED.figures, computed_at = EXCLUDED.computed_at,
               snapshot_at = EXCLUDED.snapshot_at, settled_at = EXCLUDED.settled_at
         WHERE dashboard_aggregates.snapshot_at IS NULL OR dashboard_aggregates.snapshot_at < EXCLUDED.snapshot_at`,
        [
          userScopes,
          userScopes.map((scope) => JSON.stringify(computed.users.get(scope) ?? emptyFigures())),
          computed.computedAt,
          snapshotAt,
        ],
      );
      if (!selection.users) {
        await tx.query(
          `DELETE FROM dashboard_aggregates
            WHERE scope LIKE '${USER_SCOPE_PREFIX}%' AND (snapshot_at IS NULL OR snapshot_at < $1)
              AND NOT (scope = ANY($2::text[]))`,
          [snapshotAt, userScopes],
        );
      }

      await this.storeSums(tx, computed.computedAt);
      await tx.query(
        `DELETE FROM dashboard_refresh_requests r
          USING unnest($1::text[], $2::text[], $3::int[]) AS a(kind, key, version)
          WHERE r.kind = a.kind AND r.key = a.key AND r.version = a.version`,
        [answered.map((r) => r.kind), answered.map((r) => r.key), answered.map((r) => r.version)],
      );
      const current = await this.readServerRows(tx, scopes);
      return { previous, current: current ?? { computedAt: computed.computedAt, scopes: new Map() } };
    });
  }

  /**
   * The server's 'global' and 'confidential' rows: the sums of the department rows. Their
   * `computed_at` is the latest department row's computation and `settled_at` the oldest's (the full
   * recomputation refreshes every department row; a change only its own).
   */
  private async storeSums(tx: EntityManager, computedAt: Date): Promise<void> {
    const rows = await tx.query<StoredRow[]>('SELECT scope, figures, computed_at FROM dashboard_department_figures');
    const sums = DEPARTMENT_SCOPES.map((scope) => {
      const parts = rows.filter((row) => row.scope === scope);
      const times = parts.map((row) => row.computed_at.getTime());
      return {
        scope,
        figures: parts.reduce((sum, row) => mergeFigures(sum, { ...emptyFigures(), ...row.figures }), emptyFigures()),
        // No department yet: the sum is this computation's.
        computedAt: parts.length ? new Date(Math.max(...times)) : computedAt,
        settledAt: parts.length ? new Date(Math.min(...times)) : computedAt,
      };
    });
    await tx.query(
      `INSERT INTO dashboard_aggregates (scope, figures, computed_at, settled_at)
       SELECT * FROM unnest($1::text[], $2::jsonb[], $3::timestamptz[], $4::timestamptz[])
       ON CONFLICT (scope) DO UPDATE
         SET figures = EXCLUDED.figures, computed_at = EXCLUDED.computed_at, settled_at = EXCLUDED.settled_at`,
      [
        sums.map((s) => s.scope),
        sums.map((s) => JSON.stringify(s.figures)),
        sums.map((s) => s.computedAt),
        sums.map((s) => s.settledAt),
      ],
    );
  }

  private async select(runner: QueryRunner, selection: FigureSelection): Promise<SelectionReads> {
    const departments = selection.departments;
    await runner.query(VIEWERS_TABLE);
    await runner.query(VIEWERS, [selection.users]);
    return {
      processCounts: (agingCutoff, warningCutoff) =>
        runner.query(PROCESS_COUNTS, [agingCutoff, warningCutoff, departments]),
      crossings: (horizonMs, agingCutoff, warningCutoff) =>
        runner.query(CROSSINGS, [horizonMs, agingCutoff, warningCutoff, departments]),
      dailyActivity: (at, timeZone, days) =>
        runner.query(DAILY('process_history', 'date', 'process_id', `t.action <> ALL($5::text[])`), [
          at,
          timeZone,
          days,
          departments,
          NOT_ACTIVITY,
        ]),
      dailyProtocols: (at, timeZone, days) =>
        runner.query(DAILY('protocols', 'created_at', 'process_id'), [at, timeZone, days, departments]),
      deadlineDues: (today, last) => runner.query(DEADLINE_DUES, [today, last, departments]),
    };
  }

  /** The server's rows of `scopes` (null: all). */
  private async readServerRows(tx: EntityManager, scopes: string[] | null): Promise<StoredAggregates | null> {
    const rows = await tx.query<StoredRow[]>(
      'SELECT scope, figures, computed_at FROM dashboard_aggregates WHERE $1::text[] IS NULL OR scope = ANY($1::text[])',
      [scopes],
    );
    if (rows.length === 0) return null;
    const computedAt = rows.reduce(
      (latest, row) => (row.computed_at > latest ? row.computed_at : latest),
      rows[0].computed_at,
    );
    return { computedAt, scopes: new Map(rows.map((r) => [r.scope, r.figures])) };
  }
}
