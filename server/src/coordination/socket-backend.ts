import { Logger } from '@nestjs/common';
import { decode, encode } from '@msgpack/msgpack';
import { createAdapter as createPostgresAdapter } from '@socket.io/postgres-adapter';
import { Emitter as PostgresEmitter } from '@socket.io/postgres-emitter';
import { createAdapter as createRedisAdapter } from '@socket.io/redis-adapter';
import { Emitter as RedisEmitter } from '@socket.io/redis-emitter';
import type { Redis } from 'ioredis';
import type { Pool, PoolClient, QueryResult } from 'pg';
import type { Server } from 'socket.io';
import type { Env } from '#server/config/env';
import type { ServerToClientEvents } from '#server/contracts/socket-events';
import { createRedis } from '#server/redis/redis-client';
import { closeRedis } from '#server/redis/redis-outage';
import { resyncAfterReconnect } from '#server/realtime/resync-after-reconnect';
import { listenConnectionsOf } from './listen-connections';
import { batchNotifies } from './notify-batch';
import { COORDINATION_SCHEMA, createCoordinationPool } from './postgres-pool';

/** What the worker publishes to browsers through: typed rooms and events, flushed in order. */
export interface SocketEmitter {
  emitToRooms<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Resolves once every event emitted so far left this process, in the order emitted. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Socket.IO between processes: the server's adapter (rooms shared by every instance; after a lost
 * subscription the local sockets resync, see resync-after-reconnect.ts) and the worker's emitter.
 * The channel carries REDIS_PREFIX on both backends.
 */
export abstract class SocketBackend {
  /** Puts `server` on the shared adapter; `close()` releases its connections. */
  abstract attach(server: Server): void;
  abstract emitter(): SocketEmitter;
  abstract close(): Promise<void>;
}

const channel = (prefix: string) => `${prefix}:socket.io`;

export class RedisSocketBackend extends SocketBackend {
  private readonly clients: Redis[] = [];

  constructor(private readonly config: Pick<Env, 'REDIS_URL' | 'REDIS_PREFIX'>) {
    super();
  }

  attach(server: Server): void {
    const pub = createRedis(this.config.REDIS_URL, 'semgi-io-pub');
    const sub = createRedis(this.config.REDIS_URL, 'semgi-io-sub');
    this.clients.push(pub, sub);
    server.adapter(createRedisAdapter(pub, sub, { key: channel(this.config.REDIS_PREFIX) }));
    resyncAfterReconnect({ onConnected: (listener) => sub.on('ready', listener), roundTrip: () => sub.ping() }, server);
  }

  /** Auto-pipelining: the PUBLISHes of one tick (one per recipient) leave in a single write, in order. */
  emitter(): SocketEmitter {
    const redis = createRedis(this.config.REDIS_URL, 'semgi-worker-emitter', { enableAutoPipelining: true });
    this.clients.push(redis);
    const emitter = new RedisEmitter<ServerToClientEvents>(redis, { key: channel(this.config.REDIS_PREFIX) });
    return {
      emitToRooms: (rooms, event, ...args) => {
        if (rooms.length > 0) emitter.to(rooms).emit(event, ...args);
      },
      // Commands run in order on one connection: the PING answers after every PUBLISH before it.
      flush: async () => {
        await redis.ping();
      },
      close: () => closeRedis(redis),
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((client) => closeRedis(client)));
  }
}

/** Messages larger than this (NOTIFY's limit is 8000 bytes) travel through this table. */
const ATTACHMENTS_TABLE = `${COORDINATION_SCHEMA}.socket_io_attachments`;

const logger = new Logger('Realtime');

/** The only Socket.IO namespace of the app. */
const NAMESPACE = '/';

/**
 * The emitter's message with `nsp` set: in the NOTIFY payload (JSON) or in the attachment row
 * (msgpack) of a large one. The header NOTIFY of an attachment is routed by the row it names.
 */
function withNamespace(text: string, values: unknown[]): unknown[] {
  if (text.startsWith('SELECT pg_notify')) {
    const message = JSON.parse(values[1] as string) as { nsp?: string; attachmentId?: unknown };
    return [values[0], JSON.stringify({ nsp: NAMESPACE, ...message })];
  }
  if (text.startsWith('INSERT INTO')) {
    const message = decode(values[0] as Uint8Array) as Record<string, unknown>;
    return [Buffer.from(encode({ nsp: NAMESPACE, ...message }))];
  }
  return values;
}

export class PostgresSocketBackend extends SocketBackend {
  private readonly pools: Pool[] = [];

  constructor(private readonly config: Pick<Env, 'DATABASE_URL' | 'REDIS_PREFIX'>) {
    super();
  }

  /**
   * The adapter LISTENs on one pooled connection and reconnects it when it drops
   * (listen-connections.ts gives each dropped one back); each new one after the first triggers the
   * resync.
   */
  attach(server: Server): void {
    const pool = createCoordinationPool(this.config.DATABASE_URL, 'semgi-io', 3);
    this.pools.push(pool);
    const listeners: (() => void)[] = [];
    let listenClient: PoolClient | undefined;
    const watchedPool = listenConnectionsOf(pool, (client) => {
      listenClient = client;
      for (const listener of listeners) listener();
    });
    server.adapter(
      createPostgresAdapter(watchedPool, {
        channelPrefix: channel(this.config.REDIS_PREFIX),
        tableName: ATTACHMENTS_TABLE,
        errorHandler: (error) => logger.debug({ err: error }, 'erro do adaptador PostgreSQL do Socket.IO'),
      }),
    );
    resyncAfterReconnect(
      {
        onConnected: (listener) => listeners.push(listener),
        roundTrip: () => listenClient?.query('SELECT 1') ?? Promise.resolve(),
      },
      server,
    );
  }

  /**
   * One connection, statements one after another, so NOTIFYs leave in the order emitted (those of
   * one tick in one statement: notify-batch.ts) and `flush` answers after them. The
   * emitter (0.1) writes messages without the namespace that the adapter (0.5) routes on: it is
   * added on the way out (`withNamespace`). A failed query (PostgreSQL down) is only logged: the
   * same outage drops every server's LISTEN connection, and each then tells its sockets to resync.
   * (Resolving also keeps the emitter's own error path, which re-emits the error as an event, out
   * of the way.)
   */
  emitter(): SocketEmitter {
    const pool = createCoordinationPool(this.config.DATABASE_URL, 'semgi-worker-emitter', 1);
    this.pools.push(pool);
    let lastWarning = 0;
    const send = batchNotifies((text, values) => pool.query(text, values));
    const emitterPool = {
      query: (text: string, values: unknown[] = []): Promise<Pick<QueryResult, 'rows'>> =>
        send(text, withNamespace(text, values)).catch((error: Error) => {
          if (Date.now() - lastWarning > 30_000) {
            lastWarning = Date.now();
            logger.warn({ reason: error.message }, 'evento em tempo real não publicado: PostgreSQL indisponível');
          }
          return { rows: [{ id: null }] };
        }),
    };
    const emitter = new PostgresEmitter<ServerToClientEvents>(emitterPool, NAMESPACE, {
      channelPrefix: channel(this.config.REDIS_PREFIX),
      tableName: ATTACHMENTS_TABLE,
    });
    return {
      emitToRooms: (rooms, event, ...args) => {
        if (rooms.length > 0) emitter.to(rooms).emit(event, ...args);
      },
      flush: async () => {
        await emitterPool.query('SELECT 1');
      },
      close: () => this.endPool(pool),
    };
  }

  private async endPool(pool: Pool): Promise<void> {
    const index = this.pools.indexOf(pool);
    if (index < 0) return;
    this.pools.splice(index, 1);
    await pool.end();
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools].map((pool) => this.endPool(pool)));
  }
}
