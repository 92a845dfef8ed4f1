import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { Emitter } from '@socket.io/redis-emitter';
import { loadEnv } from '#server/config/env';
import type { ServerToClientEvents } from '#server/contracts/socket-events';
import { createRedis } from '#server/redis/redis.module';
import { closeRedis } from '#server/redis/redis-outage';

/**
 * Pushes Socket.IO events from the worker through Redis, typed by the shared contract. Server
 * instances relay them to the sockets in the target rooms. Auto-pipelining: the PUBLISHes emitted
 * in one tick (e.g. one per recipient of a notification) leave in a single write, in order.
 */
@Injectable()
export class EmitterService implements OnApplicationShutdown {
  private readonly redis = createRedis('semgi-worker-emitter', { enableAutoPipelining: true });
  private readonly emitter = new Emitter<ServerToClientEvents>(this.redis, {
    key: `${loadEnv().REDIS_PREFIX}:socket.io`,
  });

  emitToRooms<E extends keyof ServerToClientEvents>(
    rooms: string[],
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void {
    if (rooms.length === 0) return;
    this.emitter.to(rooms).emit(event, ...args);
  }

  /** Resolves once every event emitted so far reached Redis (commands run in order on one connection). */
  async flush(): Promise<void> {
    await this.redis.ping();
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}
