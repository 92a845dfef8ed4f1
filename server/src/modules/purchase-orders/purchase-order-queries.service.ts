import { Injectable, NotFoundException } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import {
  PURCHASE_ORDER_MESSAGES,
  PURCHASE_ORDER_STATUSES,
  type PurchaseOrderHistoryEntry,
  type PurchaseOrderItemView,
  type PurchaseOrderListFilters,
  type PurchaseOrderListResponse,
  type PurchaseOrderStatsResponse,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
  type PurchaseOrderView,
} from '#server/contracts/purchase-orders';
import type { Tx } from '#server/database/transactions';
import { mayViewOrder } from '#server/domain/purchase-orders/purchase-order-visibility';
import {
  type PurchaseOrderSummaryRow,
  PurchaseOrdersRepository,
} from '#server/repositories/purchase-orders.repository';
import { allowedTransitions } from './purchase-order-rules';

/**
 * numeric(12,2) text to a JSON number. A decimal string of at most 15 significant digits converts
 * to the double that prints back as the same string, so cents survive exactly (the column's maximum,
 * 9 999 999 999,99, has 12; sums up to 9 999 999 999 999,99 stay exact).
 */
export const money = (value: string | null): number => Number(value ?? '0');

function toSummary(row: PurchaseOrderSummaryRow): PurchaseOrderSummary {
  return {
    _id: row.id,
    id: row.id,
    orderNumber: row.orderNumber,
    department: row.department,
    requestedBy: { _id: row.requesterId, name: row.requesterName, email: row.requesterEmail },
    status: row.status,
    priority: row.priority,
    itemCount: Number(row.itemCount),
    estimatedTotal: money(row.estimatedTotal),
    deliveryExpected: row.deliveryExpected,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

/** Reads purchase orders as the caller may see them (docs/purchase-orders.md#api; visibility in the README). */
@Injectable()
export class PurchaseOrderQueriesService {
  constructor(
    private readonly orders: PurchaseOrdersRepository,
    private readonly config: AppConfig,
  ) {}

  async list(user: AuthUser, filters: PurchaseOrderListFilters): Promise<PurchaseOrderListResponse> {
    const { rows, total } = await this.orders.listVisible(user, filters, this.config.TIME_ZONE);
    return { data: rows.map(toSummary), total };
  }

  /**
   * Counts per status and the estimated value of the visible orders, summed exactly in SQL. The
   * value leaves out rejected and cancelled orders: money that will not be spent.
   */
  async stats(user: AuthUser): Promise<PurchaseOrderStatsResponse> {
    const rows = await this.orders.countByStatus(user);
    const statusStats = Object.fromEntries(PURCHASE_ORDER_STATUSES.map((s) => [s, 0])) as Record<
      PurchaseOrderStatus,
      number
    >;
    let totalOrders = 0;
    let totalEstimated = 0;
    for (const row of rows) {
      if (row.status === null) {
        totalOrders = row.n;
        totalEstimated = money(row.total);
      } else statusStats[row.status] = row.n;
    }
    return { statusStats, totalOrders, totalEstimated };
  }

  /** The order with items and history, or 404 when it does not exist or the user may not see it. */
  async details(user: AuthUser, id: string, manager?: Tx): Promise<PurchaseOrderView> {
    const row = await this.orders.findDetails(id, manager);
    if (!row || !mayViewOrder(user, { department: row.department, requestedBy: row.requesterId })) {
      throw new NotFoundException(PURCHASE_ORDER_MESSAGES.notFound);
    }
    const [items, history] = await Promise.all([this.items(id, manager), this.history(id, manager)]);
    const summary = toSummary(row);
    return {
      ...summary,
      items,
      justification: row.justification,
      observations: row.observations,
      reviewComments: row.reviewComments,
      reviewedBy: row.reviewerId ? { _id: row.reviewerId, name: row.reviewerName ?? '' } : null,
      reviewedAt: row.reviewedAt ? new Date(row.reviewedAt).toISOString() : null,
      history,
      allowedTransitions: allowedTransitions(user, { ...summary, requestedBy: row.requesterId }),
    };
  }

  private async items(orderId: string, manager?: Tx): Promise<PurchaseOrderItemView[]> {
    const rows = await this.orders.itemsOf(orderId, manager);
    return rows.map((r) => ({
      materialItem: {
        _id: r.id,
        id: r.id,
        name: r.name,
        unit: r.unit as PurchaseOrderItemView['materialItem']['unit'],
        category: r.category as PurchaseOrderItemView['materialItem']['category'],
      },
      quantity: r.quantity,
      observation: r.observation,
    }));
  }

  private async history(orderId: string, manager?: Tx): Promise<PurchaseOrderHistoryEntry[]> {
    const rows = await this.orders.historyOf(orderId, manager);
    return rows.map((r) => ({ ...r, date: new Date(r.date).toISOString() }));
  }
}
