import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { loadEnv } from '../config/env';
import { closeRedis, watchRedis } from './redis-outage';

export const REDIS = Symbol('REDIS');

/** Every Redis key this system writes starts with REDIS_PREFIX (tests isolate with it). */
export function redisKey(...parts: string[]): string {
  return [loadEnv().REDIS_PREFIX, ...parts].join(':');
}

/** An ioredis client whose outages are logged once per state change (see redis-outage.ts). */
export function createRedis(connectionName: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(loadEnv().REDIS_URL, {
    connectionName,
    maxRetriesPerRequest: null,
    lazyConnect: false,
    ...options,
  });
  return watchRedis(redis, connectionName);
}

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await closeRedis(this.redis);
  }
}

@Global()
@Module({
  providers: [{ provide: REDIS, useFactory: () => createRedis('semgi') }, RedisShutdown],
  exports: [REDIS],
})
export class RedisModule {}
