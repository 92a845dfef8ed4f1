import { Injectable } from '@nestjs/common';
import type { OutboxEventPayloads, OutboxEventType } from '#server/contracts/outbox';
import { Transactions, type Tx } from '#server/database/transactions';
import { AfterCommitKick } from '#server/database/after-commit-kick';
import { QueueService } from '#server/queue/queue.service';
import { OutboxRepository } from '#server/repositories/outbox.repository';

/**
 * Writes domain events into the outbox. Always pass the EntityManager of the transaction that
 * makes the change: the event exists if and only if the change committed.
 *
 * Relay trigger (AfterCommitKick): `add()` marks the transaction's QueryRunner, and when that
 * transaction commits one deduplicated `outbox.relay` job is enqueued (`keepLastIfActive`: at most
 * one running and one waiting). Features do nothing beyond `add()`.
 * A lost kick (Redis down, crash between commit and enqueue) is covered by the worker's relay
 * that also runs every 2 s.
 */
@Injectable()
export class OutboxService {
  private readonly relay: AfterCommitKick;

  constructor(
    transactions: Transactions,
    queues: QueueService,
    private readonly events: OutboxRepository,
  ) {
    this.relay = new AfterCommitKick(transactions, queues, 'outbox.relay', 'falha ao acionar o relay do outbox');
  }

  async add<T extends OutboxEventType>(manager: Tx, type: T, payload: OutboxEventPayloads[T]): Promise<string> {
    const id = await this.events.insert(type, payload, manager);
    this.relay.written(manager);
    return id;
  }
}
