import {
  AUDIT_LIST_DEFAULT_LIMIT,
  type AuditAction,
  type AuditEntityType,
  type AuditSortField,
  type AuditStatus,
  auditPeriodSchema,
  parseContract,
} from '@contracts';
import type { Query } from '@/lib/http';

/** The filter panel of docs/audit.md#logs-screen ('' = any; days as YYYY-MM-DD from the date fields). */
export interface LogFilterForm {
  startDate: string | null;
  endDate: string | null;
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
export const DEFAULT_LOG_FILTERS: LogFilterForm = {
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
export function dayBoundary(day: string | null, edge: 'start' | 'end'): string | undefined {
  if (!day) return undefined;
  const [year, month, date] = day.split('-').map(Number);
  const local = edge === 'start' ? new Date(year, month - 1, date) : new Date(year, month - 1, date, 23, 59, 59, 999);
  return local.toISOString();
}

/**
 * True when both days are set and the end comes before the start (docs/audit.md#filters): the
 * server's own check (the contract's auditPeriodSchema) on the period the form would send.
 */
export function endBeforeStart(form: Pick<LogFilterForm, 'startDate' | 'endDate'>): boolean {
  const period = { startDate: dayBoundary(form.startDate, 'start'), endDate: dayBoundary(form.endDate, 'end') };
  return !parseContract(auditPeriodSchema, period).ok;
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
