import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import { QUEUES } from '#server/contracts/jobs';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { ChromiumService } from '../renderers/pdf/chromium.service';
import { purchaseOrderHtml } from '../renderers/pdf/purchase-order.html';
import { textDocumentHtml } from '../renderers/pdf/text-document.html';
import { TemplateDocxRenderer } from '../renderers/template/template-docx.renderer';
import { TemplatePdfRenderer } from '../renderers/template/template-pdf.renderer';
import type { JobHandlers, QueueProcessor, TypedJob } from './queue-processor';

/**
 * Document jobs: text documents rendered to PDF before their first qualified signature, documents
 * made from templates (PDF, filled DOCX) and printable purchase orders.
 */
@Injectable()
export class DocumentsProcessor implements QueueProcessor<'documents'> {
  readonly queue = QUEUES.documents;
  readonly concurrency = 2;
  readonly handlers: JobHandlers<'documents'> = {
    'document.render-pdf': (job: TypedJob<'document.render-pdf'>) => this.render(job),
    'purchase-order.render-pdf': (job: TypedJob<'purchase-order.render-pdf'>) => this.renderPurchaseOrder(job),
    'document.render-template': (job: TypedJob<'document.render-template'>) => this.renderTemplate(job),
    'document.fill-docx': (job: TypedJob<'document.fill-docx'>) => this.fillDocx(job),
  };

  constructor(
    private readonly chromium: ChromiumService,
    private readonly storage: FileStorageService,
    private readonly templatePdf: TemplatePdfRenderer,
    private readonly templateDocx: TemplateDocxRenderer,
    private readonly config: AppConfig,
  ) {}

  private async renderTemplate(job: TypedJob<'document.render-template'>): Promise<{ storedName: string }> {
    const { documentId } = job.data;
    const pdf = await this.templatePdf.render(job.data);
    const file = await this.storage.store(pdf, `${documentId}.pdf`, {
      ownerKind: 'document-render',
      ownerId: documentId,
    });
    return { storedName: file.storedName };
  }

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

  private async fillDocx(job: TypedJob<'document.fill-docx'>): Promise<{ storedName: string }> {
    const { documentId } = job.data;
    const docx = await this.templateDocx.render(job.data);
    const file = await this.storage.store(docx, `${documentId}.docx`, {
      ownerKind: 'document-render',
      ownerId: documentId,
    });
    return { storedName: file.storedName };
  }

  private async renderPurchaseOrder(job: TypedJob<'purchase-order.render-pdf'>): Promise<{ storedName: string }> {
    const { order } = job.data;
    const pdf = await this.chromium.htmlToPdf(purchaseOrderHtml(order, this.config.TIME_ZONE), { format: 'A4' });
    const file = await this.storage.store(pdf, `pedido-${order.orderNumber}.pdf`, {
      ownerKind: 'purchase-order-render',
      ownerId: order.id,
    });
    return { storedName: file.storedName };
  }
}
