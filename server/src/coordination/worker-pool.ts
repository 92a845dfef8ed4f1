import { ConnectionClosedError } from 'bullmq';
import type { Pool } from 'pg';
import { isConnectionLoss } from '#server/database/connection-loss';

/**
 * The pool a BullMQ worker gets on the PostgreSQL backend. BullMQ retries the write that ends a job
 * (completed, failed) only after an error it knows as a lost connection — Redis' messages,
 * ECONNREFUSED or its `ConnectionClosedError`; any other error is reported and the write dropped,
 * so the job stays active until its lock expires and the stalled-job check (WORKER_LOCK_MS) takes
 * it back. PostgreSQL going away mid-query answers 57P01 or "Connection terminated": translated
 * here, the worker writes the job's end again once the database is back (README, Faults).
 */
export function retryingOnConnectionLoss(pool: Pool): Pool {
  const query = async (...args: unknown[]): Promise<unknown> => {
    try {
      return await (pool.query as (...a: unknown[]) => Promise<unknown>)(...args);
    } catch (error) {
      if (isConnectionLoss(error)) throw new ConnectionClosedError((error as Error).message, error);
      throw error;
    }
  };
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
