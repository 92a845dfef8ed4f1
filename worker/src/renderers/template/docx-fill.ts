import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { htmlToPlainText } from './html-to-text';

/** The DOCX base cannot be filled (not a DOCX, or broken `{{…}}` tags): the job fails with this text. */
export class TemplateDocxError extends Error {
  override readonly name = 'TemplateDocxError';
}

/** What the DOCX base's tags are filled with: the placeholders, `{{titulo}}` and `{{conteudo}}`. */
export function docxValues(job: Pick<TemplateRenderJob, 'values' | 'title' | 'html'>): Record<string, string> {
  return { ...job.values, titulo: job.title, conteudo: htmlToPlainText(job.html) };
}

function reason(error: unknown): string {
  const nested = (error as { properties?: { errors?: { properties?: { explanation?: string } }[] } }).properties
    ?.errors;
  const explanations = (nested ?? [])
    .map((e) => e.properties?.explanation)
    .filter((text): text is string => Boolean(text))
    .slice(0, 3);
  return explanations.length ? explanations.join('; ') : error instanceof Error ? error.message : String(error);
}

/**
 * Fills a DOCX base (docxtemplater's free core, `{{tag}}` delimiters): line breaks in a value become
 * line breaks in Word, a tag without a value becomes empty, never an error. A file that is not a
 * DOCX, or a template with broken tags, throws TemplateDocxError with a pt-BR explanation.
 */
export function fillDocx(base: Buffer, values: Record<string, string>): Buffer {
  let zip: PizZip;
  try {
    zip = new PizZip(base);
    const doc = new Docxtemplater(zip, {
      delimiters: { start: '{{', end: '}}' },
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => '',
    });
    doc.render(values);
  } catch (error) {
    throw new TemplateDocxError(`O documento base (DOCX) do template não pôde ser preenchido: ${reason(error)}`);
  }
  // docxtemplater renders into the zip it was given.
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
