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
  if (isAdmin(viewer)) return { sql: 'TRUE', params: {} };
  // The documents of each reason, gathered through their own indexes: a search or a list then starts
  // from what the user may see instead of testing every document (docs/processes.md#search-at-capital-size).
  return {
    sql: `${alias}.id IN (
      SELECT vis_o.id FROM documents vis_o WHERE vis_o.created_by = :viewerId
      UNION ALL SELECT vis_f.document_id FROM document_signing_flow vis_f WHERE vis_f.user_id = :viewerId
      UNION ALL SELECT vis_c.document_id FROM document_confidential_access vis_c WHERE vis_c.user_id = :viewerId
      UNION ALL SELECT vis_d.document_id FROM document_department_access vis_d
                  JOIN documents vis_dd ON vis_dd.id = vis_d.document_id
                 WHERE vis_d.department = :viewerDepartment AND (NOT vis_dd.confidential OR :viewerIsChefia))`,
    params: {
      viewerId: viewer.id,
      viewerIsChefia: viewer.level === 'Chefia',
      viewerDepartment: viewer.department,
    },
  };
}
