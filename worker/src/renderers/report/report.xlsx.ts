import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportExportJob } from '#server/contracts/reports';
import { type Cell, filterLines, reportLayout } from './report-layout';

/**
 * Text that a spreadsheet would read as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe; numbers are written as numbers and never touched.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function value(cell: Cell): ExcelJS.CellValue {
  if (cell === null) return null;
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string') return neutralizeFormula(cell);
  if ('date' in cell) return new Date(cell.date);
  return cell.bytes;
}

const textLength = (cell: Cell) =>
  typeof cell === 'string' ? cell.length : typeof cell === 'number' ? String(cell).length : 10;

/** A report as an Excel workbook (streaming writer): a summary sheet and one sheet per table. */
export async function reportXlsx(job: ReportExportJob): Promise<Buffer> {
  const layout = reportLayout(job);
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    sink.on('end', resolve);
    sink.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: sink, useStyles: true });
  workbook.creator = job.generatedBy;
  workbook.created = new Date(job.generatedAt);

  const summary = workbook.addWorksheet('Resumo');
  summary.columns = [
    { header: layout.title, key: 'label', width: 32 },
    { header: '', key: 'value', width: 40 },
  ];
  summary.getRow(1).font = { bold: true, size: 14 };
  const facts: [string, Cell][] = [
    ...filterLines(job.filters),
    ['Gerado em', { date: job.generatedAt }],
    ['Gerado por', job.generatedBy],
    ...layout.summary,
    ...layout.details,
  ];
  for (const [label, cell] of facts) {
    const row = summary.addRow([neutralizeFormula(label), value(cell)]);
    if (cell !== null && typeof cell === 'object' && 'date' in cell) row.getCell(2).numFmt = 'dd/mm/yyyy hh:mm';
    row.commit();
  }
  summary.commit();

  const used = new Set<string>(['Resumo']);
  for (const table of layout.tables) {
    // Sheet names: at most 31 characters, unique.
    let name = table.title.slice(0, 31);
    for (let i = 2; used.has(name); i++) name = `${table.title.slice(0, 28)} ${i}`;
    used.add(name);
    const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = table.headers.map((header, i) => ({
      header,
      key: String(i),
      width: Math.max(12, Math.min(60, header.length + 4, ...table.rows.map((r) => textLength(r[i]) + 2))),
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.headers.length } };
    for (const cells of table.rows) {
      const row = sheet.addRow(cells.map(value));
      cells.forEach((cell, i) => {
        if (cell !== null && typeof cell === 'object' && 'date' in cell) row.getCell(i + 1).numFmt = 'dd/mm/yyyy';
      });
      row.commit();
    }
    sheet.commit();
  }
  await workbook.commit();
  await done;
  return Buffer.concat(chunks);
}
