import { Injectable } from '@nestjs/common';
import type { OutboxEventType } from '#server/contracts/outbox';
import { rooms } from '#server/contracts/socket-events';
import type { Tx } from '#server/database/transactions';
import { orderAudience } from '#server/domain/purchase-orders/purchase-order-visibility';
import { UsersRepository } from '#server/repositories/users.repository';
import type { AfterCommit, OutboxHandler, RelayedEvent } from '../outbox/outbox-handler';
import { EmitterService } from '../realtime/emitter.service';

/**
 * `purchase-order:updated` so open purchase-order screens reload their list, stats and details:
 * to whoever sees the order (orderAudience of domain/purchase-orders/purchase-order-visibility.ts) —
 * its department, its requester, the reviewing departments and the admins.
 */
@Injectable()
export class PurchaseOrderUpdatesOutboxHandler implements OutboxHandler {
  readonly types: readonly OutboxEventType[] = ['purchase-order.created', 'purchase-order.status-changed'];

  constructor(
    private readonly emitter: EmitterService,
    private readonly users: UsersRepository,
  ) {}

  async handle(event: RelayedEvent, manager: Tx): Promise<AfterCommit | void> {
    if (event.type !== 'purchase-order.created' && event.type !== 'purchase-order.status-changed') return;
    const order = event.payload;
    const audience = orderAudience(order);
    const admins = await this.users.activeAdminIds(manager);
    const users = [...new Set([...admins, ...audience.userIds])];
    const target = [...users.map(rooms.user), ...audience.departments.map(rooms.department)];
    const payload = { orderId: order.orderId, orderNumber: order.orderNumber, status: order.status };
    return () => this.emitter.emitToRooms(target, 'purchase-order:updated', payload);
  }
}
