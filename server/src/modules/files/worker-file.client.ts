import { Injectable, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import { type AppQueueEvents, BullBackend } from '#server/coordination/bull-backend';
import { JOB_QUEUE, type JobName, type JobPayloads, type QueueName } from '#server/contracts/jobs';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { failureShownAsIs } from '#server/domain/files/worker-failures';
import { QueueService } from '#server/queue/queue.service';

/** Below the client's 90 s timeout (a qualified signature), so the user reads our message. */
export const WORKER_FILE_TIMEOUT_MS = 60_000;

/** Jobs whose worker stores a file and returns `{ storedName }`. */
export type FileJobName = Extract<
  JobName,
  'document.render-pdf' | 'purchase-order.render-pdf' | 'document.render-template' | 'document.fill-docx'
>;

export interface WorkerFileOptions {
  /** How long the request waits for the worker. */
  timeoutMs: number;
  /** pt-BR text of the 503 when the job fails or does not finish in time. */
  failure: string;
}

/**
 * Asks the worker (Puppeteer and the spreadsheet writer live only there) for a file, waits for
 * it, reads it back and deletes it. One attempt: the user is waiting and can simply try again.
 */
@Injectable()
export class WorkerFileClient implements OnApplicationShutdown {
  private readonly events = new Map<QueueName, AppQueueEvents>();

  constructor(
    private readonly queue: QueueService,
    private readonly storage: FileStorageService,
    private readonly backend: BullBackend,
  ) {}

  async render<N extends FileJobName>(name: N, payload: JobPayloads[N], options: WorkerFileOptions): Promise<Buffer> {
    const events = await this.queueEvents(JOB_QUEUE[name]);
    const job = await this.queue.enqueue(name, payload, { attempts: 1 });
    let result: { storedName: string };
    try {
      result = (await job.waitUntilFinished(events, options.timeoutMs)) as { storedName: string };
    } catch (error) {
      throw new ServiceUnavailableException(failureShownAsIs(error) ?? options.failure);
    }
    try {
      return await this.storage.readBuffer(result.storedName);
    } finally {
      await this.storage.remove(result.storedName);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.events.values()].map((events) => events.close()));
  }

  /** One QueueEvents per queue, shared by everything that waits for worker jobs (closed at shutdown). */
  async queueEvents(queue: QueueName): Promise<AppQueueEvents> {
    let events = this.events.get(queue);
    if (!events) {
      events = this.backend.queueEvents(queue);
      this.events.set(queue, events);
    }
    await events.waitUntilReady();
    return events;
  }
}
