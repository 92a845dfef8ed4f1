import {
  AUDIT_LIST_DEFAULT_LIMIT,
  type AuditAction,
  type AuditEntityType,
  type AuditSortField,
  type AuditStatus,
} from '@contracts';
import type { Query } from '@/lib/http';

/** A calendar day from the date pickers (react-aria's CalendarDate prints as YYYY-MM-DD). */
export interface CalendarDay {
  toString(): string;
}

/** The filter panel of docs/audit.md#logs-screen ('' = any). */
export interface LogFilterForm<Day extends CalendarDay = CalendarDay> {
  startDate: Day | null;
  endDate: Day | null;
  action: AuditAction | '';
  entityType: AuditEntityType | '';
  entityId: string;
  username: string;
  userDepartment: string;
  status: AuditStatus | '';
  sortBy: AuditSortField;
  sortOrder: '-1' | '1';
}

/** Defaults (docs/audit.md#filters): no filter, newest first. */
export const DEFAULT_LOG_FILTERS: LogFilterForm<never> = {
  startDate: null,
  endDate: null,
  action: '',
  entityType: '',
  entityId: '',
  username: '',
  userDepartment: '',
  status: '',
  sortBy: 'createdAt',
  sortOrder: '-1',
};

/** Start (00:00) or end (23:59:59.999) of a calendar day in the browser's time zone, as an ISO instant. */
export function dayBoundary(day: CalendarDay | null, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.toString().split('-').map(Number);
  const local = edge === 'start' ? new Date(year, month - 1, date) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return local.toISOString();
}

/** True when both days are set and the end comes before the start (docs/audit.md#filters). */
export function endBeforeStart(form: Pick<LogFilterForm, 'startDate' | 'endDate'>): boolean {
  return !!form.startDate && !!form.endDate && form.endDate.toString() < form.startDate.toString();
}

/** Query string of GET /logs and /logs/export for the filters (empty values left out). */
export function logFilterQuery(form: LogFilterForm): Query {
  return {
    startDate: dayBoundary(form.startDate, 'start'),
    endDate: dayBoundary(form.endDate, 'end'),
    action: form.action || undefined,
    entityType: form.entityType || undefined,
    entityId: form.entityId.trim() || undefined,
    username: form.username.trim() || undefined,
    userDepartment: form.userDepartment || undefined,
    status: form.status || undefined,
    sortBy: form.sortBy,
    sortOrder: form.sortOrder,
  };
}

export function logListQuery(form: LogFilterForm, page: number, limit = AUDIT_LIST_DEFAULT_LIMIT): Query {
  return { ...logFilterQuery(form), page, limit };
}
