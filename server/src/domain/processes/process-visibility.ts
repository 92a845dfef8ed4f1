import { type AuthUser, isAdmin } from '#server/common/auth-user';

/** A WHERE fragment with named parameters, for TypeORM's `.andWhere(fragment.sql, fragment.params)`. */
export interface SqlFragment {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * THE visibility rule of processes (docs/processes.md#confidentiality): a confidential process exists only for admins, its
 * creator and the users on its access list; every other process is visible to every signed-in
 * user. Every query that reads processes (list, details, attachments, counts, search, dashboard,
 * reports) filters with this fragment. `alias` is the alias of the `processes` table in the query.
 */
export function visibleProcessesWhere(user: Pick<AuthUser, 'id' | 'role'>, alias = 'p'): SqlFragment {
  if (isAdmin(user)) return { sql: 'TRUE', params: {} };
  return { sql: nonAdminSees(':visibilityUserId', alias), params: { visibilityUserId: user.id } };
}

/**
 * The same rule for every user of a query at once (the deadline reminders pick their recipients in
 * SQL): true when the row `userAlias` of `users` may see the row `processAlias` of `processes`.
 */
export function usersSeeProcessSql(userAlias = 'u', processAlias = 'p'): string {
  return `(${userAlias}.role = 'admin' OR ${nonAdminSees(`${userAlias}.id`, processAlias)})`;
}

/** A user other than an admin (`userId`: a SQL parameter or column) sees the process `alias`. */
function nonAdminSees(userId: string, alias: string): string {
  // `IN (subquery)` inside the OR becomes one hashed subplan: the planner costs it once, so counts
  // stay index-only scans over the list indexes (which INCLUDE confidential and created_by).
  return (
    `(NOT ${alias}.confidential OR ${alias}.created_by = ${userId} OR ${alias}.id IN (` +
    `SELECT pca_vis.process_id FROM process_confidential_access pca_vis WHERE pca_vis.user_id = ${userId}))`
  );
}

/**
 * The same rule as a relation, for consumers that need every user at once (the dashboard
 * aggregates): one (user_id, process_id) row per confidential process and per user it lets see it
 * besides the admins — its creator and the users on its access list. Keep it in step with
 * visibleProcessesWhere: test/integration/dashboard compares the two for every user.
 */
export const CONFIDENTIAL_VIEWER_PAIRS_SQL =
  `SELECT p.created_by AS user_id, p.id AS process_id FROM processes p WHERE p.confidential ` +
  `UNION SELECT a.user_id, a.process_id FROM process_confidential_access a ` +
  `JOIN processes p ON p.id = a.process_id WHERE p.confidential`;
