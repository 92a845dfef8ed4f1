import { Redis, type RedisOptions } from 'ioredis';
import { watchRedis } from './redis-outage';

/** An ioredis client of `url` (REDIS_URL) whose outages are logged once per state change (see redis-outage.ts). */
export function createRedis(url: string, connectionName: string, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, {
    connectionName,
    maxRetriesPerRequest: null,
    lazyConnect: false,
    ...options,
  });
  return watchRedis(redis, connectionName);
}
