import type { Redis } from 'ioredis';
import { createRedis } from '#server/redis/redis-client';
import { closeRedis } from '#server/redis/redis-outage';
import { CoordinationConnection } from './coordination-connection';

export class RedisCoordination extends CoordinationConnection {
  readonly backend = 'redis';
  readonly redis: Redis;

  constructor(url: string) {
    super();
    this.redis = createRedis(url, 'semgi');
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  close(): Promise<void> {
    return closeRedis(this.redis);
  }
}
