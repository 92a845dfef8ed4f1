import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Pool, PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import type { DataSource, EntityManager } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import {
  REPORT_RECENT_LIMIT,
  REPORT_TOP_LIMIT,
  type ReportCount,
  type ReportRequesterOption,
  type RequestersReport,
  type UsersReport,
} from '#server/contracts/reports';
import { ACTIVE_PROCESS_STATUS, COMPLETED_PROCESS_STATUS, type ProcessStatus } from '#server/contracts/processes';
import type { Role } from '#server/contracts/users';
import type { SqlFragment } from '#server/domain/processes/process-visibility';
import type { ReportDetailQuery } from '#server/domain/reports/report-detail';
import { countActiveSql, countCompletedSql } from '#server/domain/processes/status-figures';
import {
  DEADLINE_DAY_SQL,
  DEADLINE_DELAY_SQL,
  DEADLINE_DEPARTMENT_SQL,
  DEADLINE_MET_LATE_SQL,
  DEADLINE_REPORT_FROM,
} from '#server/domain/reports/deadline-report';
import {
  AVERAGE_COMPLETION_SQL,
  DOCUMENT_TYPE_SQL,
  FINALIZED_AT_SQL,
  HAS_REQUESTER,
  REQUESTER_ID,
  REQUESTER_JOINS,
} from '#server/domain/reports/report-scope';

/** A WHERE clause with its named parameters (SqlScope of domain/reports/report-scope.ts, or a fragment). */
type Where = Pick<SqlFragment, 'sql' | 'params'>;

export interface ReportRecentRow {
  id: string;
  subject: string;
  status: ProcessStatus;
  department: string;
  date: Date;
}

export interface ProcessFigures {
  total: number;
  completed: number;
  in_progress: number;
  average: number | null;
}

/** A row of the processes report: all counted (both keys null), one current department, or one month of creation. */
export interface ProcessReportRow {
  department: string | null;
  month: string | null;
  total: number;
  completed: number;
  in_progress: number;
  average: number | null;
}

/** A row of the deadlines report: all counted (both keys null), one department, or one month. */
export interface DeadlineFiguresRow {
  department: string | null;
  month: string | null;
  total: number;
  met_on_time: number;
  met_late: number;
  overdue: number;
  average_delay: number | null;
}

export interface RequesterContact {
  name: string | null;
  department: string | null;
  email: string | null;
  isExternal: boolean;
}

/**
 * The aggregates of the four reports (docs/reports.md#fields). Every method takes the WHERE of the
 * caller's scope (report-scope.ts: visible processes or documents of the period), built by the
 * service; `p` is the processes' alias, `d` the documents', `u` the users'.
 */
@Injectable()
export class ReportsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Processes in `scope`: how many, completed, in progress, and the average days to completion. */
  async processFigures(scope: Where, tx: EntityManager = this.dataSource.manager): Promise<ProcessFigures> {
    const [figures] = await this.query<ProcessFigures>(
      `SELECT count(*)::int AS total,
                ${countCompletedSql('p.status')} AS completed,
                ${countActiveSql('p.status')} AS in_progress,
                ${AVERAGE_COMPLETION_SQL} AS average
           FROM processes p WHERE ${scope.sql}`,
      scope.params,
      tx,
    );
    return figures;
  }

  /**
   * Builds `process_report_days` in `zone` unless it is kept in it already (the first boot after the
   * upgrade, or TIME_ZONE changed): one pass over every process, while writes to processes wait
   * (docs/reports.md#per-day-figures). True when it built them.
   */
  async keepReportDaysIn(zone: string): Promise<boolean> {
    const [{ built }] = await this.dataSource.query<{ built: boolean }[]>(
      'SELECT process_report_days_build($1) AS built',
      [zone],
    );
    // A report reads them from the index alone once their pages are known visible (a vacuum), and
    // the planner needs their statistics; autovacuum would come a minute later.
    if (built) await this.dataSource.query('VACUUM (ANALYZE) process_report_days');
    return built;
  }

  /** Sums each key's rows of `process_report_days` into one; how many rows it read. */
  async foldReportDays(): Promise<number> {
    const [{ rows }] = await this.dataSource.query<{ rows: number }[]>('SELECT process_report_days_fold() AS rows');
    return rows;
  }

  /** Whether `process_report_days` is kept in `zone` (docs/reports.md#per-day-figures). */
  async reportDaysKept(zone: string, tx: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await tx.query<unknown[]>('SELECT 1 FROM process_report_zone WHERE zone = $1', [zone]);
    return rows.length > 0;
  }

  /**
   * The processes report in one pass (docs/reports.md#per-day-figures): in all, per current
   * department (most first) and per month of creation in `:reportZone` (oldest first). It sums the
   * rows of `process_report_days` in `sources.days` (alias d) and the processes in
   * `sources.processes` (alias p): the figures kept per day and the caller's confidential processes,
   * or the processes alone while the figures are not kept in the report's time zone.
   */
  processReport(
    sources: { days?: Where; processes?: Where },
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ProcessReportRow[]> {
    const parts: string[] = [];
    if (sources.days) {
      parts.push(`SELECT d.department, date_trunc('month', d.day)::date AS month, d.status,
                         d.processes AS n, d.completion_seconds AS s
                    FROM process_report_days d WHERE ${sources.days.sql}`);
    }
    if (sources.processes) {
      parts.push(`SELECT p.current_department, date_trunc('month', p.created_at AT TIME ZONE :reportZone)::date, p.status,
                         1, process_report_seconds(p.status, p.created_at, ${FINALIZED_AT_SQL})
                    FROM processes p WHERE ${sources.processes.sql}`);
    }
    const done = (sum: string) => `sum(${sum}) FILTER (WHERE status = '${COMPLETED_PROCESS_STATUS}')`;
    return this.query<ProcessReportRow>(
      `WITH counted (department, month, status, n, s) AS (${parts.join(' UNION ALL ')})
       SELECT department, to_char(month, 'YYYY-MM') AS month, COALESCE(sum(n), 0)::int AS total,
              COALESCE(${done('n')}, 0)::int AS completed,
              COALESCE(sum(n) FILTER (WHERE status = '${ACTIVE_PROCESS_STATUS}'), 0)::int AS in_progress,
              round(${done('s')} / NULLIF(${done('n')}, 0) / 86400, 1)::float8 AS average
         FROM counted
        GROUP BY GROUPING SETS ((), (department), (month))
       HAVING GROUPING(department, month) = 3 OR sum(n) > 0
        ORDER BY GROUPING(department, month), CASE WHEN GROUPING(department, month) = 1 THEN -sum(n) END,
                 department, month`,
      { ...sources.days?.params, ...sources.processes?.params },
      tx,
    );
  }

  /** Processes in `scope` per current department, most first (at most `limit`). */
  processesByDepartment(
    scope: Where,
    limit?: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ReportCount[]> {
    return this.query<ReportCount>(
      `SELECT p.current_department AS department, count(*)::int AS count FROM processes p WHERE ${scope.sql}
          GROUP BY 1 ORDER BY 2 DESC, 1${limit === undefined ? '' : ` LIMIT ${limit}`}`,
      scope.params,
      tx,
    );
  }

  /** The newest processes in `scope`. */
  recentProcesses(scope: Where, tx: EntityManager = this.dataSource.manager): Promise<ReportRecentRow[]> {
    return this.query<ReportRecentRow>(
      `SELECT p.id, p.subject, p.status, p.current_department AS department, p.created_at AS date
           FROM processes p WHERE ${scope.sql} ORDER BY p.created_at DESC, p.id DESC LIMIT ${REPORT_RECENT_LIMIT}`,
      scope.params,
      tx,
    );
  }

  async countDocuments(scope: Where, tx: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ total }] = await this.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM documents d WHERE ${scope.sql}`,
      scope.params,
      tx,
    );
    return total;
  }

  /** Documents in `scope` per file extension, most first. */
  documentsByType(
    scope: Where,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ type: string | null; count: number }[]> {
    return this.query<{ type: string | null; count: number }>(
      `SELECT ${DOCUMENT_TYPE_SQL} AS type, count(*)::int AS count
           FROM documents d JOIN stored_files f ON f.id = d.file_id WHERE ${scope.sql}
          GROUP BY 1 ORDER BY 2 DESC, 1 NULLS LAST`,
      scope.params,
      tx,
    );
  }

  /** The largest files of the documents in `scope` (size as text: bigint). */
  largestDocumentFiles(
    scope: Where,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ name: string | null; size: string }[]> {
    return this.query<{ name: string | null; size: string }>(
      `SELECT NULLIF(btrim(f.original_name), '') AS name, f.size_bytes::text AS size
           FROM documents d JOIN stored_files f ON f.id = d.file_id WHERE ${scope.sql}
          ORDER BY f.size_bytes DESC, d.created_at DESC, d.id LIMIT ${REPORT_TOP_LIMIT}`,
      scope.params,
      tx,
    );
  }

  /** Users in `people`: how many, and how many active. */
  async userTotals(
    people: Where,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ total: number; active: number }> {
    const [totals] = await this.query<{ total: number; active: number }>(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE u.status = 'active')::int AS active
           FROM users u WHERE ${people.sql}`,
      people.params,
      tx,
    );
    return totals;
  }

  usersByDepartment(people: Where, tx: EntityManager = this.dataSource.manager): Promise<ReportCount[]> {
    return this.query<ReportCount>(
      `SELECT u.department, count(*)::int AS count FROM users u WHERE ${people.sql} GROUP BY 1 ORDER BY 2 DESC, 1`,
      people.params,
      tx,
    );
  }

  /** The users of `people` who created or requested the most processes of `seen`. */
  mostActiveUsers(
    people: Where,
    seen: Where,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<UsersReport['mostActive']> {
    return this.query<UsersReport['mostActive'][number]>(
      `WITH activity AS (
           SELECT p.created_by AS user_id, 1 AS created, 0 AS requested FROM processes p WHERE ${seen.sql}
           UNION ALL
           SELECT p.requester_user_id, 0, 1 FROM processes p WHERE p.requester_user_id IS NOT NULL AND ${seen.sql})
         SELECT u.name, u.department, sum(a.created)::int AS "createdProcesses",
                sum(a.requested)::int AS "requestedProcesses", count(*)::int AS "processCount"
           FROM activity a JOIN users u ON u.id = a.user_id
          WHERE ${people.sql}
          GROUP BY u.id ORDER BY 5 DESC, u.name, u.id LIMIT ${REPORT_TOP_LIMIT}`,
      { ...people.params, ...seen.params },
      tx,
    );
  }

  async findUser(
    userId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ name: string; department: string; email: string; role: Role; status: string } | null> {
    const [person] = await this.query<{ name: string; department: string; email: string; role: Role; status: string }>(
      `SELECT name, department, email, role, status FROM users WHERE id = :userId`,
      { userId },
      tx,
    );
    return person ?? null;
  }

  /** Of the processes in `seen`: how many `userId` created, requested, and created confidential. */
  async userProcessFigures(
    seen: Where,
    userId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ created: number; requested: number; confidential: number }> {
    const [metrics] = await this.query<{ created: number; requested: number; confidential: number }>(
      `SELECT count(*) FILTER (WHERE p.created_by = :detailUserId)::int AS created,
                count(*) FILTER (WHERE p.requester_user_id = :detailUserId)::int AS requested,
                count(*) FILTER (WHERE p.created_by = :detailUserId AND p.confidential)::int AS confidential
           FROM processes p WHERE ${seen.sql}`,
      { ...seen.params, detailUserId: userId },
      tx,
    );
    return metrics;
  }

  /** The newest processes of `seen` that `userId` created or requested. */
  userRecentProcesses(
    seen: Where,
    userId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<ReportRecentRow[]> {
    return this.query<ReportRecentRow>(
      `SELECT p.id, p.subject, p.status, p.current_department AS department, p.created_at AS date
           FROM processes p
          WHERE (p.created_by = :detailUserId OR p.requester_user_id = :detailUserId) AND ${seen.sql}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${REPORT_RECENT_LIMIT}`,
      { ...seen.params, detailUserId: userId },
      tx,
    );
  }

  /** Processes in `scope` (which has a requester): how many distinct requesters and requests. */
  async requesterTotals(
    scope: Where,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ requesters: number; requests: number }> {
    const [totals] = await this.query<{ requesters: number; requests: number }>(
      `SELECT count(DISTINCT ${REQUESTER_ID})::int AS requesters, count(*)::int AS requests
           FROM processes p WHERE ${scope.sql}`,
      scope.params,
      tx,
    );
    return totals;
  }

  topRequesters(scope: Where, tx: EntityManager = this.dataSource.manager): Promise<RequestersReport['topRequesters']> {
    return this.query<RequestersReport['topRequesters'][number]>(
      `SELECT COALESCE(er.name, ru.name) AS name, COALESCE(er.department, ru.department) AS department,
                (p.requester_external_id IS NOT NULL) AS "isExternal", count(*)::int AS "requestCount"
           FROM processes p ${REQUESTER_JOINS} WHERE ${scope.sql}
          GROUP BY ${REQUESTER_ID}, 1, 2, 3 ORDER BY 4 DESC, 1, ${REQUESTER_ID} LIMIT ${REPORT_TOP_LIMIT}`,
      scope.params,
      tx,
    );
  }

  /** The requester as a process of `visible` names them, or null when none does. */
  async findRequester(
    visible: Where,
    requesterId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<RequesterContact | null> {
    const [person] = await this.query<RequesterContact>(
      `SELECT COALESCE(er.name, ru.name) AS name, COALESCE(er.department, ru.department) AS department,
              COALESCE(er.email, ru.email) AS email, (p.requester_external_id IS NOT NULL) AS "isExternal"
         FROM processes p ${REQUESTER_JOINS}
        WHERE ${REQUESTER_ID} = :requesterId AND ${visible.sql} LIMIT 1`,
      { ...visible.params, requesterId },
      tx,
    );
    return person ?? null;
  }

  /** Every requester of a process of `visible`, by name. */
  requesterOptions(visible: Where, tx: EntityManager = this.dataSource.manager): Promise<ReportRequesterOption[]> {
    return this.query<ReportRequesterOption>(
      `SELECT DISTINCT ${REQUESTER_ID} AS id, COALESCE(er.name, ru.name) AS name,
              COALESCE(er.department, ru.department) AS department, (p.requester_external_id IS NOT NULL) AS "isExternal"
         FROM processes p ${REQUESTER_JOINS}
        WHERE ${HAS_REQUESTER} AND ${visible.sql}
        ORDER BY 2, 1`,
      visible.params,
      tx,
    );
  }

  /** The earliest due day (YYYY-MM-DD) of the deadlines in `scope` (deadline-report.ts), or null. */
  async firstDeadlineDue(scope: Where, tx: EntityManager = this.dataSource.manager): Promise<string | null> {
    const [row] = await this.query<{ first: string | null }>(
      `SELECT to_char(min(dl.due_date), 'YYYY-MM-DD') AS first FROM ${DEADLINE_REPORT_FROM} WHERE ${scope.sql}`,
      scope.params,
      tx,
    );
    return row.first;
  }

  /**
   * The deadlines in `scope` (deadline-report.ts) counted in one pass: in all, per department that
   * had to act (most first) and per month of the day they count on (oldest first).
   */
  deadlineFigures(scope: Where, tx: EntityManager = this.dataSource.manager): Promise<DeadlineFiguresRow[]> {
    return this.query<DeadlineFiguresRow>(
      `WITH counted AS (
         SELECT ${DEADLINE_DEPARTMENT_SQL} AS department, to_char(${DEADLINE_DAY_SQL}, 'YYYY-MM') AS month,
                dl.status, ${DEADLINE_MET_LATE_SQL} AS late, ${DEADLINE_DELAY_SQL} AS delay
           FROM ${DEADLINE_REPORT_FROM} WHERE ${scope.sql})
       SELECT department, month, count(*)::int AS total,
              count(*) FILTER (WHERE status = 'met' AND NOT late)::int AS met_on_time,
              count(*) FILTER (WHERE late)::int AS met_late,
              count(*) FILTER (WHERE status = 'open')::int AS overdue,
              round(avg(delay)::numeric, 1)::float8 AS average_delay
         FROM counted
        GROUP BY GROUPING SETS ((), (department), (month))
        ORDER BY GROUPING(department, month), count(*) DESC, department, month`,
      scope.params,
      tx,
    );
  }

  /** How many rows the export's detail query (report-detail.ts) returns. */
  async countDetail(detail: ReportDetailQuery, tx: EntityManager = this.dataSource.manager): Promise<number> {
    const [text, values] = this.bind(detail);
    const [{ total }] = await tx.query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM (${text}) detail`,
      values,
    );
    return total;
  }

  /** The first `limit` rows of the detail query, columns named c0, c1, … */
  detailRows(
    detail: ReportDetailQuery,
    limit: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<Record<string, unknown>[]> {
    const [text, values] = this.bind(detail);
    return tx.query<Record<string, unknown>[]>(`${text} LIMIT ${limit}`, values);
  }

  /**
   * Every row of the detail query as an array, read through a cursor (pg-query-stream, 500 at a
   * time) on a connection of its own, handed to `consume`. A failed read destroys its connection
   * instead of returning it to the pool mid-protocol.
   */
  async streamDetail<T>(
    detail: ReportDetailQuery,
    consume: (rows: AsyncIterable<unknown[]>) => Promise<T>,
  ): Promise<T> {
    const [text, values] = this.bind(detail);
    const pool = (this.dataSource.driver as PostgresDriver).master as Pool;
    const client: PoolClient = await pool.connect();
    let failure: Error | undefined;
    try {
      const stream = client.query(new QueryStream(text, values, { batchSize: 500, rowMode: 'array' }));
      return await consume(stream as AsyncIterable<unknown[]>);
    } catch (error) {
      failure = error as Error;
      throw error;
    } finally {
      client.release(failure);
    }
  }

  /** Named parameters → `$n` text and values (TypeORM's escaping, as the reports' queries). */
  private bind(detail: ReportDetailQuery): [string, unknown[]] {
    return this.dataSource.driver.escapeQueryWithParameters(detail.sql, detail.params, {});
  }

  /** Named parameters (`:name`) → `$n`, with TypeORM's escaping. */
  private query<T>(sql: string, params: Record<string, unknown>, tx: EntityManager): Promise<T[]> {
    const [text, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return tx.query<T[]>(text, values);
  }
}
