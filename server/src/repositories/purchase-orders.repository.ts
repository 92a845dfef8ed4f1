import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '#server/common/auth-user';
import {
  PURCHASE_ORDER_LIMITS,
  type PurchaseOrderHistoryEntry,
  type PurchaseOrderListFilters,
  type PurchaseOrderStatus,
  type PurchaseOrderSummary,
} from '#server/contracts/purchase-orders';
import {
  PurchaseOrderEntity,
  PurchaseOrderHistoryEntity,
  PurchaseOrderItemEntity,
} from '#server/database/entities/index';
import { visibleOrdersWhere } from '#server/domain/purchase-orders/purchase-order-visibility';

type Viewer = Pick<AuthUser, 'id' | 'role' | 'department'>;

/** Columns of a list row; money leaves PostgreSQL as text ("1234.50") and becomes a number once. */
const SUMMARY_COLUMNS = `
  o.id, o.order_number AS "orderNumber", o.department, o.status, o.priority,
  o.item_count AS "itemCount", o.estimated_total::text AS "estimatedTotal",
  o.delivery_expected::text AS "deliveryExpected", o.created_at AS "createdAt", o.updated_at AS "updatedAt",
  o.requested_by AS "requesterId", u.name AS "requesterName", u.email AS "requesterEmail"`;

export interface PurchaseOrderSummaryRow {
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

export interface PurchaseOrderDetailRow extends PurchaseOrderSummaryRow {
  justification: string;
  observations: string;
  reviewComments: string;
  reviewerId: string | null;
  reviewerName: string | null;
  reviewedAt: Date | null;
}

/** One line of an order with its material. */
export interface PurchaseOrderItemRow {
  id: string;
  name: string;
  unit: string;
  category: string;
  quantity: number;
  observation: string;
}

/** Per status (and, with status null, for all), how many orders and their estimated value as text. */
export interface PurchaseOrderStatusRow {
  status: PurchaseOrderStatus | null;
  n: number;
  total: string | null;
}

type NewPurchaseOrder = Pick<
  PurchaseOrderEntity,
  | 'orderNumber'
  | 'department'
  | 'requestedBy'
  | 'status'
  | 'priority'
  | 'estimatedTotal'
  | 'deliveryExpected'
  | 'justification'
  | 'observations'
  | 'itemCount'
  | 'createdAt'
  | 'updatedAt'
>;

/**
 * The purchase orders with their items, history and yearly number counters (docs/purchase-orders.md).
 * Reads for a user filter with visibleOrdersWhere; `details` leaves the check to mayViewOrder.
 */
@Injectable()
export class PurchaseOrdersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The newest visible orders matching `filters` (at most PURCHASE_ORDER_LIMITS.listLimit), with
   * the count of all; start and end dates are calendar days in `timeZone`, both inclusive.
   */
  async listVisible(
    viewer: Viewer,
    filters: PurchaseOrderListFilters,
    timeZone: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<{ rows: PurchaseOrderSummaryRow[]; total: number }> {
    const params: unknown[] = [];
    const where: string[] = [];
    const seen = visibleOrdersWhere(viewer, params);
    if (seen) where.push(seen);
    const add = (sql: (n: number) => string, value: unknown) => {
      params.push(value);
      where.push(sql(params.length));
    };
    if (filters.status) add((n) => `o.status = $${n}`, filters.status);
    if (filters.priority) add((n) => `o.priority = $${n}`, filters.priority);
    if (filters.startDate || filters.endDate) params.push(timeZone);
    const zone = params.length;
    if (filters.startDate) {
      add((n) => `o.created_at >= ($${n}::date)::timestamp AT TIME ZONE $${zone}::text`, filters.startDate);
    }
    if (filters.endDate) {
      add((n) => `o.created_at < ($${n}::date + 1)::timestamp AT TIME ZONE $${zone}::text`, filters.endDate);
    }
    const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
    const [rows, counted] = await Promise.all([
      tx.query<PurchaseOrderSummaryRow[]>(
        `SELECT ${SUMMARY_COLUMNS} FROM purchase_orders o JOIN users u ON u.id = o.requested_by
         ${whereSql} ORDER BY o.created_at DESC, o.id DESC LIMIT ${PURCHASE_ORDER_LIMITS.listLimit}`,
        params,
      ),
      tx.query<{ n: number }[]>(`SELECT count(*)::int AS n FROM purchase_orders o ${whereSql}`, params),
    ]);
    return { rows, total: counted[0].n };
  }

  /**
   * Counts per status of the visible orders and their estimated value, summed exactly in SQL
   * (ROLLUP: the row with status null holds the totals). The value leaves out rejected and
   * cancelled orders: money that will not be spent.
   */
  countByStatus(viewer: Viewer, tx: EntityManager = this.dataSource.manager): Promise<PurchaseOrderStatusRow[]> {
    const params: unknown[] = [];
    const seen = visibleOrdersWhere(viewer, params);
    return tx.query(
      `SELECT o.status, count(*)::int AS n,
              sum(o.estimated_total) FILTER (WHERE o.status NOT IN ('rejected', 'cancelled'))::text AS total
         FROM purchase_orders o ${seen ? `WHERE ${seen}` : ''}
        GROUP BY ROLLUP (o.status)`,
      params,
    );
  }

  /** The order with its requester and reviewer, whoever may see it (the caller checks). */
  async findDetails(id: string, tx: EntityManager = this.dataSource.manager): Promise<PurchaseOrderDetailRow | null> {
    const [row] = await tx.query<PurchaseOrderDetailRow[]>(
      `SELECT ${SUMMARY_COLUMNS}, o.justification, o.observations, o.review_comments AS "reviewComments",
              o.reviewed_by AS "reviewerId", r.name AS "reviewerName", o.reviewed_at AS "reviewedAt"
         FROM purchase_orders o
         JOIN users u ON u.id = o.requested_by
         LEFT JOIN users r ON r.id = o.reviewed_by
        WHERE o.id = $1`,
      [id],
    );
    return row ?? null;
  }

  /** The order's lines in their order. */
  itemsOf(orderId: string, tx: EntityManager = this.dataSource.manager): Promise<PurchaseOrderItemRow[]> {
    return tx.query(
      `SELECT m.id, m.name, m.unit, m.category, i.quantity, i.observation
           FROM purchase_order_items i JOIN material_items m ON m.id = i.material_item_id
          WHERE i.order_id = $1 ORDER BY i.position`,
      [orderId],
    );
  }

  /** The order's status changes, oldest first. */
  historyOf(
    orderId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<(Omit<PurchaseOrderHistoryEntry, 'date'> & { date: Date })[]> {
    return tx.query(
      `SELECT from_status AS "from", to_status AS "to", user_name AS "userName",
              user_department AS "userDepartment", review_comments AS "reviewComments", date
         FROM purchase_order_history WHERE order_id = $1 ORDER BY date, id`,
      [orderId],
    );
  }

  /**
   * The next value of `year`'s number counter. The upsert locks the year's counter row until `tx`
   * ends, so concurrent creations queue on it: no duplicates, and a rollback gives the number back.
   */
  async takeNumber(year: number, tx: EntityManager): Promise<number> {
    const rows: { last_value: number }[] = await tx.query(
      `INSERT INTO purchase_order_number_counters (year, last_value) VALUES ($1, 1)
     ON CONFLICT (year) DO UPDATE SET last_value = purchase_order_number_counters.last_value + 1
     RETURNING last_value`,
      [year],
    );
    return rows[0].last_value;
  }

  /** The new order's id. */
  async insert(order: NewPurchaseOrder, tx: EntityManager = this.dataSource.manager): Promise<string> {
    const { identifiers } = await tx.getRepository(PurchaseOrderEntity).insert(order);
    return String(identifiers[0].id);
  }

  async insertItems(
    items: Omit<PurchaseOrderItemEntity, 'id'>[],
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.getRepository(PurchaseOrderItemEntity).insert(items);
  }

  /**
   * Moves the order to `fields.status` only if it is still in `from` (a conditional UPDATE: of two
   * concurrent changes one matches no row); whether it did.
   */
  async transition(
    id: string,
    from: PurchaseOrderStatus,
    fields: Pick<PurchaseOrderEntity, 'status' | 'updatedAt'> &
      Partial<Pick<PurchaseOrderEntity, 'reviewComments' | 'reviewedBy' | 'reviewedAt'>>,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const result = await tx
      .createQueryBuilder()
      .update(PurchaseOrderEntity)
      .set(fields)
      .where('id = :id AND status = :from', { id, from })
      .execute();
    return result.affected === 1;
  }

  async insertHistory(
    entry: Omit<PurchaseOrderHistoryEntity, 'id'>,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await tx.getRepository(PurchaseOrderHistoryEntity).insert(entry);
  }
}
