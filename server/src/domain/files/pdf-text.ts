/** Standard fonts speak WinAnsi: keep Latin-1 (all pt-BR letters) and its typographic extras, replace the rest. */
export const winAnsi = (text: string) =>
  text.normalize('NFC').replace(/[^\x20-\x7e\xa0-\xff€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g, '?');

/** Greedy word wrap by measured width; a word wider than the line (a URL, a hash) breaks between characters. */
export function wrap(text: string, widthOf: (text: string) => number, maxWidth: number): string[] {
  const fits = (candidate: string) => widthOf(candidate) <= maxWidth;
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
