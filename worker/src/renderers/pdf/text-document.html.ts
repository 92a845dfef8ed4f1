const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A text document as printable HTML: the title, then the text exactly as written (escaped). */
export function textDocumentHtml(title: string, text: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>
  @page { size: A4; margin: 25mm 20mm 30mm 20mm; }
  body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 11pt; color: #111; }
  h1 { font-size: 15pt; margin: 0 0 12pt; }
  pre { white-space: pre-wrap; word-wrap: break-word; font-family: inherit; margin: 0; line-height: 1.45; }
</style></head>
<body><h1>${escapeHtml(title)}</h1><pre>${escapeHtml(text)}</pre></body></html>`;
}
