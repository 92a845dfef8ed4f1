import { PAGE_SIZE_CM, type PageSize, type TemplateRenderJob } from '#server/contracts/templates';
import { escapeHtml } from '../html-escape';
import { organizationStyle, pageBox } from './template-style';

/** Page width and height in cm (an unknown size is A4). */
export function pageSizeCm(pageSize: PageSize): { width: number; height: number } {
  return PAGE_SIZE_CM[pageSize] ?? PAGE_SIZE_CM.A4;
}

/**
 * A document made from a template as one printable HTML page. `content` is the job's sanitised
 * HTML with its images already turned into data: URLs (see inlineContentImages); the page loads
 * nothing else (its CSP allows only inline styles and data: images, and the renderer blocks every
 * other request). The letterhead and the page numbers are Chromium's header and footer
 * (templatePdfOptions): they repeat on every page, so they are not part of this body.
 */
export function templatePageHtml(
  job: Pick<TemplateRenderJob, 'title' | 'formatting' | 'organization'>,
  content: string,
): string {
  const size = pageSizeCm(job.formatting.pageSize);
  const box = pageBox(job.formatting);
  const style = organizationStyle(job.organization);
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(job.title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<style>
  @page { size: ${size.width}cm ${size.height}cm; margin: ${box.top + box.header}cm ${box.right}cm ${box.bottom + box.footer}cm ${box.left}cm; }
  html, body { margin: 0; padding: 0; }
  body { font-family: ${style.bodyFont}; font-size: 12pt; line-height: 1.5; color: #000; -webkit-print-color-adjust: exact; }
  h1, h2, h3, h4, h5, h6 { font-family: ${style.titleFont}; color: ${style.primary}; line-height: 1.25; margin: 0.6em 0 0.4em; }
  h1 { font-size: 18pt; } h2 { font-size: 15pt; } h3 { font-size: 13pt; }
  p { margin: 0 0 0.6em; }
  /* A blank line typed in the editor is an empty paragraph: it keeps one line's height. */
  p:empty::before { content: ' '; white-space: pre; }
  a { color: ${style.secondary}; }
  hr { border: none; border-top: 1px solid ${style.accent}; }
  table { border-collapse: collapse; width: 100%; margin: 0.4em 0; }
  th, td { border: 1px solid #999; padding: 3pt 5pt; vertical-align: top; }
  th { background: #f0f3f7; }
  tr, img { page-break-inside: avoid; }
  img { max-width: 100%; height: auto; }
</style></head>
<body>${content}</body></html>`;
}
