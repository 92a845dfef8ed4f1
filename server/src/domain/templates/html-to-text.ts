/** Tags after which (or at which) a line ends in plain text. */
const LINE_END = /<br\s*\/?>|<\/(?:p|div|h[1-6]|li|tr|blockquote|pre)>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, code: string) => {
    if (code[0] !== '#') return ENTITIES[code.toLowerCase()] ?? all;
    const point = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
    return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : all;
  });
}

/**
 * Plain text of (sanitised) template HTML — the DOCX base's `{{conteudo}}`, a document's
 * description, the "is anything visible" check: one line per paragraph, heading, list item or table
 * row (cells separated by a tab), entities decoded (no-break spaces as spaces), no markup. Runs of
 * blank lines collapse to one.
 */
export function htmlToPlainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, '')
      .replace(/<\/t[dh]>\s*(?=<t[dh]\b)/gi, '\t')
      .replace(/<li\b[^>]*>/gi, '• ')
      .replace(LINE_END, '\n')
      .replace(/<[^>]*>/g, '')
      .replace(/\r\n?/g, '\n'),
  )
    .replace(/\u00a0/g, ' ')
    .split('\n')
    .map((line) => line.replace(/[ \t]+$/g, '').replace(/^ +/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
