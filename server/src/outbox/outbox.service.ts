import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
} from 'typeorm';
import type { OutboxEventPayloads, OutboxEventType } from '../contracts/outbox';
import { OutboxEventEntity } from '../database/entities';
import { QueueService } from '../queue/queue.service';

const PENDING = 'outboxPending';

/**
 * Writes domain events into the outbox. Always pass the EntityManager of the transaction that
 * makes the change: the event exists if and only if the change committed.
 *
 * Relay trigger: `add()` marks the transaction's QueryRunner; this service is also a TypeORM
 * subscriber, and when that transaction commits it enqueues one deduplicated `outbox.relay` job
 * (`keepLastIfActive`: at most one running and one waiting). Features do nothing beyond `add()`.
 * A lost kick (Redis down, crash between commit and enqueue) is covered by the worker's relay
 * that also runs every 2 s.
 */
@Injectable()
export class OutboxService implements EntitySubscriberInterface {
  private readonly logger = new Logger(OutboxService.name);

  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly queues: QueueService,
  ) {
    dataSource.subscribers.push(this);
  }

  async add<T extends OutboxEventType>(
    manager: EntityManager,
    type: T,
    payload: OutboxEventPayloads[T],
  ): Promise<string> {
    const result = await manager.getRepository(OutboxEventEntity).insert({ type, payload });
    const runner = manager.queryRunner;
    if (runner?.isTransactionActive) runner.data[PENDING] = true;
    else this.kick();
    return String(result.identifiers[0].id);
  }

  /** Asks the worker to relay now. Never throws: the periodic relay is the safety net. */
  kick(): void {
    this.queues
      .enqueue(
        'outbox.relay',
        {},
        { deduplication: { id: 'outbox.relay', keepLastIfActive: true }, removeOnComplete: true, attempts: 3 },
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, 'falha ao acionar o relay do outbox'));
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (this.takePending(event.queryRunner)) this.kick();
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    this.takePending(event.queryRunner);
  }

  /** True once per outermost transaction that added events; nested savepoints wait for it. */
  private takePending(runner: QueryRunner): boolean {
    if (runner.isTransactionActive || !runner.data?.[PENDING]) return false;
    delete runner.data[PENDING];
    return true;
  }
}
