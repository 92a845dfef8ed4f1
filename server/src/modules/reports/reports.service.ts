import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import {
  type DeadlineFigures,
  type DeadlineReportCalendar,
  type DeadlinesReport,
  mayPickReportUsers,
  REPORT_MESSAGES as MESSAGES,
  REPORT_TOP_LIMIT,
  type DocumentsReport,
  type ProcessesReport,
  type ReportFilters,
  type ReportRecentProcess,
  type ReportRequesterOption,
  type RequestersReport,
  type UsersReport,
} from '#server/contracts/reports';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { BusinessCalendar } from '#server/domain/calendar/business-calendar';
import { yearOf } from '#server/domain/calendar/calendar-days';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { deadlineReportScope } from '#server/domain/reports/deadline-report';
import {
  departmentIs,
  documentScope,
  HAS_REQUESTER,
  processScope,
  reportDaysScope,
  REQUESTER_ID,
  SqlScope,
} from '#server/domain/reports/report-scope';
import {
  type DeadlineFiguresRow,
  type ReportRecentRow,
  ReportsRepository,
} from '#server/repositories/reports.repository';

const recent = (row: ReportRecentRow): ReportRecentProcess => ({ ...row, date: new Date(row.date).toISOString() });

const deadlineFigures = (row: DeadlineFiguresRow): DeadlineFigures => ({
  total: row.total,
  metOnTime: row.met_on_time,
  metLate: row.met_late,
  overdue: row.overdue,
  onTimeRate: row.total ? Math.round((row.met_on_time * 1000) / row.total) / 10 : null,
  averageDelay: row.average_delay,
});

/**
 * The four reports (docs/reports.md#fields), each one set of SQL aggregates over what the caller may see:
 * visible processes (process-visibility.ts) and visible documents (document-visibility.ts).
 */
@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportsRepository,
    private readonly calendar: BusinessCalendar,
    private readonly deadlineClock: DeadlineClock,
    private readonly config: AppConfig,
  ) {}

  /**
   * From the figures kept per day plus the caller's confidential processes, or from the processes
   * while those figures are not kept in TIME_ZONE (docs/reports.md#per-day-figures).
   */
  async processes(user: AuthUser, filters: ReportFilters): Promise<ProcessesReport> {
    const zone = this.config.TIME_ZONE;
    const scope = processScope(user, filters, zone);
    const sources = (await this.reports.reportDaysKept(zone))
      ? {
          days: reportDaysScope(user, filters),
          processes: isAdmin(user) ? undefined : scope.add({ sql: 'p.confidential', params: {} }),
        }
      : { processes: scope };
    const rows = await this.reports.processReport(sources);
    const totals = rows.find((r) => r.department === null && r.month === null)!;
    return {
      totalProcesses: totals.total,
      completed: totals.completed,
      inProgress: totals.in_progress,
      averageCompletionTime: totals.average,
      byDepartment: rows.flatMap((r) => (r.department === null ? [] : [{ department: r.department, count: r.total }])),
      processesByMonth: rows.flatMap((r) => (r.month === null ? [] : [{ month: r.month, count: r.total }])),
    };
  }

  async documents(user: AuthUser, filters: ReportFilters): Promise<DocumentsReport> {
    const scope = documentScope(user, filters, this.config.TIME_ZONE);
    const [total, byType, largestFiles] = await Promise.all([
      this.reports.countDocuments(scope),
      this.reports.documentsByType(scope),
      this.reports.largestDocumentFiles(scope),
    ]);
    return {
      totalDocuments: total,
      byType,
      largestFiles: largestFiles.map((f) => ({ name: f.name, size: Number(f.size) })),
    };
  }

  async users(user: AuthUser, filters: ReportFilters): Promise<UsersReport> {
    const people = new SqlScope().add(departmentIs('u.department', filters.department));
    // Processes of the period the caller may see (the department filter selects users, not processes).
    const seen = processScope(user, filters, this.config.TIME_ZONE, false);
    const [totals, byDepartment, mostActive, userDetail] = await Promise.all([
      this.reports.userTotals(people),
      this.reports.usersByDepartment(people),
      this.reports.mostActiveUsers(people, seen),
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
    const person = await this.reports.findUser(userId);
    if (!person) throw new NotFoundException(MESSAGES.userNotFound);
    const seen = processScope(caller, filters, this.config.TIME_ZONE, false);
    const [metrics, recentProcesses] = await Promise.all([
      this.reports.userProcessFigures(seen, userId),
      this.reports.userRecentProcesses(seen, userId),
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
    const [totals, topRequesters, departmentDistribution, requesterDetail] = await Promise.all([
      this.reports.requesterTotals(scope),
      this.reports.topRequesters(scope),
      this.reports.processesByDepartment(scope),
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
    const person = await this.reports.findRequester(visibleProcessesWhere(user, 'p'), requesterId);
    if (!person) throw new NotFoundException(MESSAGES.requesterNotFound);
    const scope = processScope(user, filters, this.config.TIME_ZONE).add({
      sql: `${REQUESTER_ID} = :requesterId`,
      params: { requesterId },
    });
    const [figures, topDepartments, recentProcesses] = await Promise.all([
      this.reports.processFigures(scope),
      this.reports.processesByDepartment(scope, REPORT_TOP_LIMIT),
      this.reports.recentProcesses(scope),
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

  async deadlines(user: AuthUser, filters: ReportFilters): Promise<DeadlinesReport> {
    return (await this.deadlinesWithCalendar(user, filters)).report;
  }

  /**
   * 'Cumprimento de Prazos' (docs/deadlines.md#dashboard-card-and-report) with the calendar it was
   * computed with (today from the Clock; the days without business from the earliest due day's
   * year), which an export hands to the worker so its detail counts the same delays.
   */
  async deadlinesWithCalendar(
    user: AuthUser,
    filters: ReportFilters,
  ): Promise<{ report: DeadlinesReport; calendar: DeadlineReportCalendar }> {
    const today = this.deadlineClock.today();
    const timeZone = this.config.TIME_ZONE;
    const firstDue = await this.reports.firstDeadlineDue(
      deadlineReportScope(user, filters, timeZone, { today, closedDays: [] }),
    );
    const closed = await this.calendar.nonBusinessDays(yearOf(firstDue ?? today), yearOf(today));
    const calendar = { today, closedDays: closed.map((day) => day.date) };
    const rows = await this.reports.deadlineFigures(deadlineReportScope(user, filters, timeZone, calendar));
    const all = rows.find((row) => row.department === null && row.month === null);
    return {
      report: {
        today,
        ...deadlineFigures(
          all ?? {
            department: null,
            month: null,
            total: 0,
            met_on_time: 0,
            met_late: 0,
            overdue: 0,
            average_delay: null,
          },
        ),
        byDepartment: rows.flatMap((row) =>
          row.department === null ? [] : [{ department: row.department, ...deadlineFigures(row) }],
        ),
        byMonth: rows
          .flatMap((row) => (row.month === null ? [] : [{ month: row.month, ...deadlineFigures(row) }]))
          .sort((a, b) => a.month.localeCompare(b.month)),
      },
      calendar,
    };
  }

  /** The picker: every requester of a process the caller may see, by name. */
  async uniqueRequesters(user: AuthUser): Promise<ReportRequesterOption[]> {
    return this.reports.requesterOptions(visibleProcessesWhere(user, 'p'));
  }
}
