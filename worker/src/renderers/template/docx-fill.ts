import Docxtemplater from 'docxtemplater';
import PizZip from 'pizzip';
import type { TemplateRenderJob } from '#server/contracts/templates';
import { htmlToPlainText } from '#server/domain/templates/html-to-text';

/** The DOCX base cannot be filled (not a DOCX, or broken `{{…}}` tags): the job fails with this text. */
export class TemplateDocxError extends Error {
  override readonly name = 'TemplateDocxError';
}

/** What the DOCX base's tags are filled with: the placeholders, `{{titulo}}` and `{{conteudo}}`. */
export function docxValues(job: Pick<TemplateRenderJob, 'values' | 'title' | 'html'>): Record<string, string> {
  return { ...job.values, titulo: job.title, conteudo: htmlToPlainText(job.html) };
}

const NOT_A_DOCX = 'o arquivo não é um DOCX válido.';

/** docxtemplater's template errors name the broken tags (`context`): quote up to three of them. */
function reason(error: unknown): string {
  const errors = (error as { properties?: { errors?: { properties?: { context?: string } }[] } }).properties?.errors;
  const tags = (errors ?? []).map((e) => e.properties?.context).filter((tag): tag is string => Boolean(tag));
  if (tags.length === 0) return NOT_A_DOCX;
  return `marcadores {{…}} malformados: ${tags
    .slice(0, 3)
    .map((tag) => `"${tag}"`)
    .join(', ')}.`;
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
      errorLogging: false,
    });
    doc.render(values);
  } catch (error) {
    throw new TemplateDocxError(`O documento base (DOCX) do template não pôde ser preenchido: ${reason(error)}`);
  }
  // docxtemplater renders into the zip it was given.
  return zip.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}
