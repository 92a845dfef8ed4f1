import { readFile } from 'node:fs/promises';
import type Docxtemplater from 'docxtemplater';
import type PizZip from 'pizzip';
import { assertDocxPackage, DocxPackageError, NOT_A_DOCX } from './docx-package';

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
 * A DOCX base checked (package limits, macros, DOCTYPE: assertDocxPackage) and parsed by
 * docxtemplater's free core with the `{{tag}}` delimiters, ready to render into `zip`. The same
 * parse serves the server when a template is saved and the worker when it fills the base, so a
 * base that cannot be filled is refused when it is chosen. Throws DocxPackageError (pt-BR reason).
 */
export async function openDocxTemplate(base: Buffer): Promise<{ doc: Docxtemplater; zip: PizZip }> {
  await assertDocxPackage(base);
  return parseDocxTemplate(base);
}

async function parseDocxTemplate(base: Buffer): Promise<{ doc: Docxtemplater; zip: PizZip }> {
  // Loaded on first use: keeps the server's and the worker's start fast.
  const { default: Docxtemplater } = await import('docxtemplater');
  const { default: PizZip } = await import('pizzip');
  try {
    const zip = new PizZip(base);
    const doc = new Docxtemplater(zip, {
      delimiters: { start: '{{', end: '}}' },
      paragraphLoop: true,
      linebreaks: true,
      nullGetter: () => '',
      errorLogging: false,
    });
    return { doc, zip };
  } catch (error) {
    throw new DocxPackageError(reason(error));
  }
}

/** The stored file at `path` would serve as a DOCX base (see openDocxTemplate). */
export async function assertDocxBaseFile(path: string): Promise<void> {
  // The package is checked from the file first, so a bomb is refused before it is read whole.
  await assertDocxPackage(path);
  await parseDocxTemplate(await readFile(path));
}
