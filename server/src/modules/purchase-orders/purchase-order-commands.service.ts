import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import type { AuthUser } from '#server/common/auth-user';
import type { RequestMeta } from '#server/common/http/request';
import { AppConfig } from '#server/config/config.module';
import { isIsoDay, localIsoDate } from '#server/contracts/dates';
import type { PurchaseOrderEventBase } from '#server/contracts/outbox';
import {
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  PURCHASE_ORDER_STATUS_LABELS,
  PURCHASE_ORDER_TRANSITIONS,
  type PurchaseOrderStatus,
  type PurchaseOrderTargetStatus,
  type PurchaseOrderView,
} from '#server/contracts/purchase-orders';
import { Transactions, type Tx } from '#server/database/transactions';
import { MaterialItemsRepository } from '#server/repositories/material-items.repository';
import { PurchaseOrdersRepository } from '#server/repositories/purchase-orders.repository';
import { AuditService } from '#server/modules/audit/audit.service';
import { OutboxService } from '#server/outbox/outbox.service';
import type { CreatePurchaseOrderDto } from './dto/create-purchase-order.dto';
import { nextOrderNumber } from './purchase-order-numbering';
import { PurchaseOrderQueriesService } from './purchase-order-queries.service';
import { assertMayTransition } from './purchase-order-rules';

/** The expected delivery day, refused when malformed or before today in `timeZone`. */
function deliveryDay(value: string | undefined, timeZone: string): string | null {
  if (value === undefined) return null;
  const day = value.trim().slice(0, 10);
  if (!isIsoDay(day)) throw new BadRequestException(MESSAGES.deliveryInvalid);
  if (day < localIsoDate(new Date(), timeZone)) throw new BadRequestException(MESSAGES.deliveryPast);
  return day;
}

/**
 * Creates orders and moves them through the transition table. Each change runs in one transaction
 * with its history row, audit entry and outbox event, so all of them commit or none does.
 */
@Injectable()
export class PurchaseOrderCommandsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly orders: PurchaseOrdersRepository,
    private readonly materials: MaterialItemsRepository,
    private readonly queries: PurchaseOrderQueriesService,
    private readonly audit: AuditService,
    private readonly outbox: OutboxService,
    private readonly config: AppConfig,
  ) {}

  async create(user: AuthUser, input: CreatePurchaseOrderDto, meta: RequestMeta): Promise<PurchaseOrderView> {
    const deliveryExpected = deliveryDay(input.deliveryExpected, this.config.TIME_ZONE);
    const estimatedTotal = (input.estimatedTotal ?? 0).toFixed(2);
    return this.transactions.run(async (manager) => {
      await this.assertMaterialsAvailable(
        manager,
        input.items.map((item) => item.materialItem),
      );
      const orderNumber = await nextOrderNumber(this.orders, manager);
      const now = new Date();
      const id = await this.orders.insert(
        {
          orderNumber,
          department: user.department,
          requestedBy: user.id,
          status: 'pending',
          priority: input.priority ?? 'normal',
          estimatedTotal,
          deliveryExpected,
          justification: input.justification,
          observations: input.observations ?? '',
          itemCount: input.items.length,
          createdAt: now,
          updatedAt: now,
        },
        manager,
      );
      await this.orders.insertItems(
        input.items.map((item, position) => ({
          orderId: id,
          position,
          materialItemId: item.materialItem,
          quantity: item.quantity,
          observation: item.observation ?? '',
        })),
        manager,
      );
      const base = this.eventBase(
        { id, orderNumber, department: user.department, requestedBy: user.id },
        'pending',
        user,
      );
      await this.record(manager, user, meta, base, null, '', now, {
        description: `Pedido de compra ${orderNumber} criado`,
        details: { items: input.items.length, estimatedTotal, priority: input.priority ?? 'normal' },
      });
      await this.outbox.add(manager, 'purchase-order.created', base);
      return this.queries.details(user, id, manager);
    });
  }

  /**
   * Applies one transition of PURCHASE_ORDER_TRANSITIONS. The status is changed by a conditional
   * UPDATE (`WHERE status = <from>`): of two concurrent reviewers only the first commits; the other
   * matches no row and gets 409, and writes no history, audit or event.
   */
  async changeStatus(
    user: AuthUser,
    id: string,
    target: PurchaseOrderTargetStatus,
    reviewComments: string,
    meta: RequestMeta,
  ): Promise<PurchaseOrderView> {
    return this.transactions.run(async (manager) => {
      const order = await this.queries.details(user, id, manager);
      assertMayTransition(user, { ...order, requestedBy: order.requestedBy._id }, target);
      const from = PURCHASE_ORDER_TRANSITIONS[target].from;
      const now = new Date();
      const review = target === 'approved' || target === 'rejected';
      const moved = await this.orders.transition(
        id,
        from,
        {
          status: target,
          updatedAt: now,
          ...(review ? { reviewComments, reviewedBy: user.id, reviewedAt: now } : {}),
        },
        manager,
      );
      if (!moved) throw new ConflictException(MESSAGES.changedMeanwhile);
      const base = this.eventBase(
        { id, orderNumber: order.orderNumber, department: order.department, requestedBy: order.requestedBy._id },
        target,
        user,
      );
      await this.record(manager, user, meta, base, from, reviewComments, now, {
        description: `Pedido de compra ${order.orderNumber}: ${PURCHASE_ORDER_STATUS_LABELS[from]} → ${PURCHASE_ORDER_STATUS_LABELS[target]}`,
        details: { from, to: target, reviewComments },
      });
      await this.outbox.add(manager, 'purchase-order.status-changed', { ...base, fromStatus: from, reviewComments });
      return this.queries.details(user, id, manager);
    });
  }

  private async assertMaterialsAvailable(manager: Tx, ids: string[]): Promise<void> {
    const distinct = [...new Set(ids)];
    if ((await this.materials.countActive(distinct, manager)) !== distinct.length)
      throw new BadRequestException(MESSAGES.materialUnavailable);
  }

  private eventBase(
    order: { id: string; orderNumber: string; department: string; requestedBy: string },
    status: PurchaseOrderStatus,
    actor: AuthUser,
  ): PurchaseOrderEventBase {
    return {
      orderId: order.id,
      orderNumber: order.orderNumber,
      department: order.department,
      requestedBy: order.requestedBy,
      status,
      actorId: actor.id,
      actorName: actor.name,
    };
  }

  /** The history row and the audit entry of a change, in its transaction. */
  private async record(
    manager: Tx,
    actor: AuthUser,
    meta: RequestMeta,
    event: PurchaseOrderEventBase,
    from: PurchaseOrderStatus | null,
    reviewComments: string,
    date: Date,
    audit: { description: string; details: Record<string, unknown> },
  ): Promise<void> {
    await this.orders.insertHistory(
      {
        orderId: event.orderId,
        fromStatus: from,
        toStatus: event.status,
        userId: actor.id,
        userName: actor.name,
        userDepartment: actor.department,
        reviewComments,
        date,
      },
      manager,
    );
    await this.audit.record(
      {
        action: from === null ? 'create' : 'update',
        entityType: 'purchase-order',
        entityId: event.orderId,
        description: audit.description,
        actor,
        meta,
        details: audit.details,
      },
      manager,
    );
  }
}
