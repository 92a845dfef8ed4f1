import type { DeadlineReportCalendar, ReportFilters } from '#server/contracts/reports';
import { visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { departmentIs, SqlScope, type ReportViewer } from './report-scope';

/**
 * The rows of 'Cumprimento de Prazos' (docs/deadlines.md#dashboard-card-and-report): deadlines
 * (alias dl) of the processes (alias p) the viewer may see, counted when met in the period or still
 * open and overdue with their due day in the period. Shared by the report's figures and its export
 * detail, so both count the same rows and the same delays.
 */
export const DEADLINE_REPORT_FROM = 'process_deadlines dl JOIN processes p ON p.id = dl.process_id';

/** The department that had to act: a return deadline's destination, else the process's current department. */
export const DEADLINE_DEPARTMENT_SQL = `CASE WHEN dl.kind = 'return' THEN dl.to_department ELSE p.current_department END`;

/** The day a deadline counts on: the day it was met (TIME_ZONE), or the due day of an overdue one. */
export const DEADLINE_DAY_SQL = `CASE WHEN dl.status = 'met' THEN (dl.met_at AT TIME ZONE :reportZone)::date ELSE dl.due_date END`;

export const DEADLINE_MET_LATE_SQL = `(dl.status = 'met' AND COALESCE(dl.met_late, false))`;

/**
 * Business days after the due day up to the day met (or today, when overdue) of a late deadline,
 * null for one met on time: weekends and the calendar's days (`:closedDays`) are skipped, as
 * daysBetween (domain/deadlines/deadline-state.ts) counts them.
 */
export const DEADLINE_DELAY_SQL = `CASE WHEN dl.status = 'open' OR ${DEADLINE_MET_LATE_SQL} THEN (
  SELECT count(*)::int FROM generate_series((dl.due_date + 1)::timestamp,
                                            (CASE WHEN dl.status = 'met' THEN ${DEADLINE_DAY_SQL} ELSE CAST(:deadlineToday AS date) END)::timestamp,
                                            interval '1 day') AS g(day)
   WHERE extract(isodow FROM g.day) < 6 AND NOT (g.day::date = ANY(CAST(:closedDays AS date[])))) END`;

/** The deadlines counted for `viewer` (the processes' visibility rule) with the report's filters. */
export function deadlineReportScope(
  viewer: ReportViewer,
  filters: ReportFilters,
  timeZone: string,
  calendar: DeadlineReportCalendar,
): SqlScope {
  const scope = new SqlScope().add(visibleProcessesWhere(viewer, 'p')).add({
    sql: `(dl.status = 'met' OR (dl.status = 'open' AND dl.due_date < CAST(:deadlineToday AS date)))`,
    params: { deadlineToday: calendar.today, closedDays: calendar.closedDays, reportZone: timeZone },
  });
  if (filters.startDate) {
    scope.add({ sql: `${DEADLINE_DAY_SQL} >= CAST(:reportStart AS date)`, params: { reportStart: filters.startDate } });
  }
  if (filters.endDate) {
    scope.add({ sql: `${DEADLINE_DAY_SQL} <= CAST(:reportEnd AS date)`, params: { reportEnd: filters.endDate } });
  }
  return scope.add(departmentIs(DEADLINE_DEPARTMENT_SQL, filters.department));
}
