import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { loadEnv } from '#server/config/env';
import { type ExpiringKeys, PostgresExpiringKeys, RedisExpiringKeys } from '#server/coordination/expiring-keys';
import { createCoordinationPool } from '#server/coordination/postgres-pool';
import { PostgresRateLimits, type RateLimits, RedisRateLimits } from '#server/coordination/rate-limits';
import { createRedis } from '#server/redis/redis-client';
import { closeRedis } from '#server/redis/redis-outage';
import { hold } from '#test/setup/eventually';

/**
 * The two stores behind the rate limits and the expiring keys (export hand-off, sent-mail marks),
 * each checked on Redis and on PostgreSQL with the same expectations: atomic under concurrency,
 * and an expired key reads as absent.
 */
describe.each(['redis', 'postgres'] as const)('coordination stores on %s', (backend) => {
  let redis: Redis | undefined;
  let pool: Pool | undefined;
  let keys: ExpiringKeys;
  let limits: RateLimits;

  beforeAll(() => {
    if (backend === 'redis') {
      redis = createRedis(loadEnv().REDIS_URL, 'teste-coordenacao');
      keys = new RedisExpiringKeys(redis, loadEnv().REDIS_PREFIX);
      limits = new RedisRateLimits(redis, loadEnv().REDIS_PREFIX);
    } else {
      pool = createCoordinationPool(loadEnv().DATABASE_URL, 'teste-coordenacao', 10);
      keys = new PostgresExpiringKeys(pool);
      limits = new PostgresRateLimits(pool);
    }
  });
  afterAll(async () => {
    keys.close();
    if (redis) await closeRedis(redis);
    await pool?.end();
  });

  it('setIfAbsent keeps a live value; set replaces it; delete removes it', async () => {
    await keys.setIfAbsent('k:a', 'waiting', 60);
    await keys.setIfAbsent('k:a', 'other', 60);
    expect(await keys.replaceIf('k:a', 'nothing', 'x')).toBe('waiting');
    await keys.set('k:a', 'notified', 60);
    expect(await keys.replaceIf('k:a', 'waiting', 'done')).toBe('notified');
    expect(await keys.has('k:a')).toBe(true);
    await keys.delete('k:a');
    expect(await keys.has('k:a')).toBe(false);
    expect(await keys.replaceIf('k:a', 'waiting', 'done')).toBeNull();
  });

  it('replaceIf lets exactly one of many concurrent movers take the value', async () => {
    await keys.setIfAbsent('k:race', 'waiting', 60);
    const found = await Promise.all(
      Array.from({ length: 20 }, (_, i) => keys.replaceIf('k:race', 'waiting', i % 2 ? 'done' : 'detached')),
    );
    expect(found.filter((value) => value === 'waiting')).toHaveLength(1);
    expect(found.filter((value) => value === 'done' || value === 'detached')).toHaveLength(19);
  });

  it('an expired key reads as absent and may be set again', async () => {
    await keys.setIfAbsent('k:short', 'waiting', 1);
    await hold(1300);
    expect(await keys.has('k:short')).toBe(false);
    expect(await keys.replaceIf('k:short', 'waiting', 'done')).toBeNull();
    await keys.setIfAbsent('k:short', 'again', 60);
    expect(await keys.replaceIf('k:short', 'again', 'done')).toBe('again');
  });

  it('a rate limit lets exactly its points through under concurrency, then refuses with the wait', async () => {
    const limiter = limits.limiter({ name: 'teste', points: 5, duration: 60 });
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => limiter.consume('alguem')));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(refused).toHaveLength(7);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(RateLimiterRes);
      expect((reason as RateLimiterRes).msBeforeNext).toBeGreaterThan(50_000);
    }
    // Another limit with the same key counts apart.
    await expect(limits.limiter({ name: 'outro', points: 1, duration: 60 }).consume('alguem')).resolves.toBeDefined();
    await limiter.delete('alguem');
    await expect(limiter.consume('alguem')).resolves.toBeDefined();
  });
});
