import { Logger } from '@nestjs/common';
import {
  createPostgresBackend,
  type IQueueBackend,
  Queue,
  QueueEvents,
  type Processor,
  Worker,
  type WorkerOptions,
} from 'bullmq';
import type { EventEmitter } from 'node:events';
import type { Pool } from 'pg';
import type { Env } from '#server/config/env';
import { watchBullmq } from '#server/queue/watch-bullmq';
import { retryingOnConnectionLoss } from './worker-pool';

/* eslint-disable @typescript-eslint/no-explicit-any -- BullMQ's classes, whatever the backend */
export type AppQueue = Queue<any, any, string, any, any, string, IQueueBackend, any>;
export type AppWorker = Worker<any, any, string, IQueueBackend, any, any>;
export type AppQueueEvents = QueueEvents<any, IQueueBackend, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Worker options that do not depend on the backend. */
export type AppWorkerOptions = Omit<WorkerOptions, 'connection' | 'prefix'>;

/**
 * How BullMQ's queues, workers and event streams reach the coordination backend. Job names,
 * payloads, retries, deduplication, schedulers and stalled-job recovery are BullMQ's own on both:
 * the code that enqueues and handles jobs never knows which backend runs them.
 */
export abstract class BullBackend {
  abstract queue(name: string): AppQueue;
  abstract worker(name: string, processor: Processor, options: AppWorkerOptions): AppWorker;
  abstract queueEvents(name: string): AppQueueEvents;
  /**
   * Runs `setup` (e.g. upserting job schedulers) now, and again whenever the backend may have lost
   * the queue's data since.
   */
  abstract keepUp(queue: AppQueue, setup: () => Promise<unknown>): Promise<void>;
}

const logger = new Logger('Worker');

export class RedisBullBackend extends BullBackend {
  constructor(private readonly config: Pick<Env, 'REDIS_URL' | 'REDIS_PREFIX'>) {
    super();
  }

  private options() {
    return { connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null }, prefix: this.config.REDIS_PREFIX };
  }

  queue(name: string): AppQueue {
    const queue = new Queue(name, this.options());
    watchBullmq(queue, `bullmq:${name}`);
    return queue;
  }

  worker(name: string, processor: Processor, options: AppWorkerOptions): AppWorker {
    const worker = new Worker(name, processor, { ...options, ...this.options() });
    watchBullmq(worker, `bullmq-worker:${name}`);
    return worker;
  }

  queueEvents(name: string): AppQueueEvents {
    const events = new QueueEvents(name, this.options());
    watchBullmq(events, `bullmq-events:${name}`);
    return events;
  }

  /**
   * A Redis restarted without its data has lost the schedulers, and without them the periodic
   * jobs (the outbox safety net, the dashboard's clock) would never run again: renew them each
   * time the queue's connection comes back.
   */
  async keepUp(queue: AppQueue, setup: () => Promise<unknown>): Promise<void> {
    await setup();
    const client = await (queue as Queue).backend.connection.client;
    client.on('ready', () => {
      setup().catch((error: unknown) =>
        logger.warn({ queue: queue.name, err: error }, 'falha ao recriar os agendamentos da fila'),
      );
    });
  }
}

/**
 * BullMQ's PostgreSQL backend on one pool of this process (its tables live in the `bullmq` schema,
 * created at migration time). Each worker and event stream holds one pooled connection for LISTEN.
 */
export class PostgresBullBackend extends BullBackend {
  constructor(private readonly pool: Pool) {
    super();
  }

  queue(name: string): AppQueue {
    return watchErrors(new Queue(name, { connection: this.pool }, createPostgresBackend), `bullmq:${name}`);
  }

  worker(name: string, processor: Processor, options: AppWorkerOptions): AppWorker {
    const connection = retryingOnConnectionLoss(this.pool);
    const worker = new Worker(name, processor, { ...options, connection }, createPostgresBackend);
    return watchErrors(worker, `bullmq-worker:${name}`);
  }

  queueEvents(name: string): AppQueueEvents {
    return watchErrors(
      new QueueEvents(name, { connection: this.pool }, createPostgresBackend),
      `bullmq-events:${name}`,
    );
  }

  /** The schedulers are rows of the same database as every job: a restart loses none of them. */
  async keepUp(_queue: AppQueue, setup: () => Promise<unknown>): Promise<void> {
    await setup();
  }
}

/** Connection errors repeat while PostgreSQL restarts: logged at most once per `quietMs` per target. */
function watchErrors<T extends EventEmitter>(target: T, name: string, quietMs = 30_000): T {
  const bullLogger = new Logger('BullMQ');
  let lastWarning = 0;
  target.on('error', (error: unknown) => {
    if (Date.now() - lastWarning < quietMs) return;
    lastWarning = Date.now();
    bullLogger.warn({ name, err: error }, 'erro do BullMQ no PostgreSQL: tentando de novo');
  });
  return target;
}
