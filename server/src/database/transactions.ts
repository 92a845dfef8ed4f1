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

type Results<T extends readonly (() => Promise<unknown>)[]> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Independent reads: all at once outside a transaction (each on its own pool connection), one after
 * another inside one, whose single connection takes one query at a time.
 */
export async function readTogether<T extends readonly (() => Promise<unknown>)[]>(
  tx: Tx | undefined,
  reads: [...T],
): Promise<Results<T>> {
  if (!tx?.queryRunner?.isTransactionActive) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results<T>;
}
