import type { PDFFont } from 'pdf-lib';

/** Standard fonts speak WinAnsi: keep Latin-1 (all pt-BR letters), replace anything else. */
export const winAnsi = (text: string) => text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff]/g, '?');

/** `text` in lines no wider than `maxWidth` at `size` points of `font`. */
export function wrap(text: string, font: PDFFont, size: number, maxWidth: number): string[] {
  const fits = (candidate: string) => font.widthOfTextAtSize(candidate, size) <= maxWidth;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) {
      current = candidate;
      continue;
    }
    if (current) lines.push(current);
    current = '';
    // A word wider than the line (a URL) is broken between characters.
    for (const char of word) {
      if (current && !fits(current + char)) {
        lines.push(current);
        current = '';
      }
      current += char;
    }
  }
  lines.push(current);
  return lines;
}
