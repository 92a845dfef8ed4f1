import PizZip from 'pizzip';
import { minimalDocx } from './template-render';

/** A zip that is no Word document: the first DOCX part list, but no word/document.xml. */
export function buildPlainZip(): Buffer {
  const docx = new PizZip(minimalDocx(['x']));
  docx.remove('word/document.xml');
  docx.file('leia-me.txt', 'não é um documento do Word');
  return docx.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The text of each paragraph of a Word document (its w:t runs joined). */
export function readDocxText(docx: Buffer): string[] {
  const xml = new PizZip(docx).file('word/document.xml')?.asText() ?? '';
  return [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) =>
    [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
      .map((t) => t[1])
      .join('')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}
