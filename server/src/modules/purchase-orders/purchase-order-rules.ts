import { ConflictException, ForbiddenException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import {
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  PURCHASE_ORDER_TARGET_STATUSES,
  PURCHASE_ORDER_TRANSITIONS,
  type PurchaseOrderActor,
  type PurchaseOrderStatus,
  type PurchaseOrderTargetStatus,
} from '#server/contracts/purchase-orders';
import { isPurchaseReviewer } from '#server/domain/purchase-orders/purchase-order-visibility';

type Actor = Pick<AuthUser, 'id' | 'role' | 'department'>;
interface OrderState {
  status: PurchaseOrderStatus;
  department: string;
  requestedBy: string;
}

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
