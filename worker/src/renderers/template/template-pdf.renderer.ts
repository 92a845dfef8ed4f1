import { Injectable } from '@nestjs/common';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { ChromiumService } from '../pdf/chromium.service';
import { TemplateImages } from './template-images';
import { templatePageHtml } from './template-page.html';
import { templatePdfOptions } from './template-pdf-options';

/**
 * The PDF of a document made from a template, by Chromium: the content on pages of the template's
 * size and margins, the letterhead and 'Página N de M' on every page.
 */
@Injectable()
export class TemplatePdfRenderer {
  constructor(
    private readonly chromium: ChromiumService,
    private readonly images: TemplateImages,
  ) {}

  async render(job: TemplateRenderJob): Promise<Buffer> {
    const [logo, content] = await Promise.all([
      this.images.dataUrl(job.organization.logo),
      this.images.inlineContentImages(job.html),
    ]);
    return this.chromium.htmlToPdf(templatePageHtml(job, content), templatePdfOptions(job, logo));
  }
}
