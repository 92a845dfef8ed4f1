import { Injectable } from '@nestjs/common';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { FileStorageService } from '#server/domain/files/file-storage.service';
import { docxValues, fillDocx, TemplateDocxError } from './docx-fill';

/** The template's DOCX base filled with the document's values. */
@Injectable()
export class TemplateDocxRenderer {
  constructor(private readonly storage: FileStorageService) {}

  async render(job: TemplateRenderJob): Promise<Buffer> {
    if (!job.baseDocument) throw new TemplateDocxError('O template não tem documento base (DOCX).');
    const base = await this.storage.readBuffer(job.baseDocument);
    return fillDocx(base, docxValues(job));
  }
}
