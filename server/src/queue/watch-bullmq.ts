import { Logger } from '@nestjs/common';
import type { RedisQueueBackend } from 'bullmq';
import type { EventEmitter } from 'node:events';
import { isRedisConnectionError, watchRedis } from '../redis/redis-outage';

const logger = new Logger('BullMQ');

/**
 * Error listener of a BullMQ queue, worker or event stream, and the outage log on its Redis
 * connections (the worker has a second, blocking one): a connection error is logged once per
 * outage by the watched clients; anything else is logged as an error.
 */
export function watchBullmq(target: EventEmitter & { readonly backend: RedisQueueBackend }, name: string): void {
  target.on('error', (error: unknown) => {
    if (!isRedisConnectionError(error)) logger.error({ name, err: error }, 'erro do BullMQ');
  });
  const { connection, blockingConnection } = target.backend;
  for (const [suffix, owner] of [
    ['', connection],
    [':blocking', blockingConnection],
  ] as const) {
    owner?.client.then(
      (client) => void watchRedis(client, `${name}${suffix}`),
      () => undefined,
    );
  }
}
