import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OutboxEventPayloads, OutboxEventType } from '../contracts/outbox';
import { OutboxEventEntity } from '../database/entities';

/**
 * Writes domain events into the outbox. Always pass the EntityManager of the transaction that
 * makes the change: the event exists if and only if the change committed.
 */
@Injectable()
export class OutboxService {
  async add<T extends OutboxEventType>(
    manager: EntityManager,
    type: T,
    payload: OutboxEventPayloads[T],
  ): Promise<string> {
    const result = await manager.getRepository(OutboxEventEntity).insert({ type, payload });
    return String(result.identifiers[0].id);
  }
}
