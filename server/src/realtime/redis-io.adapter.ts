import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import type { Server, ServerOptions } from 'socket.io';
import { loadEnv } from '../config/env';
import { createRedis } from '../redis/redis.module';

/**
 * Socket.IO on the Redis adapter: rooms are shared by every server instance, and the worker's
 * Redis emitter reaches sockets wherever they are connected. The channel carries REDIS_PREFIX.
 */
export class RedisIoAdapter extends IoAdapter {
  private readonly clients: Redis[] = [];

  constructor(app: INestApplicationContext) {
    super(app);
  }

  override createIOServer(port: number, options?: ServerOptions): Server {
    const server = super.createIOServer(port, { ...options, path: '/socket.io', serveClient: false }) as Server;
    const pub = createRedis('semgi-io-pub');
    const sub = pub.duplicate({ connectionName: 'semgi-io-sub' });
    this.clients.push(pub, sub);
    server.adapter(createAdapter(pub, sub, { key: `${loadEnv().REDIS_PREFIX}:socket.io` }));
    return server;
  }

  override async close(server: Server): Promise<void> {
    await super.close(server);
    await Promise.all(this.clients.map((c) => c.quit().catch(() => undefined)));
  }
}
