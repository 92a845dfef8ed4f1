import { type AuthUser, isAdmin } from '#server/common/auth-user';
import type { ReportFilters } from '#server/contracts/reports';
import { type SqlFragment, visibleProcessesWhere } from '#server/domain/processes/process-visibility';
import { visibleDocumentsWhere } from '#server/domain/documents/document-visibility';

/** The inputs of the visibility rules: a request's user, or the viewer an export job carries. */
export type ReportViewer = Pick<AuthUser, 'id' | 'role' | 'department' | 'level'>;

/** A WHERE clause and its named parameters, built from fragments joined by AND. */
export class SqlScope {
  private readonly parts: string[] = [];
  readonly params: Record<string, unknown> = {};

  add(fragment: SqlFragment): this {
    this.parts.push(fragment.sql);
    Object.assign(this.params, fragment.params);
    return this;
  }

  get sql(): string {
    return this.parts.length ? this.parts.join(' AND ') : 'TRUE';
  }
}

/** `column` (a timestamptz) within the calendar days of the filters, in `timeZone` (the configured TIME_ZONE). */
export function createdWithin(column: string, filters: ReportFilters, timeZone: string): SqlFragment {
  const parts: string[] = [];
  const params: Record<string, unknown> = { reportZone: timeZone };
  if (filters.startDate) {
    parts.push(`${column} >= CAST(:reportStart AS date)::timestamp AT TIME ZONE :reportZone`);
    params.reportStart = filters.startDate;
  }
  if (filters.endDate) {
    parts.push(`${column} < (CAST(:reportEnd AS date) + 1)::timestamp AT TIME ZONE :reportZone`);
    params.reportEnd = filters.endDate;
  }
  return { sql: parts.length ? parts.join(' AND ') : 'TRUE', params };
}

export function departmentIs(column: string, department: string | undefined): SqlFragment {
  return department ? { sql: `${column} = :reportDepartment`, params: { reportDepartment: department } } : TRUE;
}

const TRUE: SqlFragment = { sql: 'TRUE', params: {} };

/** The visible processes created in the period (days in `timeZone`; alias p), optionally in the current department. */
export function processScope(
  user: ReportViewer,
  filters: ReportFilters,
  timeZone: string,
  withDepartment = true,
): SqlScope {
  return new SqlScope()
    .add(visibleProcessesWhere(user, 'p'))
    .add(createdWithin('p.created_at', filters, timeZone))
    .add(withDepartment ? departmentIs('p.current_department', filters.department) : TRUE);
}

/**
 * The rows of `process_report_days` (alias d) a processes report of the period reads for `user`:
 * all of them for an admin, the non-confidential ones otherwise (the caller's visible confidential
 * processes are read from `processes`: docs/reports.md#per-day-figures). Days are those of TIME_ZONE,
 * in which the figures are kept.
 */
export function reportDaysScope(user: ReportViewer, filters: ReportFilters): SqlScope {
  const scope = new SqlScope().add(isAdmin(user) ? TRUE : { sql: 'NOT d.confidential', params: {} });
  if (filters.startDate)
    scope.add({ sql: 'd.day >= CAST(:reportStart AS date)', params: { reportStart: filters.startDate } });
  if (filters.endDate) scope.add({ sql: 'd.day <= CAST(:reportEnd AS date)', params: { reportEnd: filters.endDate } });
  return scope.add(departmentIs('d.department', filters.department));
}

/** The visible documents created in the period (days in `timeZone`; alias d), optionally of the department. */
export function documentScope(user: ReportViewer, filters: ReportFilters, timeZone: string): SqlScope {
  return new SqlScope()
    .add(visibleDocumentsWhere(user, 'd'))
    .add(createdWithin('d.created_at', filters, timeZone))
    .add(departmentIs('d.department', filters.department));
}

/**
 * When a completed process (alias p) was finalised: its latest finalisation entry
 * (`processes.finalized_at`, kept by the database: migration 1733680000000), else its last update
 * (last_update moves later when confidentiality is edited, so it is only the fallback).
 */
export const FINALIZED_AT_SQL = `COALESCE(p.finalized_at, p.last_update)`;

/** Days from creation to finalisation of a completed process (alias p). */
export const COMPLETION_DAYS_SQL = `EXTRACT(EPOCH FROM (${FINALIZED_AT_SQL} - p.created_at)) / 86400`;

/** Mean completion days, one decimal, null when none finished (alias p). */
export const AVERAGE_COMPLETION_SQL = `round(avg(${COMPLETION_DAYS_SQL}) FILTER (WHERE p.status = 'concluído')::numeric, 1)::float8`;

/** Requesters of processes (alias p): the external one, else the internal user. */
export const REQUESTER_JOINS = `
  LEFT JOIN external_requesters er ON er.id = p.requester_external_id
  LEFT JOIN users ru ON ru.id = p.requester_user_id`;
export const REQUESTER_ID = `COALESCE(p.requester_external_id, p.requester_user_id)`;
export const HAS_REQUESTER = `(p.requester_external_id IS NOT NULL OR p.requester_user_id IS NOT NULL)`;

/** A document's type (stored file alias f): the lower-case extension of its name; none (or a dot-file) is null. */
export const DOCUMENT_TYPE_SQL = `lower(NULLIF(substring(f.original_name FROM '.\\.([A-Za-z0-9]+)$'), ''))`;
