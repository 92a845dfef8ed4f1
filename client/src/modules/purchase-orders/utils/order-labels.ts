import {
  PURCHASE_ORDER_PRIORITY_LABELS,
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_REVIEW_DEPARTMENTS,
  type PurchaseOrderPriority,
  type PurchaseOrderStatus,
} from '@contracts';
import type { BadgeTone } from '@/ui/Badge';

export const statusLabel = (status: PurchaseOrderStatus) => PURCHASE_ORDER_STATUS_LABELS[status] ?? status;
export const priorityLabel = (priority: PurchaseOrderPriority) => PURCHASE_ORDER_PRIORITY_LABELS[priority] ?? priority;

const STATUS_TONES: Record<PurchaseOrderStatus, BadgeTone> = {
  pending: 'warning',
  reviewing: 'info',
  approved: 'success',
  rejected: 'danger',
  ordered: 'info',
  received: 'success',
  cancelled: 'neutral',
};
export const statusTone = (status: PurchaseOrderStatus): BadgeTone => STATUS_TONES[status] ?? 'neutral';

const PRIORITY_TONES: Record<PurchaseOrderPriority, BadgeTone> = {
  low: 'neutral',
  normal: 'info',
  high: 'warning',
  urgent: 'danger',
};
export const priorityTone = (priority: PurchaseOrderPriority): BadgeTone => PRIORITY_TONES[priority] ?? 'neutral';

/** Who reviews orders and keeps the material catalogue (the server enforces it; docs/purchase-orders.md#reviewers). */
export function isPurchaseReviewer(user: { role?: string; department?: string } | null | undefined): boolean {
  return user?.role === 'admin' || (PURCHASE_REVIEW_DEPARTMENTS as readonly string[]).includes(user?.department ?? '');
}
