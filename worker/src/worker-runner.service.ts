import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import { loadEnv } from '#server/config/env';
import { bullConnection } from '#server/queue/queue.service';
import { watchBullmq } from '#server/queue/watch-bullmq';
import { type AnyQueueProcessor, QUEUE_PROCESSORS } from './processors/queue-processor';

/** Starts one BullMQ worker per queue processor and drains them on shutdown. */
@Injectable()
export class WorkerRunnerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workers: Worker[] = [];

  constructor(@Inject(QUEUE_PROCESSORS) private readonly processors: AnyQueueProcessor[]) {}

  onApplicationBootstrap(): void {
    const { REDIS_PREFIX: prefix, WORKER_LOCK_MS: lockDuration } = loadEnv();
    for (const processor of this.processors) {
      const worker = new Worker(processor.queue, (job: Job) => this.dispatch(processor, job), {
        connection: bullConnection(),
        prefix,
        concurrency: processor.concurrency ?? 4,
        limiter: processor.limiter,
        lockDuration,
        stalledInterval: lockDuration,
      });
      watchBullmq(worker, `bullmq-worker:${processor.queue}`);
      worker.on('failed', (job, error) =>
        this.logger.error({ queue: processor.queue, job: job?.name, jobId: job?.id, err: error }, 'job falhou'),
      );
      this.workers.push(worker);
    }
    this.logger.log(`filas ativas: ${this.processors.map((p) => p.queue).join(', ')}`);
  }

  /** Before any connection closes: running jobs may still need the database, Redis and the emitter. */
  async beforeApplicationShutdown(): Promise<void> {
    // close() waits for running jobs to finish: nothing is cut half-way on SIGTERM.
    await Promise.all(this.workers.map((worker) => worker.close()));
  }

  /** Every known job has a handler (checked at boot); a name no contract declares fails the job. */
  private dispatch(processor: AnyQueueProcessor, job: Job): Promise<unknown> {
    const handlers = processor.handlers as Partial<Record<string, (job: Job) => Promise<unknown>>>;
    const handler = Object.hasOwn(handlers, job.name) ? handlers[job.name] : undefined;
    if (!handler) throw new Error(`Job desconhecido "${job.name}" na fila ${processor.queue}`);
    return handler(job);
  }
}
