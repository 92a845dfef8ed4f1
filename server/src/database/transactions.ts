import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type EntitySubscriberInterface } from 'typeorm';

/**
 * A transaction in progress. Services hold it only to hand it on: from Transactions.run to the
 * repositories (server/src/repositories/), whose methods take it as their last, optional argument
 * so that several writes commit together.
 */
export type Tx = EntityManager;

/** Opens transactions for services, which keep no TypeORM of their own. */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** `subscriber` hears of every transaction's commit and rollback (AfterCommitKick). */
  subscribe(subscriber: EntitySubscriberInterface): void {
    this.dataSource.subscribers.push(subscriber);
  }

  /** `work` inside `tx` when that is an open transaction, otherwise inside a new one. */
  join<T>(tx: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
    return tx?.queryRunner?.isTransactionActive ? work(tx) : this.run(work);
  }
}
