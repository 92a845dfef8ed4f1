import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { type Job, Worker } from 'bullmq';
import { loadEnv } from '#server/config/env';
import type { JobName } from '#server/contracts/jobs';
import { bullConnection } from '#server/queue/queue.service';
import { QUEUE_PROCESSORS, type QueueProcessor } from './processors/queue-processor';

/** Starts one BullMQ worker per queue processor and drains them on shutdown. */
@Injectable()
export class WorkerRunnerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workers: Worker[] = [];

  constructor(@Inject(QUEUE_PROCESSORS) private readonly processors: QueueProcessor[]) {}

  onApplicationBootstrap(): void {
    const prefix = loadEnv().REDIS_PREFIX;
    for (const processor of this.processors) {
      const worker = new Worker(processor.queue, (job: Job) => this.dispatch(processor, job), {
        connection: bullConnection(),
        prefix,
        concurrency: processor.concurrency ?? 4,
      });
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

  private dispatch(processor: QueueProcessor, job: Job): Promise<unknown> {
    const handler = processor.handlers[job.name as JobName] as ((job: Job) => Promise<unknown>) | undefined;
    if (!handler) throw new Error(`Job desconhecido "${job.name}" na fila ${processor.queue}`);
    return handler(job);
  }
}
