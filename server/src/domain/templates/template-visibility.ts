import { type AuthUser, isAdmin } from '#server/common/auth-user';
import type { SqlFragment } from '#server/domain/processes/process-visibility';

/**
 * Who is offered a template (README, Decisions › Templates): everyone when it is public; otherwise
 * the staff of the department it was made in, and its creator; admins see every template.
 * `alias` is the templates table's alias in the query.
 */
export function visibleTemplatesWhere(viewer: AuthUser, alias = 't'): SqlFragment {
  return {
    sql: `(:tplViewerIsAdmin OR ${alias}.is_public OR ${alias}.department = :tplViewerDepartment
           OR ${alias}.created_by = :tplViewerId)`,
    params: { tplViewerIsAdmin: isAdmin(viewer), tplViewerDepartment: viewer.department, tplViewerId: viewer.id },
  };
}

/** The creator and admins edit and delete a template. */
export const canEditTemplate = (template: { createdBy: string | null }, viewer: AuthUser) =>
  isAdmin(viewer) || (template.createdBy !== null && template.createdBy === viewer.id);
