import { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';

const logger = new Logger('Worker');

/**
 * Runs `setup` (e.g. upserting job schedulers) now, and again each time the queue's Redis connection
 * comes back: a Redis restarted without its data has lost the schedulers, and without them the
 * periodic jobs (the outbox safety net, the dashboard's clock) would never run again.
 */
export async function renewOnRedisReconnect(queue: Queue, setup: () => Promise<unknown>): Promise<void> {
  await setup();
  const client = await queue.backend.connection.client;
  client.on('ready', () => {
    setup().catch((error: unknown) =>
      logger.warn({ queue: queue.name, err: error }, 'falha ao recriar os agendamentos da fila'),
    );
  });
}
