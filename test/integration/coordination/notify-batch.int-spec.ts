import type { Notification, Pool, PoolClient } from 'pg';
import { loadEnv } from '#server/config/env';
import { batchNotifies, NOTIFY } from '#server/coordination/notify-batch';
import { createCoordinationPool } from '#server/coordination/postgres-pool';
import { eventually } from '#test/setup/eventually';

/**
 * The emitter's NOTIFYs batched into one statement (notify-batch.ts) on a real PostgreSQL: a
 * listener hears every one of a burst, in the order emitted, across statement boundaries.
 */
describe('NOTIFYs batched into one statement', () => {
  let pool: Pool;
  let listener: PoolClient;
  const heard: string[] = [];

  beforeAll(async () => {
    pool = createCoordinationPool(loadEnv().DATABASE_URL, 'teste-notify', 2);
    listener = await pool.connect();
    listener.on('notification', (message: Notification) => heard.push(message.payload ?? ''));
    await listener.query('LISTEN "teste-notify"');
  });
  afterAll(async () => {
    listener.release();
    await pool.end();
  });

  it('delivers a burst of 1,200 in the order emitted, with a flush between', async () => {
    const send = batchNotifies((text, values) => pool.query(text, values));
    const emitted = Array.from({ length: 1200 }, (_, i) => `evento ${i}`);
    const sent = emitted.slice(0, 700).map((payload) => send(NOTIFY, ['teste-notify', payload]));
    await send('SELECT 1');
    sent.push(...emitted.slice(700).map((payload) => send(NOTIFY, ['teste-notify', payload])));
    await Promise.all(sent);
    await eventually(() => heard.length >= emitted.length, 'todas as notificações ouvidas');
    expect(heard).toEqual(emitted);
  });
});
