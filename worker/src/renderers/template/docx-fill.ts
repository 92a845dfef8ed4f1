import type { TemplateRenderJob } from '#server/contracts/templates';
import { DocxPackageError } from '#server/domain/templates/docx-package';
import { openDocxTemplate } from '#server/domain/templates/docx-template';
import { htmlToPlainText } from '#server/domain/templates/html-to-text';

/** The DOCX base cannot be filled (not a DOCX, too large, broken `{{…}}` tags): the job fails with this text. */
export class TemplateDocxError extends Error {
  override readonly name = 'TemplateDocxError';
}

/** What the DOCX base's tags are filled with: the placeholders, `{{titulo}}` and `{{conteudo}}`. */
export function docxValues(job: Pick<TemplateRenderJob, 'values' | 'title' | 'html'>): Record<string, string> {
  return { ...job.values, titulo: job.title, conteudo: htmlToPlainText(job.html) };
}

/**
 * Fills a DOCX base (docxtemplater's free core, `{{tag}}` delimiters): line breaks in a value become
 * line breaks in Word, a tag without a value becomes empty, never an error. The base is checked
 * again against the package limits before anything is inflated (a base stored before the upload
 * check existed, or put in storage by other means). A file that is not an acceptable DOCX, or a
 * template with broken tags, throws TemplateDocxError with a pt-BR explanation.
 */
export async function fillDocx(base: Buffer, values: Record<string, string>): Promise<Buffer> {
  try {
    const { doc, zip } = await openDocxTemplate(base);
    doc.render(values);
    // docxtemplater renders into the zip it was given.
    return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
  } catch (error) {
    if (!(error instanceof DocxPackageError)) throw error;
    throw new TemplateDocxError(`O documento base (DOCX) do template não pôde ser preenchido: ${error.message}`);
  }
}
