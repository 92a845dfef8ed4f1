import { Redis, type RedisOptions } from 'ioredis';
import { loadEnv } from '../config/env';
import { watchRedis } from './redis-outage';

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
