import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { isAllowedOrigin, type OriginPolicy } from '../common/http/origins';
import { loadEnv } from '../config/env';
import { createRedis } from '../redis/redis.module';
import { closeRedis } from '../redis/redis-outage';
import { resyncAfterReconnect } from './resync-after-reconnect';

/**
 * Socket.IO on the Redis adapter: rooms are shared by every server instance, and the worker's
 * Redis emitter reaches sockets wherever they are connected. The channel carries REDIS_PREFIX.
 * Only pages of the app's own origin (or ALLOWED_ORIGINS; outside production, the same host on
 * any port) may connect: a page of another site would otherwise ride the user's cookies.
 * After the subscription comes back from a Redis outage, local sockets are told to catch up.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(app: INestApplicationContext) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const env = loadEnv();
    const policy: OriginPolicy = {
      allowedOrigins: env.ALLOWED_ORIGINS,
      allowSameHostAnyPort: env.NODE_ENV !== 'production',
    };
    const ioOptions: Partial<ServerOptions> = {
      ...options,
      path: '/socket.io',
      serveClient: false,
      allowRequest: (req, callback) => callback(null, isAllowedOrigin(req.headers.origin, req, policy)),
      cors: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, { origin: origin !== undefined && isAllowedOrigin(origin, req, policy), credentials: true });
      },
    };
    const server = super.createIOServer(port, ioOptions) as Server;
    const pub = createRedis('semgi-io-pub');
    const sub = createRedis('semgi-io-sub');
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: `${env.REDIS_PREFIX}:socket.io` }));
    resyncAfterReconnect(sub, server);
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.clients.map((client) => closeRedis(client)));
  }
}
