import { EventEmitter } from 'node:events';
import type { Pool, PoolClient } from 'pg';
import { listenConnectionsOf } from './listen-connections';

/** A pool handing out fake clients and recording each release (and whether it destroyed the client). */
function fakePool() {
  const released: { client: number; destroyed: boolean }[] = [];
  let next = 0;
  const pool = {
    query: () => Promise.resolve({ rows: [] }),
    connect: () => {
      const id = ++next;
      const client = Object.assign(new EventEmitter(), {
        id,
        release: (reason?: Error | boolean) => {
          released.push({ client: id, destroyed: reason !== undefined && reason !== false });
        },
      });
      return Promise.resolve(client as unknown as PoolClient);
    },
  } as unknown as Pool;
  return { pool, released };
}

describe('listenConnectionsOf', () => {
  it('gives back a connection that broke, once, destroying it', async () => {
    const { pool, released } = fakePool();
    const client = await listenConnectionsOf(pool, () => undefined).connect();
    client.emit('error', new Error('terminating connection due to administrator command'));
    client.emit('end');
    expect(released).toEqual([{ client: 1, destroyed: true }]);
  });

  it('gives back a connection that ended without an error (the adapter only reconnects)', async () => {
    const { pool, released } = fakePool();
    const client = await listenConnectionsOf(pool, () => undefined).connect();
    client.emit('end');
    expect(released).toEqual([{ client: 1, destroyed: true }]);
  });

  it('gives back the held connection when a new one is asked for (its LISTEN failed)', async () => {
    const { pool, released } = fakePool();
    const watched = listenConnectionsOf(pool, () => undefined);
    await watched.connect();
    await watched.connect();
    expect(released).toEqual([{ client: 1, destroyed: true }]);
  });

  it("keeps the adapter's own release (on close) the only one", async () => {
    const { pool, released } = fakePool();
    const watched = listenConnectionsOf(pool, () => undefined);
    const client = await watched.connect();
    client.removeAllListeners('end');
    client.release();
    client.emit('error', new Error('idle connection lost'));
    await watched.connect();
    expect(released).toEqual([{ client: 1, destroyed: false }]);
  });

  it('tells of each new connection and lends plain queries to the pool', async () => {
    const { pool } = fakePool();
    const connected: unknown[] = [];
    const watched = listenConnectionsOf(pool, (client) => connected.push((client as unknown as { id: number }).id));
    await watched.connect();
    await watched.connect();
    expect(connected).toEqual([1, 2]);
    await expect(watched.query('SELECT 1')).resolves.toEqual({ rows: [] });
  });
});
