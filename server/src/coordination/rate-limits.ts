import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { RateLimiterPostgres, RateLimiterRedis, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { COORDINATION_SCHEMA } from './postgres-pool';

export interface RateLimitOptions {
  /** Names the counter (e.g. `login-account`); keys of different limits never meet. */
  name: string;
  /** Attempts allowed per window. */
  points: number;
  /** Window, in seconds. */
  duration: number;
}

/**
 * Makes the rate limiters every server instance shares (login, signing, verification). Both stores
 * count atomically (a Lua script in Redis, one upsert in PostgreSQL), so the throttle logic above
 * them is the same whatever the backend.
 */
export abstract class RateLimits {
  abstract limiter(options: RateLimitOptions): RateLimiterStoreAbstract;
}

export class RedisRateLimits extends RateLimits {
  /** `prefix`: REDIS_PREFIX. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  limiter({ name, points, duration }: RateLimitOptions): RateLimiterStoreAbstract {
    const keyPrefix = [this.prefix, 'rl', name].join(':');
    return new RateLimiterRedis({ storeClient: this.redis, keyPrefix, points, duration });
  }
}

/** Table created by the migration CoordinationTables (one table; the key prefix separates limits). */
export const RATE_LIMITS_TABLE = 'rate_limits';

export class PostgresRateLimits extends RateLimits {
  constructor(private readonly pool: Pool) {
    super();
  }

  limiter({ name, points, duration }: RateLimitOptions): RateLimiterStoreAbstract {
    return new RateLimiterPostgres({
      storeClient: this.pool,
      storeType: 'pool',
      schemaName: COORDINATION_SCHEMA,
      tableName: RATE_LIMITS_TABLE,
      tableCreated: true,
      keyPrefix: `rl:${name}`,
      points,
      duration,
    });
  }
}
