import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { COORDINATION_SCHEMA } from './postgres-pool';

/**
 * Short-lived string values shared by the server and the worker (the export hand-off, the mark of
 * a sent e-mail). An expired key reads as absent. Each operation is atomic on both backends.
 */
export abstract class ExpiringKeys {
  /** Sets `key` unless it holds a live value. */
  abstract setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<void>;
  abstract set(key: string, value: string, ttlSeconds: number): Promise<void>;
  abstract has(key: string): Promise<boolean>;
  /** The live value of `key`, or null. */
  abstract get(key: string): Promise<string | null>;
  /** Replaces `from` with `to` (the expiry stays) and returns the value found: null when absent. */
  abstract replaceIf(key: string, from: string, to: string): Promise<string | null>;
  abstract delete(key: string): Promise<void>;
  /** Stops background work (none by default). */
  close(): void {}
}

const REPLACE_IF = `
local old = redis.call('GET', KEYS[1])
if old == ARGV[1] then redis.call('SET', KEYS[1], ARGV[2], 'KEEPTTL') end
return old`;

export class RedisExpiringKeys extends ExpiringKeys {
  /** `prefix`: REDIS_PREFIX. */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {
    super();
  }

  private key(key: string): string {
    return `${this.prefix}:${key}`;
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key(key), value, 'EX', ttlSeconds, 'NX');
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.redis.set(this.key(key), value, 'EX', ttlSeconds);
  }

  async has(key: string): Promise<boolean> {
    return (await this.redis.exists(this.key(key))) > 0;
  }

  get(key: string): Promise<string | null> {
    return this.redis.get(this.key(key));
  }

  async replaceIf(key: string, from: string, to: string): Promise<string | null> {
    return (await this.redis.eval(REPLACE_IF, 1, this.key(key), from, to)) as string | null;
  }

  async delete(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }
}

const TABLE = `${COORDINATION_SCHEMA}.expiring_keys`;

/** How often expired rows are deleted (reads already ignore them). */
const SWEEP_INTERVAL_MS = 10 * 60_000;

/** Rows of `coordination.expiring_keys` (migration CoordinationTables). */
export class PostgresExpiringKeys extends ExpiringKeys {
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly pool: Pool) {
    super();
    this.sweeper = setInterval(() => {
      pool.query(`DELETE FROM ${TABLE} WHERE expires_at <= now()`).catch(() => undefined);
    }, SWEEP_INTERVAL_MS);
    this.sweeper.unref();
  }

  async setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${TABLE} (key, value, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at
       WHERE ${TABLE}.expires_at <= now()`,
      [key, value, ttlSeconds],
    );
  }

  async set(key: string, value: string, ttlSeconds: number): Promise<void> {
    await this.pool.query(
      `INSERT INTO ${TABLE} (key, value, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value, expires_at = EXCLUDED.expires_at`,
      [key, value, ttlSeconds],
    );
  }

  async has(key: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(`SELECT 1 FROM ${TABLE} WHERE key = $1 AND expires_at > now()`, [key]);
    return (rowCount ?? 0) > 0;
  }

  async get(key: string): Promise<string | null> {
    const { rows } = await this.pool.query<{ value: string }>(
      `SELECT value FROM ${TABLE} WHERE key = $1 AND expires_at > now()`,
      [key],
    );
    return rows[0]?.value ?? null;
  }

  async replaceIf(key: string, from: string, to: string): Promise<string | null> {
    // FOR UPDATE: a concurrent replaceIf waits, then reads the value this one wrote.
    const { rows } = await this.pool.query<{ value: string }>(
      `WITH old AS (SELECT value FROM ${TABLE} WHERE key = $1 AND expires_at > now() FOR UPDATE),
            moved AS (UPDATE ${TABLE} SET value = $3 FROM old WHERE ${TABLE}.key = $1 AND old.value = $2)
       SELECT value FROM old`,
      [key, from, to],
    );
    return rows[0]?.value ?? null;
  }

  async delete(key: string): Promise<void> {
    await this.pool.query(`DELETE FROM ${TABLE} WHERE key = $1`, [key]);
  }

  override close(): void {
    clearInterval(this.sweeper);
  }
}
