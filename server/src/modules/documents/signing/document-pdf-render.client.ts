import { Injectable, type OnApplicationShutdown, ServiceUnavailableException } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import { loadEnv } from '../../../config/env';
import { JOB_QUEUE } from '../../../contracts/jobs';
import { bullConnection, QueueService } from '../../../queue/queue.service';
import { FileStorageService } from '../../files/file-storage.service';

/** Below the client's 90 s timeout for a qualified signature, so the user reads our message. */
const RENDER_TIMEOUT_MS = 60_000;

/**
 * Asks the worker (Puppeteer lives only there) to render a text document to PDF and waits for the
 * result; the rendered file is read back and deleted.
 */
@Injectable()
export class DocumentPdfRenderClient implements OnApplicationShutdown {
  private events: QueueEvents | undefined;

  constructor(
    private readonly queue: QueueService,
    private readonly storage: FileStorageService,
  ) {}

  async render(documentId: string, storedName: string, title: string): Promise<Buffer> {
    const events = await this.queueEvents();
    const job = await this.queue.enqueue('document.render-pdf', { documentId, storedName, title }, { attempts: 1 });
    let result: { storedName: string };
    try {
      result = (await job.waitUntilFinished(events, RENDER_TIMEOUT_MS)) as { storedName: string };
    } catch {
      throw new ServiceUnavailableException('Não foi possível gerar o PDF do documento. Tente novamente.');
    }
    try {
      return await this.storage.readBuffer(result.storedName);
    } finally {
      await this.storage.remove(result.storedName);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.events?.close();
  }

  private async queueEvents(): Promise<QueueEvents> {
    if (!this.events) {
      this.events = new QueueEvents(JOB_QUEUE['document.render-pdf'], {
        connection: bullConnection(),
        prefix: loadEnv().REDIS_PREFIX,
      });
    }
    await this.events.waitUntilReady();
    return this.events;
  }
}
