import { ConflictException, ForbiddenException } from '@nestjs/common';
import { type AuthUser, isAdmin } from '#server/common/auth-user';
import {
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  PURCHASE_ORDER_TARGET_STATUSES,
  PURCHASE_ORDER_TRANSITIONS,
  PURCHASE_REVIEW_DEPARTMENTS,
  type PurchaseOrderActor,
  type PurchaseOrderStatus,
  type PurchaseOrderTargetStatus,
} from '#server/contracts/purchase-orders';

type Actor = Pick<AuthUser, 'id' | 'role' | 'department'>;
interface OrderState {
  status: PurchaseOrderStatus;
  department: string;
  requestedBy: string;
}

/** Approves, rejects, marks ordered and received (docs/purchase-orders.md#reviewers): an admin, or a user of Pedidos or Administração. */
export const isPurchaseReviewer = (user: Pick<AuthUser, 'role' | 'department'>): boolean =>
  isAdmin(user) || (PURCHASE_REVIEW_DEPARTMENTS as readonly string[]).includes(user.department);

/**
 * Reviewers see every order; everyone else sees the orders of their own department, and their own
 * orders wherever they work now.
 */
export const mayViewOrder = (user: Actor, order: Pick<OrderState, 'department' | 'requestedBy'>): boolean =>
  isPurchaseReviewer(user) || user.department === order.department || user.id === order.requestedBy;

const mayActAs = (user: Actor, order: OrderState, actor: PurchaseOrderActor): boolean =>
  actor === 'reviewer' ? isPurchaseReviewer(user) : user.id === order.requestedBy;

/** The target statuses this user may apply to the order now: the buttons the details modal shows. */
export function allowedTransitions(user: Actor, order: OrderState): PurchaseOrderTargetStatus[] {
  return PURCHASE_ORDER_TARGET_STATUSES.filter((target) => {
    const rule = PURCHASE_ORDER_TRANSITIONS[target];
    return rule.from === order.status && mayActAs(user, order, rule.by);
  });
}

/** Who may apply the transition is checked before its source state: 403, then 409. */
export function assertMayTransition(user: Actor, order: OrderState, target: PurchaseOrderTargetStatus): void {
  const rule = PURCHASE_ORDER_TRANSITIONS[target];
  if (!mayActAs(user, order, rule.by)) {
    throw new ForbiddenException(rule.by === 'reviewer' ? MESSAGES.reviewerOnly : MESSAGES.requesterOnly);
  }
  if (order.status !== rule.from) throw new ConflictException(MESSAGES.wrongState(order.status, target));
}
