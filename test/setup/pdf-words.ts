import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A word of a PDF page and its box, in points, y from the top of the page as a viewer shows it. */
export interface PdfWord {
  text: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
}

/** The words of one page (1-based) by poppler's `pdftotext -bbox` (the page rotated by its /Rotate). */
export async function pdfWords(file: string, page: number): Promise<PdfWord[]> {
  const { stdout } = await run('pdftotext', ['-bbox', '-f', String(page), '-l', String(page), file, '-']);
  return [
    ...stdout.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g),
  ].map((m) => ({ xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5] }));
}
