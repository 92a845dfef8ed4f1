import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { QUEUES } from '#server/contracts/jobs';
import { QueueService } from '#server/queue/queue.service';
import { OutboxRelayService } from '../outbox/outbox-relay.service';
import type { JobHandlers, QueueProcessor } from './queue-processor';
import { renewOnRedisReconnect } from './renew-on-reconnect';

/** Safety net: the relay also runs this often, in case a kick after a commit was lost. */
export const RELAY_SAFETY_INTERVAL_MS = 2000;

/** Queue `outbox`: `outbox.relay` jobs, kicked by the server after each commit that wrote events. */
@Injectable()
export class OutboxProcessor implements QueueProcessor<'outbox'>, OnApplicationBootstrap {
  readonly queue = QUEUES.outbox;
  readonly concurrency = 1;
  readonly handlers: JobHandlers<'outbox'> = { 'outbox.relay': () => this.relay.drain() };

  constructor(
    private readonly relay: OutboxRelayService,
    private readonly queues: QueueService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const queue = this.queues.queue(QUEUES.outbox);
    await renewOnRedisReconnect(queue, () =>
      queue.upsertJobScheduler(
        'outbox.relay.safety-net',
        { every: RELAY_SAFETY_INTERVAL_MS },
        { name: 'outbox.relay', data: {}, opts: { removeOnComplete: true, removeOnFail: 100 } },
      ),
    );
  }
}
