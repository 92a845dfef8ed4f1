/**
 * CSV for pt-BR Excel: `;` separator, CRLF line ends, RFC 4180 quoting (a field holding `"`, `;`,
 * CR or LF is quoted and its quotes doubled), and a guard against formula injection: a cell that
 * starts with = + - @ TAB or CR gets a leading apostrophe, so a spreadsheet shows it as text
 * instead of running it. The file starts with a UTF-8 BOM (CSV_BOM) so Excel reads the accents.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[";\r\n]/;

export function csvCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function csvLine(cells: readonly (string | null | undefined)[]): string {
  return `${cells.map(csvCell).join(CSV_SEPARATOR)}\r\n`;
}
