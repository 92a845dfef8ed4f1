import { Global, Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { Redis, type RedisOptions } from 'ioredis';
import { loadEnv } from '../config/env';

export const REDIS = Symbol('REDIS');

/** Every Redis key this system writes starts with REDIS_PREFIX (tests isolate with it). */
export function redisKey(...parts: string[]): string {
  return [loadEnv().REDIS_PREFIX, ...parts].join(':');
}

export function createRedis(connectionName: string, options: RedisOptions = {}): Redis {
  return new Redis(loadEnv().REDIS_URL, { connectionName, maxRetriesPerRequest: null, lazyConnect: false, ...options });
}

@Injectable()
class RedisShutdown implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}
  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}

@Global()
@Module({
  providers: [{ provide: REDIS, useFactory: () => createRedis('semgi') }, RedisShutdown],
  exports: [REDIS],
})
export class RedisModule {}
