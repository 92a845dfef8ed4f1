import { type AuthUser, isAdmin } from '../../common/auth-user';

/** A WHERE fragment with named parameters, for TypeORM's `.andWhere(fragment.sql, fragment.params)`. */
export interface SqlFragment {
  sql: string;
  params: Record<string, unknown>;
}

/**
 * THE visibility rule of processes (spec 1 §6): a confidential process exists only for admins, its
 * creator and the users on its access list; every other process is visible to every signed-in
 * user. Every query that reads processes (list, details, attachments, counts, search, dashboard,
 * reports) filters with this fragment. `alias` is the alias of the `processes` table in the query.
 */
export function visibleProcessesWhere(user: Pick<AuthUser, 'id' | 'role'>, alias = 'p'): SqlFragment {
  if (isAdmin(user)) return { sql: 'TRUE', params: {} };
  return {
    sql:
      `(NOT ${alias}.confidential OR ${alias}.created_by = :visibilityUserId OR EXISTS (` +
      `SELECT 1 FROM process_confidential_access pca_vis ` +
      `WHERE pca_vis.process_id = ${alias}.id AND pca_vis.user_id = :visibilityUserId))`,
    params: { visibilityUserId: user.id },
  };
}
