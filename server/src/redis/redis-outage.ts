import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

const logger = new Logger('Redis');

/** What watchRedis needs of a client: ioredis, or the client BullMQ wraps. */
interface RedisEvents {
  on(event: string, listener: (error: unknown) => void): unknown;
}

/** Connections of this process that lost Redis and are not back yet (keyed by the client object). */
const down = new Map<object, string>();

const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/** Whether `error` only says that Redis cannot be reached (the outage log already covers it). */
export function isRedisConnectionError(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
  return typeof message === 'string' && /Connection is closed|Stream isn't writeable|connect E[A-Z]+/.test(message);
}

/**
 * Marks `connection` as having lost Redis. The process logs one line when its first connection
 * goes down, not one per connection nor one per reconnection attempt.
 */
export function redisConnectionLost(connection: object, name: string, error?: unknown): void {
  if (down.has(connection)) return;
  down.set(connection, name);
  if (down.size > 1) return;
  const reason = error instanceof Error ? error.message : undefined;
  logger.warn({ connection: name, reason }, 'Redis indisponível: reconectando em segundo plano');
}

/** Marks `connection` as back; the process logs one line when the last one is back. */
export function redisConnectionReady(connection: object): void {
  if (!down.delete(connection) || down.size > 0) return;
  logger.log('Redis de volta: todas as conexões restabelecidas');
}

/**
 * Listens to an ioredis client's state: without an `error` listener ioredis prints "Unhandled error
 * event" on every retry. The state changes go to the outage log above.
 */
export function watchRedis<T extends RedisEvents>(redis: T, name: string): T {
  redis.on('error', (error: unknown) => {
    if (isRedisConnectionError(error)) redisConnectionLost(redis, name, error);
    else logger.error({ connection: name, err: error }, 'erro do Redis');
  });
  redis.on('reconnecting', () => redisConnectionLost(redis, name));
  redis.on('ready', () => redisConnectionReady(redis));
  return redis;
}

/**
 * Closes a client without waiting for a Redis that does not answer: QUIT when connected (pending
 * commands finish first), otherwise, or when QUIT takes longer than `timeoutMs`, drop the socket.
 * A client still connecting (a server closed right after it started) is given the same time to
 * get there: dropping it at once would reject the commands queued meanwhile (the Socket.IO
 * adapter's subscriptions), which nobody awaits, as unhandled "Connection is closed" errors.
 */
export async function closeRedis(redis: Redis, timeoutMs = 2000): Promise<void> {
  down.delete(redis);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  if (redis.status === 'connecting' || redis.status === 'connect') {
    await Promise.race([new Promise((resolve) => redis.once('ready', resolve)), timeout]);
  }
  if (redis.status === 'ready') await Promise.race([redis.quit().catch(() => undefined), timeout]);
  clearTimeout(timer);
  redis.disconnect();
}
