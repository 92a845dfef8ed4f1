import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import { AppConfig } from '#server/config/config.module';
import {
  PURCHASE_ORDER_LIMITS,
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
import { mayViewOrder, visibleOrdersWhere } from '#server/domain/purchase-orders/purchase-order-visibility';
import { allowedTransitions } from './purchase-order-rules';

/** Columns of a list row; money leaves PostgreSQL as text ("1234.50") and becomes a number once. */
const SUMMARY_COLUMNS = `
  o.id, o.order_number AS "orderNumber", o.department, o.status, o.priority,
  o.item_count AS "itemCount", o.estimated_total::text AS "estimatedTotal",
  o.delivery_expected::text AS "deliveryExpected", o.created_at AS "createdAt", o.updated_at AS "updatedAt",
  o.requested_by AS "requesterId", u.name AS "requesterName", u.email AS "requesterEmail"`;

interface SummaryRow {
  id: string;
  orderNumber: string;
  department: string;
  status: PurchaseOrderStatus;
  priority: PurchaseOrderSummary['priority'];
  itemCount: number;
  estimatedTotal: string;
  deliveryExpected: string | null;
  createdAt: Date;
  updatedAt: Date;
  requesterId: string;
  requesterName: string;
  requesterEmail: string;
}

interface DetailRow extends SummaryRow {
  justification: string;
  observations: string;
  reviewComments: string;
  reviewerId: string | null;
  reviewerName: string | null;
  reviewedAt: Date | null;
}

/**
 * numeric(12,2) text to a JSON number. A decimal string of at most 15 significant digits converts
 * to the double that prints back as the same string, so cents survive exactly (the column's maximum,
 * 9 999 999 999,99, has 12; sums up to 9 999 999 999 999,99 stay exact).
 */
export const money = (value: string | null): number => Number(value ?? '0');

function toSummary(row: SummaryRow): PurchaseOrderSummary {
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
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly config: AppConfig,
  ) {}

  async list(user: AuthUser, filters: PurchaseOrderListFilters): Promise<PurchaseOrderListResponse> {
    const params: unknown[] = [];
    const where: string[] = [];
    const seen = visibleOrdersWhere(user, params);
    if (seen) where.push(seen);
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (filters.status) add((n) => `o.status = $${n}`, filters.status);
    if (filters.priority) add((n) => `o.priority = $${n}`, filters.priority);
    // Calendar days in the configured TIME_ZONE, both ends inclusive.
    if (filters.startDate || filters.endDate) params.push(this.config.TIME_ZONE);
    const zone = params.length;
    if (filters.startDate) {
      add((n) => `o.created_at >= ($${n}::date)::timestamp AT TIME ZONE $${zone}::text`, filters.startDate);
    }
    if (filters.endDate) {
      add((n) => `o.created_at < ($${n}::date + 1)::timestamp AT TIME ZONE $${zone}::text`, filters.endDate);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, counted] = await Promise.all([
      this.dataSource.query<SummaryRow[]>(
        `SELECT ${SUMMARY_COLUMNS} FROM purchase_orders o JOIN users u ON u.id = o.requested_by
         ${whereSql} ORDER BY o.created_at DESC, o.id DESC LIMIT ${PURCHASE_ORDER_LIMITS.listLimit}`,
        params,
      ),
      this.dataSource.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM purchase_orders o ${whereSql}`, params),
    ]);
    return { data: rows.map(toSummary), total: counted[0].n };
  }

  /**
   * Counts per status and the estimated value of the visible orders, summed exactly in SQL. The
   * value leaves out rejected and cancelled orders: money that will not be spent.
   */
  async stats(user: AuthUser): Promise<PurchaseOrderStatsResponse> {
    const params: unknown[] = [];
    const seen = visibleOrdersWhere(user, params);
    const rows: { status: PurchaseOrderStatus; n: number; total: string | null }[] = await this.dataSource.query(
      `SELECT o.status, count(*)::int AS n,
              sum(o.estimated_total) FILTER (WHERE o.status NOT IN ('rejected', 'cancelled'))::text AS total
         FROM purchase_orders o ${seen ? `WHERE ${seen}` : ''}
        GROUP BY ROLLUP (o.status)`,
      params,
    );
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
  async details(
    user: AuthUser,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PurchaseOrderView> {
    const [row] = await manager.query<DetailRow[]>(
      `SELECT ${SUMMARY_COLUMNS}, o.justification, o.observations, o.review_comments AS "reviewComments",
              o.reviewed_by AS "reviewerId", r.name AS "reviewerName", o.reviewed_at AS "reviewedAt"
         FROM purchase_orders o
         JOIN users u ON u.id = o.requested_by
         LEFT JOIN users r ON r.id = o.reviewed_by
        WHERE o.id = $1`,
      [id],
    );
    if (!row || !mayViewOrder(user, { department: row.department, requestedBy: row.requesterId })) {
      throw new NotFoundException(PURCHASE_ORDER_MESSAGES.notFound);
    }
    const [items, history] = await Promise.all([this.items(manager, id), this.history(manager, id)]);
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

  private async items(manager: EntityManager, orderId: string): Promise<PurchaseOrderItemView[]> {
    const rows: { id: string; name: string; unit: string; category: string; quantity: number; observation: string }[] =
      await manager.query(
        `SELECT m.id, m.name, m.unit, m.category, i.quantity, i.observation
           FROM purchase_order_items i JOIN material_items m ON m.id = i.material_item_id
          WHERE i.order_id = $1 ORDER BY i.position`,
        [orderId],
      );
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

  private async history(manager: EntityManager, orderId: string): Promise<PurchaseOrderHistoryEntry[]> {
    const rows: (Omit<PurchaseOrderHistoryEntry, 'date'> & { date: Date })[] = await manager.query(
      `SELECT from_status AS "from", to_status AS "to", user_name AS "userName",
              user_department AS "userDepartment", review_comments AS "reviewComments", date
         FROM purchase_order_history WHERE order_id = $1 ORDER BY date, id`,
      [orderId],
    );
    return rows.map((r) => ({ ...r, date: new Date(r.date).toISOString() }));
  }
}
