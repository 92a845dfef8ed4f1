import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { CellValue } from 'exceljs';
import { wallClockAsUtc } from '#server/contracts/dates';
import type { ReportExportJob } from '#server/contracts/reports';
import type { DetailColumn, DetailColumnKind } from '#server/domain/reports/report-detail';
import { type Cell, filterLines, reportLayout } from './report-layout';

/**
 * Text that a spreadsheet would read as a formula (=, +, -, @, tab, CR first) gets a leading
 * apostrophe; numbers are written as numbers and never touched.
 */
export function neutralizeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/**
 * Excel dates have no time zone: an instant is written as the wall-clock time of `timeZone`, so
 * the sheet shows the same day and hour as the screen.
 */
export function excelLocalDate(instant: Date | string, timeZone: string): Date {
  return new Date(wallClockAsUtc(new Date(instant), timeZone));
}

function value(cell: Cell, timeZone: string): CellValue {
  if (cell === null) return null;
  if (typeof cell === 'number') return cell;
  if (typeof cell === 'string') return neutralizeFormula(cell);
  if ('date' in cell) return excelLocalDate(cell.date, timeZone);
  if ('decimal' in cell) return cell.decimal;
  return cell.bytes;
}

const textLength = (cell: Cell) =>
  typeof cell === 'string' ? cell.length : typeof cell === 'number' ? String(cell).length : 10;

/** Every decimal of a column with one digit ('34,0' beside '31,3'), as the screen writes days. */
const ONE_DECIMAL = '0.0';
const NUMBER_FORMATS: Record<DetailColumnKind, string | undefined> = {
  text: undefined,
  integer: '0',
  decimal: ONE_DECIMAL,
  date: 'dd/mm/yyyy hh:mm',
  bytes: '#,##0',
};

/** A detail cell as read from PostgreSQL: text neutralised, numbers as numbers, dates local. */
function detailValue(raw: unknown, kind: DetailColumnKind, timeZone: string): CellValue {
  if (raw === null || raw === undefined) return null;
  switch (kind) {
    case 'text':
      return neutralizeFormula(typeof raw === 'string' ? raw : JSON.stringify(raw));
    case 'date':
      return excelLocalDate(raw as Date, timeZone);
    default:
      return Number(raw);
  }
}

/** The detail rows of the workbook, streamed: `rows` yields one array of raw values per row. */
export interface XlsxDetail {
  title: string;
  columns: DetailColumn[];
  rows: AsyncIterable<unknown[]>;
  /** Called after each row is written. */
  onRow?: (written: number) => void | Promise<void>;
}

/**
 * A report as an Excel workbook through exceljs's streaming writer, into `out`: a summary sheet,
 * one sheet per table of the screen and the detail sheet, whose rows are written (and committed)
 * one by one as they are read, never all in memory. Header rows frozen and filtered, widths set.
 */
export async function writeReportXlsx(
  job: ReportExportJob,
  out: Writable,
  timeZone: string,
  detail?: XlsxDetail,
): Promise<number> {
  // Loaded on first use: keeps the worker's start fast.
  const { default: ExcelJS } = await import('exceljs');
  const layout = reportLayout(job);
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
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
    const row = summary.addRow([neutralizeFormula(label), value(cell, timeZone)]);
    if (cell !== null && typeof cell === 'object' && 'date' in cell) row.getCell(2).numFmt = 'dd/mm/yyyy hh:mm';
    if (cell !== null && typeof cell === 'object' && 'decimal' in cell) row.getCell(2).numFmt = ONE_DECIMAL;
    row.commit();
  }
  summary.commit();

  const used = new Set<string>(['Resumo', ...(detail ? [detail.title.slice(0, 31)] : [])]);
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
      const row = sheet.addRow(cells.map((cell) => value(cell, timeZone)));
      cells.forEach((cell, i) => {
        if (cell !== null && typeof cell === 'object' && 'date' in cell) row.getCell(i + 1).numFmt = 'dd/mm/yyyy';
        if (cell !== null && typeof cell === 'object' && 'decimal' in cell) row.getCell(i + 1).numFmt = ONE_DECIMAL;
      });
      row.commit();
    }
    sheet.commit();
  }

  let written = 0;
  if (detail) {
    const sheet = workbook.addWorksheet(detail.title.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = detail.columns.map((column, i) => ({
      header: column.header,
      key: String(i),
      width: Math.max(column.width, column.header.length + 2),
      style: NUMBER_FORMATS[column.kind] ? { numFmt: NUMBER_FORMATS[column.kind] } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: detail.columns.length } };
    for await (const raw of detail.rows) {
      const row = sheet.addRow(raw.map((cell, i) => detailValue(cell, detail.columns[i].kind, timeZone)));
      detail.columns.forEach((column, i) => {
        const format = NUMBER_FORMATS[column.kind];
        if (format) row.getCell(i + 1).numFmt = format;
      });
      row.commit();
      written += 1;
      // The zip stream buffers what the file has not taken yet: wait for it now and then.
      if (written % 1000 === 0 && out.writableNeedDrain) await once(out, 'drain');
      await detail.onRow?.(written);
    }
    sheet.commit();
  }
  await workbook.commit();
  return written;
}
