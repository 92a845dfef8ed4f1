import { Injectable } from '@nestjs/common';
import { QUEUES } from '#server/contracts/jobs';
import { FileStorageService } from '#server/modules/files/file-storage.service';
import { ChromiumService } from '../renderers/pdf/chromium.service';
import { textDocumentHtml } from '../renderers/pdf/text-document.html';
import type { QueueProcessor, TypedJob } from './queue-processor';

/** Document jobs: text documents rendered to PDF before their first qualified signature. */
@Injectable()
export class DocumentsProcessor implements QueueProcessor {
  readonly queue = QUEUES.documents;
  readonly concurrency = 2;
  readonly handlers = { 'document.render-pdf': (job: TypedJob<'document.render-pdf'>) => this.render(job) };

  constructor(
    private readonly chromium: ChromiumService,
    private readonly storage: FileStorageService,
  ) {}

  private async render(job: TypedJob<'document.render-pdf'>): Promise<{ storedName: string }> {
    const { documentId, storedName, title } = job.data;
    const text = (await this.storage.readBuffer(storedName)).toString('utf8');
    const pdf = await this.chromium.htmlToPdf(textDocumentHtml(title, text), { format: 'A4' });
    const file = await this.storage.store(pdf, `${documentId}.pdf`, {
      ownerKind: 'document-render',
      ownerId: documentId,
    });
    return { storedName: file.storedName };
  }
}
