import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import {
  mayPickReportUsers,
  REPORT_MESSAGES as MESSAGES,
  REPORT_RECENT_LIMIT,
  REPORT_TOP_LIMIT,
  type DocumentsReport,
  type ProcessesReport,
  type ReportCount,
  type ReportFilters,
  type ReportRecentProcess,
  type ReportRequesterOption,
  type RequestersReport,
  type UsersReport,
} from '#server/contracts/reports';
import type { ProcessStatus } from '#server/contracts/processes';
import type { Role } from '#server/contracts/users';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { countActiveSql, countCompletedSql } from '#server/domain/processes/status-figures';
import {
  AVERAGE_COMPLETION_SQL,
  departmentIs,
  DOCUMENT_TYPE_SQL,
  documentScope,
  FINALIZATION_JOIN,
  HAS_REQUESTER,
  processScope,
  REQUESTER_ID,
  REQUESTER_JOINS,
  SqlScope,
} from '#server/domain/reports/report-scope';

interface RecentRow {
  id: string;
  subject: string;
  status: ProcessStatus;
  department: string;
  date: Date;
}

const recent = (row: RecentRow): ReportRecentProcess => ({ ...row, date: new Date(row.date).toISOString() });

/**
 * The four reports (docs/reports.md#fields), each one set of SQL aggregates over what the caller may see:
 * visible processes (process-visibility.ts) and visible documents (document-visibility.ts).
 */
@Injectable()
export class ReportsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  private query<T>(sql: string, params: Record<string, unknown>): Promise<T[]> {
    const [text, values] = this.dataSource.driver.escapeQueryWithParameters(sql, params, {});
    return this.dataSource.query<T[]>(text, values);
  }

  private counts(sql: string, params: Record<string, unknown>): Promise<ReportCount[]> {
    return this.query<ReportCount>(sql, params);
  }

  async processes(user: AuthUser, filters: ReportFilters): Promise<ProcessesReport> {
    const scope = processScope(user, filters, this.config.TIME_ZONE);
    const [[totals], byDepartment, processesByMonth] = await Promise.all([
      this.query<{ total: number; completed: number; in_progress: number; average: number | null }>(
        `SELECT count(*)::int AS total,
                ${countCompletedSql('p.status')} AS completed,
                ${countActiveSql('p.status')} AS in_progress,
                ${AVERAGE_COMPLETION_SQL} AS average
           FROM processes p ${FINALIZATION_JOIN} WHERE ${scope.sql}`,
        scope.params,
      ),
      this.counts(
        `SELECT p.current_department AS department, count(*)::int AS count FROM processes p WHERE ${scope.sql}
          GROUP BY 1 ORDER BY 2 DESC, 1`,
        scope.params,
      ),
      this.query<{ month: string; count: number }>(
        `SELECT to_char(p.created_at AT TIME ZONE :reportZone, 'YYYY-MM') AS month, count(*)::int AS count
           FROM processes p WHERE ${scope.sql} GROUP BY 1 ORDER BY 1`,
        scope.params,
      ),
    ]);
    return {
      totalProcesses: totals.total,
      completed: totals.completed,
      inProgress: totals.in_progress,
      averageCompletionTime: totals.average,
      byDepartment,
      processesByMonth,
    };
  }

  async documents(user: AuthUser, filters: ReportFilters): Promise<DocumentsReport> {
    const scope = documentScope(user, filters, this.config.TIME_ZONE);
    const [[totals], byType, largestFiles] = await Promise.all([
      this.query<{ total: number }>(`SELECT count(*)::int AS total FROM documents d WHERE ${scope.sql}`, scope.params),
      this.query<{ type: string | null; count: number }>(
        `SELECT ${DOCUMENT_TYPE_SQL} AS type, count(*)::int AS count
           FROM documents d JOIN stored_files f ON f.id = d.file_id WHERE ${scope.sql}
          GROUP BY 1 ORDER BY 2 DESC, 1 NULLS LAST`,
        scope.params,
      ),
      this.query<{ name: string | null; size: string }>(
        `SELECT NULLIF(btrim(f.original_name), '') AS name, f.size_bytes::text AS size
           FROM documents d JOIN stored_files f ON f.id = d.file_id WHERE ${scope.sql}
          ORDER BY f.size_bytes DESC, d.created_at DESC, d.id LIMIT ${REPORT_TOP_LIMIT}`,
        scope.params,
      ),
    ]);
    return {
      totalDocuments: totals.total,
      byType,
      largestFiles: largestFiles.map((f) => ({ name: f.name, size: Number(f.size) })),
    };
  }

  async users(user: AuthUser, filters: ReportFilters): Promise<UsersReport> {
    const people = new SqlScope().add(departmentIs('u.department', filters.department));
    // Processes of the period the caller may see (the department filter selects users, not processes).
    const seen = processScope(user, filters, this.config.TIME_ZONE, false);
    const params = { ...people.params, ...seen.params };
    const [[totals], byDepartment, mostActive, userDetail] = await Promise.all([
      this.query<{ total: number; active: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE u.status = 'active')::int AS active
           FROM users u WHERE ${people.sql}`,
        people.params,
      ),
      this.counts(
        `SELECT u.department, count(*)::int AS count FROM users u WHERE ${people.sql} GROUP BY 1 ORDER BY 2 DESC, 1`,
        people.params,
      ),
      this.query<UsersReport['mostActive'][number]>(
        `WITH activity AS (
           SELECT p.created_by AS user_id, 1 AS created, 0 AS requested FROM processes p WHERE ${seen.sql}
           UNION ALL
           SELECT p.requester_user_id, 0, 1 FROM processes p WHERE p.requester_user_id IS NOT NULL AND ${seen.sql})
         SELECT u.name, u.department, sum(a.created)::int AS "createdProcesses",
                sum(a.requested)::int AS "requestedProcesses", count(*)::int AS "processCount"
           FROM activity a JOIN users u ON u.id = a.user_id
          WHERE ${people.sql}
          GROUP BY u.id ORDER BY 5 DESC, u.name, u.id LIMIT ${REPORT_TOP_LIMIT}`,
        params,
      ),
      filters.userId ? this.userDetail(user, filters, filters.userId) : undefined,
    ]);
    return {
      totalUsers: totals.total,
      activeUsers: totals.active,
      ...(userDetail ? { userDetail } : {}),
      byDepartment,
      mostActive,
    };
  }

  private async userDetail(
    caller: AuthUser,
    filters: ReportFilters,
    userId: string,
  ): Promise<NonNullable<UsersReport['userDetail']>> {
    if (userId !== caller.id && !mayPickReportUsers(caller)) throw new ForbiddenException(MESSAGES.userForbidden);
    const [person] = await this.query<{ name: string; department: string; email: string; role: Role; status: string }>(
      `SELECT name, department, email, role, status FROM users WHERE id = :userId`,
      { userId },
    );
    if (!person) throw new NotFoundException(MESSAGES.userNotFound);
    const seen = processScope(caller, filters, this.config.TIME_ZONE, false);
    const params = { ...seen.params, detailUserId: userId };
    const [[metrics], recentProcesses] = await Promise.all([
      this.query<{ created: number; requested: number; confidential: number }>(
        `SELECT count(*) FILTER (WHERE p.created_by = :detailUserId)::int AS created,
                count(*) FILTER (WHERE p.requester_user_id = :detailUserId)::int AS requested,
                count(*) FILTER (WHERE p.created_by = :detailUserId AND p.confidential)::int AS confidential
           FROM processes p WHERE ${seen.sql}`,
        params,
      ),
      this.query<RecentRow>(
        `SELECT p.id, p.subject, p.status, p.current_department AS department, p.created_at AS date
           FROM processes p
          WHERE (p.created_by = :detailUserId OR p.requester_user_id = :detailUserId) AND ${seen.sql}
          ORDER BY p.created_at DESC, p.id DESC LIMIT ${REPORT_RECENT_LIMIT}`,
        params,
      ),
    ]);
    return {
      name: person.name,
      department: person.department,
      email: person.email,
      role: person.role,
      active: person.status === 'active',
      metrics: {
        createdProcesses: metrics.created,
        requestedProcesses: metrics.requested,
        confidentialProcesses: metrics.confidential,
        totalActivity: metrics.created + metrics.requested,
      },
      recentProcesses: recentProcesses.map(recent),
    };
  }

  async requesters(user: AuthUser, filters: ReportFilters): Promise<RequestersReport> {
    const scope = processScope(user, filters, this.config.TIME_ZONE).add({ sql: HAS_REQUESTER, params: {} });
    const [[totals], topRequesters, departmentDistribution, requesterDetail] = await Promise.all([
      this.query<{ requesters: number; requests: number }>(
        `SELECT count(DISTINCT ${REQUESTER_ID})::int AS requesters, count(*)::int AS requests
           FROM processes p WHERE ${scope.sql}`,
        scope.params,
      ),
      this.query<RequestersReport['topRequesters'][number]>(
        `SELECT COALESCE(er.name, ru.name) AS name, COALESCE(er.department, ru.department) AS department,
                (p.requester_external_id IS NOT NULL) AS "isExternal", count(*)::int AS "requestCount"
           FROM processes p ${REQUESTER_JOINS} WHERE ${scope.sql}
          GROUP BY ${REQUESTER_ID}, 1, 2, 3 ORDER BY 4 DESC, 1, ${REQUESTER_ID} LIMIT ${REPORT_TOP_LIMIT}`,
        scope.params,
      ),
      this.counts(
        `SELECT p.current_department AS department, count(*)::int AS count FROM processes p WHERE ${scope.sql}
          GROUP BY 1 ORDER BY 2 DESC, 1`,
        scope.params,
      ),
      filters.requesterId ? this.requesterDetail(user, filters, filters.requesterId) : undefined,
    ]);
    return {
      totalRequesters: totals.requesters,
      totalRequests: totals.requests,
      ...(requesterDetail ? { requesterDetail } : {}),
      topRequesters,
      departmentDistribution,
    };
  }

  private async requesterDetail(
    user: AuthUser,
    filters: ReportFilters,
    requesterId: string,
  ): Promise<NonNullable<RequestersReport['requesterDetail']>> {
    // Known only through a process the caller may see (any period): nothing else is revealed.
    const visibility = visibleProcessesWhere(user, 'p');
    const [person] = await this.query<{
      name: string | null;
      department: string | null;
      email: string | null;
      isExternal: boolean;
    }>(
      `SELECT COALESCE(er.name, ru.name) AS name, COALESCE(er.department, ru.department) AS department,
              COALESCE(er.email, ru.email) AS email, (p.requester_external_id IS NOT NULL) AS "isExternal"
         FROM processes p ${REQUESTER_JOINS}
        WHERE ${REQUESTER_ID} = :requesterId AND ${visibility.sql} LIMIT 1`,
      { ...visibility.params, requesterId },
    );
    if (!person) throw new NotFoundException(MESSAGES.requesterNotFound);
    const scope = processScope(user, filters, this.config.TIME_ZONE).add({
      sql: `${REQUESTER_ID} = :requesterId`,
      params: { requesterId },
    });
    const [[figures], topDepartments, recentProcesses] = await Promise.all([
      this.query<{ total: number; completed: number; in_progress: number; average: number | null }>(
        `SELECT count(*)::int AS total,
                ${countCompletedSql('p.status')} AS completed,
                ${countActiveSql('p.status')} AS in_progress,
                ${AVERAGE_COMPLETION_SQL} AS average
           FROM processes p ${FINALIZATION_JOIN} WHERE ${scope.sql}`,
        scope.params,
      ),
      this.counts(
        `SELECT p.current_department AS department, count(*)::int AS count FROM processes p WHERE ${scope.sql}
          GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${REPORT_TOP_LIMIT}`,
        scope.params,
      ),
      this.query<RecentRow>(
        `SELECT p.id, p.subject, p.status, p.current_department AS department, p.created_at AS date
           FROM processes p WHERE ${scope.sql} ORDER BY p.created_at DESC, p.id DESC LIMIT ${REPORT_RECENT_LIMIT}`,
        scope.params,
      ),
    ]);
    return {
      ...person,
      requestCount: figures.total,
      statusBreakdown: { completed: figures.completed, inProgress: figures.in_progress },
      averageCompletionDays: figures.average,
      topDepartments,
      recentProcesses: recentProcesses.map(recent),
    };
  }

  /** The picker: every requester of a process the caller may see, by name. */
  async uniqueRequesters(user: AuthUser): Promise<ReportRequesterOption[]> {
    const visibility = visibleProcessesWhere(user, 'p');
    return this.query<ReportRequesterOption>(
      `SELECT DISTINCT ${REQUESTER_ID} AS id, COALESCE(er.name, ru.name) AS name,
              COALESCE(er.department, ru.department) AS department, (p.requester_external_id IS NOT NULL) AS "isExternal"
         FROM processes p ${REQUESTER_JOINS}
        WHERE ${HAS_REQUESTER} AND ${visibility.sql}
        ORDER BY 2, 1`,
      visibility.params,
    );
  }
}
