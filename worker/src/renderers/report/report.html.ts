import type { PDFOptions } from 'puppeteer-core';
import type { ReportExportJob } from '#server/contracts/reports';
import { type Cell, filterLines, reportLayout, type ReportTable } from './report-layout';

/** The first rows of the detail table (a PDF prints at most REPORT_PDF_DETAIL_CAP) and how many there are. */
export interface PdfDetail extends ReportTable {
  total: number;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const number = new Intl.NumberFormat('pt-BR');
const oneDecimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const oneDigit = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });

function cellText(cell: Cell, timeZone: string): string {
  if (cell === null) return '—';
  if (typeof cell === 'number') return Number.isInteger(cell) ? number.format(cell) : oneDecimal.format(cell);
  if (typeof cell === 'string') return cell;
  if ('decimal' in cell) return oneDigit.format(cell.decimal);
  if ('date' in cell) {
    return new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeZone }).format(new Date(cell.date));
  }
  const kb = cell.bytes / 1024;
  return kb >= 1024 ? `${oneDecimal.format(kb / 1024)} MB` : `${oneDecimal.format(kb)} KB`;
}

const isNumeric = (cell: Cell) =>
  typeof cell === 'number' || (cell !== null && typeof cell === 'object' && ('bytes' in cell || 'decimal' in cell));

/** The cap, stated on the page when the detail has more rows than printed. */
export function detailCapNote(detail: PdfDetail): string {
  if (detail.total <= detail.rows.length) return `${number.format(detail.total)} registro(s).`;
  return `Mostrando os primeiros ${number.format(detail.rows.length)} de ${number.format(detail.total)} registros; o detalhamento completo está na exportação em Excel.`;
}

/** A report as a self-contained A4 HTML page (no external resources); dates shown in `timeZone`. */
export async function reportHtml(job: ReportExportJob, timeZone: string, detail?: PdfDetail): Promise<string> {
  // Loaded on first use (it brings echarts): keeps the worker's start fast.
  const { reportCharts } = await import('#worker/renderers/report/report-charts');
  const layout = reportLayout(job);
  const generatedAt = new Intl.DateTimeFormat('pt-BR', {
    dateStyle: 'short',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(job.generatedAt));
  const facts = (rows: [string, Cell][]) =>
    rows
      .map(
        ([label, value]) => `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(cellText(value, timeZone))}</td></tr>`,
      )
      .join('');
  const cards = layout.summary
    .map(
      ([label, value]) =>
        `<div class="card"><span>${escapeHtml(label)}</span><strong>${escapeHtml(cellText(value, timeZone))}</strong></div>`,
    )
    .join('');
  // Inline SVG drawn in the worker: the page loads nothing (its CSP forbids it).
  const charts = reportCharts(job)
    .map((chart) => `<figure class="chart"><figcaption>${escapeHtml(chart.title)}</figcaption>${chart.svg}</figure>`)
    .join('');
  const tables = [...layout.tables, ...(detail ? [detail] : [])]
    .map(
      (table) => `<section><h2>${escapeHtml(table.title)}</h2>
      ${table === detail ? `<p class="muted cap">${escapeHtml(detailCapNote(detail))}</p>` : ''}
      ${
        table.rows.length === 0
          ? '<p class="muted">Nenhum dado no período.</p>'
          : `<table${table === detail ? ' class="detail"' : ''}><thead><tr>${table.headers.map((h) => `<th>${escapeHtml(h)}</th>`).join('')}</tr></thead><tbody>${table.rows
              .map(
                (row) =>
                  `<tr>${row.map((c) => `<td class="${isNumeric(c) ? 'n' : ''}">${escapeHtml(cellText(c, timeZone))}</td>`).join('')}</tr>`,
              )
              .join('')}</tbody></table>`
      }</section>`,
    )
    .join('');
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${escapeHtml(layout.title)}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<style>
  body { font-family: Arial, Helvetica, sans-serif; font-size: 10pt; color: #222; }
  h1 { font-size: 16pt; margin: 0 0 4pt; color: #003366; }
  h2 { font-size: 12pt; margin: 14pt 0 6pt; color: #003366; }
  .meta th { text-align: left; padding-right: 10pt; font-weight: 600; }
  .cards { display: flex; flex-wrap: wrap; gap: 8pt; margin: 10pt 0; }
  .card { border: 1px solid #ccc; border-radius: 4pt; padding: 6pt 10pt; min-width: 90pt; }
  .card span { display: block; font-size: 8pt; color: #555; }
  .card strong { font-size: 14pt; }
  table { border-collapse: collapse; width: 100%; }
  table td, table thead th { border: 1px solid #ccc; padding: 3pt 5pt; text-align: left; }
  thead { display: table-header-group; }
  thead th { background: #eef2f7; }
  tr { page-break-inside: avoid; }
  td.n { text-align: right; }
  .muted { color: #666; }
  .chart { margin: 8pt 0; page-break-inside: avoid; }
  .chart figcaption { font-weight: 600; color: #003366; margin-bottom: 4pt; }
  .chart svg { max-width: 100%; height: auto; }
  table.detail { font-size: 7pt; }
  table.detail td, table.detail thead th { padding: 2pt 3pt; }
  table.detail td:first-child { white-space: nowrap; }
</style></head><body>
<h1>${escapeHtml(layout.title)}</h1>
<table class="meta">${facts([...filterLines(job.filters), ['Gerado em', generatedAt], ['Gerado por', job.generatedBy]])}</table>
<div class="cards">${cards}</div>
${charts}
${layout.details.length ? `<h2>Detalhes</h2><table class="meta">${facts(layout.details)}</table>` : ''}
${tables}
</body></html>`;
}

/** A4 with the report's title on every page and 'Página N de M' at the foot. */
export function reportPdfOptions(job: ReportExportJob): PDFOptions {
  const title = escapeHtml(reportLayout(job).title);
  return {
    format: 'A4',
    printBackground: true,
    displayHeaderFooter: true,
    headerTemplate: `<div style="font-size:8pt;width:100%;padding:0 15mm;color:#555">SEMGI — ${title}</div>`,
    footerTemplate:
      '<div style="font-size:8pt;width:100%;padding:0 15mm;text-align:right;color:#555">Página <span class="pageNumber"></span> de <span class="totalPages"></span></div>',
    margin: { top: '20mm', bottom: '18mm', left: '15mm', right: '15mm' },
  };
}
