import { ConnectionClosedError, isNotConnectionError } from 'bullmq';
import { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import { retryingOnConnectionLoss } from './worker-pool';

/** A pool whose query fails with `error` (or answers), with EventEmitter state of its own. */
function fakePool(error?: Error): Pool {
  const pool = new EventEmitter() as EventEmitter & Record<string, unknown>;
  pool.totalCount = 3;
  pool.query = (text: string) => (error ? Promise.reject(error) : Promise.resolve({ rows: [{ text }] }));
  pool.connect = function (this: unknown) {
    return Promise.resolve(this === pool ? 'the pool itself' : 'a proxy');
  };
  pool.end = () => Promise.resolve();
  return pool as unknown as Pool;
}

describe('retryingOnConnectionLoss', () => {
  it.each([
    [
      'PostgreSQL shutting down (57P01)',
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
    ],
    [
      'PostgreSQL starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['a connection exception (08006)', Object.assign(new Error('connection failure'), { code: '08006' })],
    ['the socket cut', new Error('Connection terminated unexpectedly')],
  ])('turns %s into the error BullMQ retries', async (_what, cause) => {
    const failure: unknown = await retryingOnConnectionLoss(fakePool(cause))
      .query('SELECT 1')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ConnectionClosedError);
    expect(isNotConnectionError(failure as Error)).toBe(false);
    expect((failure as ConnectionClosedError).cause).toBe(cause);
    expect((failure as Error).message).toBe(cause.message);
  });

  it('leaves a fault of the statement as it is (BullMQ reports it, no retry)', async () => {
    const syntax = Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' });
    await expect(retryingOnConnectionLoss(fakePool(syntax)).query('SELEC 1')).rejects.toBe(syntax);
    expect(isNotConnectionError(syntax)).toBe(true);
  });

  it('answers queries and passes everything else to the pool itself', async () => {
    const pool = fakePool();
    const wrapped = retryingOnConnectionLoss(pool);
    await expect(wrapped.query('SELECT 1')).resolves.toEqual({ rows: [{ text: 'SELECT 1' }] });
    await expect(wrapped.connect()).resolves.toBe('the pool itself');
    expect(wrapped.totalCount).toBe(3);
    const heard: unknown[] = [];
    wrapped.on('error', (error) => heard.push(error));
    pool.emit('error', new Error('idle client lost'));
    expect(heard).toHaveLength(1);
  });
});
