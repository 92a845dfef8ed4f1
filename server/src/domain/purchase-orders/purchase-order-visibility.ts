import { type AuthUser, isAdmin } from '#server/common/auth-user';
import { PURCHASE_REVIEW_DEPARTMENTS } from '#server/contracts/purchase-orders';

type Viewer = Pick<AuthUser, 'id' | 'role' | 'department'>;
interface VisibleOrder {
  department: string;
  requestedBy: string;
}

/** Approves, rejects, marks ordered and received (docs/purchase-orders.md#reviewers): an admin, or a user of Pedidos or Administração. */
export const isPurchaseReviewer = (user: Pick<AuthUser, 'role' | 'department'>): boolean =>
  isAdmin(user) || (PURCHASE_REVIEW_DEPARTMENTS as readonly string[]).includes(user.department);

/**
 * THE visibility rule of purchase orders (docs/purchase-orders.md#reviewers): reviewers see every
 * order; everyone else sees the orders of their own department, and their own orders wherever they
 * work now. visibleOrdersWhere and orderAudience are the same rule for a query and for the rooms.
 */
export const mayViewOrder = (user: Viewer, order: VisibleOrder): boolean =>
  isPurchaseReviewer(user) || user.department === order.department || user.id === order.requestedBy;

/**
 * mayViewOrder as a WHERE fragment over the `purchase_orders` table aliased `alias`, its values
 * appended to the positional `params`; null when the user sees every order.
 */
export function visibleOrdersWhere(user: Viewer, params: unknown[], alias = 'o'): string | null {
  if (isPurchaseReviewer(user)) return null;
  params.push(user.department, user.id);
  return `(${alias}.department = $${params.length - 1} OR ${alias}.requested_by = $${params.length})`;
}

/** Who isPurchaseReviewer names, as recipients: the admins and the reviewing departments. */
export interface ReviewerAudience {
  admins: true;
  departments: string[];
}

export const reviewerAudience = (): ReviewerAudience => ({
  admins: true,
  departments: [...PURCHASE_REVIEW_DEPARTMENTS],
});

/** Everyone mayViewOrder lets see the order, as recipients: the reviewers, its department and its requester. */
export function orderAudience(order: VisibleOrder): ReviewerAudience & { userIds: string[] } {
  const reviewers = reviewerAudience();
  return {
    admins: true,
    departments: [...new Set([order.department, ...reviewers.departments])],
    userIds: [order.requestedBy],
  };
}
