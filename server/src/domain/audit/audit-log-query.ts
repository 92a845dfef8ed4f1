import type { AuditLogFilters, AuditSortField } from '#server/contracts/audit';
import { escapeLike } from '#server/domain/search/text-search';

/** Sortable columns: the only identifiers ever put into the SQL text from a request. */
export const SORT_COLUMNS: Record<AuditSortField, string> = {
  createdAt: 'created_at',
  action: 'action',
  entityType: 'entity_type',
  status: 'status',
  username: 'username',
};

/** Columns of an AuditLogView (docs/audit.md#entries Log entry). */
export const AUDIT_VIEW_COLUMNS = `id AS "_id", created_at AS "createdAt", action, entity_type AS "entityType",
  entity_id AS "entityId", description, username, user_department AS "userDepartment", status,
  ip_address AS "ipAddress", details`;

/** `value` for a LIKE pattern, with its wildcards taken literally. */

/**
 * WHERE clause of the filters with bind parameters `$1…` (after `offset` parameters already used).
 * Every condition has an index whose leading column is the filtered one (migration 1732900000000-audit-chain);
 * combinations of action, entity type, status and department one GIN index and the statistics that
 * tell the planner which are rare (migration 1733600000000-audit-filter-combinations).
 */
export function auditWhere(filters: AuditLogFilters, offset = 0): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const add = (condition: (p: string) => string, value: unknown) => {
    params.push(value);
    conditions.push(condition(`$${offset + params.length}`));
  };
  if (filters.startDate) add((p) => `created_at >= ${p}::timestamptz`, filters.startDate);
  if (filters.endDate) add((p) => `created_at <= ${p}::timestamptz`, filters.endDate);
  if (filters.action) add((p) => `action = ${p}`, filters.action);
  if (filters.entityType) add((p) => `entity_type = ${p}`, filters.entityType);
  if (filters.entityId) add((p) => `entity_id = ${p}`, filters.entityId);
  if (filters.userId) add((p) => `user_id = ${p}::uuid`, filters.userId);
  if (filters.username) add((p) => `lower(username) LIKE ${p}`, `${escapeLike(filters.username.toLowerCase())}%`);
  if (filters.userDepartment) add((p) => `user_department = ${p}`, filters.userDepartment);
  if (filters.status) add((p) => `status = ${p}`, filters.status);
  return { sql: conditions.length ? `WHERE ${conditions.join(' AND ')}` : '', params };
}

/** ORDER BY of the list: the chosen column, then newest/oldest first, then id (a total order). */
export function auditOrderBy(filters: Pick<AuditLogFilters, 'sortBy' | 'sortOrder'>): string {
  const direction = filters.sortOrder === 1 ? 'ASC' : 'DESC';
  const column = SORT_COLUMNS[filters.sortBy];
  const keys = column === 'created_at' ? ['created_at', 'id'] : [column, 'created_at', 'id'];
  return `ORDER BY ${keys.map((key) => `${key} ${direction}`).join(', ')}`;
}
