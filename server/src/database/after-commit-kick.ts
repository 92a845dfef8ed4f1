import { Logger } from '@nestjs/common';
import type { EntityManager, EntitySubscriberInterface, QueryRunner, TransactionCommitEvent } from 'typeorm';
import type { JobName, JobPayloads } from '#server/contracts/jobs';
import type { QueueService } from '#server/queue/queue.service';
import type { Transactions } from './transactions';

/** Jobs that carry nothing: "there is new work in the table, come and take it". */
type KickJobName = { [N in JobName]: JobPayloads[N] extends Record<string, never> ? N : never }[JobName];

/**
 * Wakes a worker job after rows were written: once the outermost transaction that wrote them
 * commits (nothing on rollback; nested savepoints wait for it), or at once outside a transaction.
 * The job is deduplicated (`keepLastIfActive`: at most one running and one waiting) and a failed
 * enqueue is only logged: the worker also runs the job on a timer, which is the safety net.
 */
export class AfterCommitKick implements EntitySubscriberInterface {
  private readonly logger: Logger;
  private readonly pendingKey: string;

  constructor(
    transactions: Transactions,
    private readonly queues: QueueService,
    private readonly job: KickJobName,
    private readonly failureText: string,
  ) {
    this.logger = new Logger(`AfterCommitKick:${job}`);
    this.pendingKey = `kickPending:${job}`;
    transactions.subscribe(this);
  }

  /** Call after writing rows with `manager` (none: the connection, outside a transaction). */
  written(manager?: EntityManager): void {
    const runner = manager?.queryRunner;
    if (runner?.isTransactionActive) runner.data[this.pendingKey] = true;
    else this.kick();
  }

  kick(): void {
    this.queues
      .enqueue(
        this.job,
        {},
        { deduplication: { id: this.job, keepLastIfActive: true }, removeOnComplete: true, attempts: 3 },
      )
      .catch((error: unknown) => this.logger.warn({ err: error }, this.failureText));
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    if (this.takePending(event.queryRunner)) this.kick();
  }

  afterTransactionRollback(event: { queryRunner: QueryRunner }): void {
    this.takePending(event.queryRunner);
  }

  /** True once per outermost transaction that wrote rows. */
  private takePending(runner: QueryRunner): boolean {
    if (runner.isTransactionActive || !runner.data?.[this.pendingKey]) return false;
    delete runner.data[this.pendingKey];
    return true;
  }
}
