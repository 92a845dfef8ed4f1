import { type AuthUser, isAdmin } from '#server/common/auth-user';
import type { SqlFragment } from '#server/domain/processes/process-visibility';

/**
 * Who sees a document — the one rule used by lists, search, details, pending signatures, file
 * routes and signing (everyone else gets 404):
 * - admins (docs/documents.md#visibility: admin sees everything), the creator, and the users named in its signing flow;
 * - users on its confidential access list;
 * - staff of a department in departmentAccess — for a confidential document only those of level
 *   Chefia.
 * As a WHERE fragment with named parameters (lists, search, reports); `alias` is the documents
 * table's alias in the query.
 */
export function visibleDocumentsWhere(
  viewer: Pick<AuthUser, 'id' | 'role' | 'department' | 'level'>,
  alias = 'd',
): SqlFragment {
  return {
    sql: `(:viewerIsAdmin
      OR ${alias}.created_by = :viewerId
      OR EXISTS (SELECT 1 FROM document_signing_flow vis_f WHERE vis_f.document_id = ${alias}.id AND vis_f.user_id = :viewerId)
      OR EXISTS (SELECT 1 FROM document_confidential_access vis_c WHERE vis_c.document_id = ${alias}.id AND vis_c.user_id = :viewerId)
      OR ((NOT ${alias}.confidential OR :viewerIsChefia)
          AND EXISTS (SELECT 1 FROM document_department_access vis_d
                      WHERE vis_d.document_id = ${alias}.id AND vis_d.department = :viewerDepartment)))`,
    params: {
      viewerIsAdmin: isAdmin(viewer),
      viewerId: viewer.id,
      viewerIsChefia: viewer.level === 'Chefia',
      viewerDepartment: viewer.department,
    },
  };
}
