import { Injectable } from '@nestjs/common';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { ChromiumService } from '../pdf/chromium.service';
import { LibreOfficeService } from '../pdf/libreoffice.service';
import { TemplateDocxRenderer } from './template-docx.renderer';
import { TemplateImages } from './template-images';
import { templatePageHtml } from './template-page.html';
import { templatePdfOptions } from './template-pdf-options';

/**
 * The PDF of a document made from a template. 'html' and 'hybrid': Chromium, with the content on
 * pages of the template's size and margins and the letterhead and 'Página N de M' on every page
 * (a hybrid document's DOCX is the extra download of `document.fill-docx`). 'docx': the filled DOCX
 * base converted by LibreOffice, so the PDF is the Word layout itself (a 'docx' template without a
 * base, which the editor should not let through, still gets the HTML render rather than no PDF).
 */
@Injectable()
export class TemplatePdfRenderer {
  constructor(
    private readonly chromium: ChromiumService,
    private readonly libreOffice: LibreOfficeService,
    private readonly docx: TemplateDocxRenderer,
    private readonly images: TemplateImages,
  ) {}

  async render(job: TemplateRenderJob): Promise<Buffer> {
    if (job.documentFormat === 'docx' && job.baseDocument)
      return this.libreOffice.docxToPdf(await this.docx.render(job));
    const [logo, content] = await Promise.all([
      this.images.dataUrl(job.organization.logo),
      this.images.inlineContentImages(job.html),
    ]);
    return this.chromium.htmlToPdf(templatePageHtml(job, content), templatePdfOptions(job, logo));
  }
}
