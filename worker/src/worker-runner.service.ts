import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import type { Job } from 'bullmq';
import { AppConfig } from '#server/config/config.module';
import { type AppWorker, BullBackend } from '#server/coordination/bull-backend';
import { type AnyQueueProcessor, QUEUE_PROCESSORS } from './processors/queue-processor';

/** Starts one BullMQ worker per queue processor and drains them on shutdown. */
@Injectable()
export class WorkerRunnerService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('Worker');
  private readonly workers: AppWorker[] = [];

  constructor(
    @Inject(QUEUE_PROCESSORS) private readonly processors: AnyQueueProcessor[],
    private readonly backend: BullBackend,
    private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    const { WORKER_LOCK_MS: lockDuration } = this.config;
    for (const processor of this.processors) {
      const worker = this.backend.worker(processor.queue, (job: Job) => this.dispatch(processor, job), {
        concurrency: processor.concurrency ?? 4,
        limiter: processor.limiter,
        lockDuration,
        stalledInterval: lockDuration,
      });
      worker.on('failed', (job: Job | undefined, error: Error) =>
        this.logger.error({ queue: processor.queue, job: job?.name, jobId: job?.id, err: error }, 'job falhou'),
      );
      this.workers.push(worker);
    }
    this.logger.log(`filas ativas: ${this.processors.map((p) => p.queue).join(', ')}`);
  }

  /** Before any connection closes: running jobs may still need the database, the coordination backend and the emitter. */
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
