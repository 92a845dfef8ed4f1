import { Logger } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';

const logger = new Logger('PostgreSQL');

/**
 * The pool handed to Socket.IO's PostgreSQL adapter, which holds one checked-out connection for
 * LISTEN and takes a new one when it drops. The adapter never gives a dropped connection back:
 * not when it ends, not when its LISTEN failed. Left so, each outage keeps a slot of the small pool
 * until `connect` waits forever and the server stops hearing (and publishing) events. Here each
 * LISTEN connection is given back exactly once — destroyed when it broke or ended, or when the
 * adapter asks for the next one while still holding it (its LISTEN failed) — and carries an error
 * listener (a checked-out pg client without one would crash the process). `onConnected` runs for
 * each new connection.
 */
export function listenConnectionsOf(pool: Pool, onConnected: (client: PoolClient) => void): Pool {
  let current: { client: PoolClient; destroy: (reason: Error) => void } | undefined;
  const connect = async (): Promise<PoolClient> => {
    current?.destroy(new Error('conexão LISTEN substituída'));
    const client = await pool.connect();
    const giveBack = client.release.bind(client);
    let released = false;
    const release = (reason?: Error | boolean) => {
      if (released) return;
      released = true;
      client.removeListener('end', onEnd);
      giveBack(reason);
    };
    const onEnd = () => release(new Error('conexão LISTEN encerrada'));
    client.release = release;
    client.on('error', (error) => {
      if (!released) logger.warn({ reason: error.message }, 'conexão LISTEN do Socket.IO perdida: reconectando');
      release(error);
    });
    client.on('end', onEnd);
    current = { client, destroy: release };
    onConnected(client);
    return client;
  };
  return { query: pool.query.bind(pool), connect } as unknown as Pool;
}
