import { loadEnv } from '#server/config/env';
import { createRedis } from '#server/redis/redis-client';
import { closeRedis } from '#server/redis/redis-outage';
import { eventually } from '#test/setup/eventually';

/**
 * Closing a Redis client at shutdown: a server closed right after it started holds clients still
 * connecting, with commands queued that nobody awaits (the Socket.IO adapter's subscriptions).
 * Closing must let them finish rather than reject them as unhandled "Connection is closed".
 */
describe('closeRedis', () => {
  it('lets a client still connecting finish its queued commands, then ends it', async () => {
    const redis = createRedis(loadEnv().REDIS_URL, 'semgi-test-close');
    expect(redis.status).toBe('connecting');
    const queued = redis.ping();
    await closeRedis(redis);
    await expect(queued).resolves.toBe('PONG');
    await eventually(() => redis.status === 'end', 'a conexão encerrada');
  });

  it('ends a ready client after the commands it was sent', async () => {
    const redis = createRedis(loadEnv().REDIS_URL, 'semgi-test-close');
    await redis.ping();
    const pending = redis.set('semgi-test-close', '1', 'EX', 5);
    await closeRedis(redis);
    await expect(pending).resolves.toBe('OK');
    await eventually(() => redis.status === 'end', 'a conexão encerrada');
  });

  it('gives up on a Redis that does not answer within the time given', async () => {
    const redis = createRedis(loadEnv().REDIS_URL, 'semgi-test-close', { port: 1, retryStrategy: () => null });
    const started = Date.now();
    await closeRedis(redis, 500);
    expect(Date.now() - started).toBeLessThan(5000);
    await eventually(() => redis.status === 'end', 'a conexão encerrada');
  });
});
