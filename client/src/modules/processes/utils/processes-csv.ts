import type { ProcessSummary } from '@contracts';
import { formatDateTime } from '@/lib/format';
import { localIsoDate } from '@contracts';
import { statusLabel } from './process-status';

/** Excel pt-BR reads ';'-separated UTF-8 only with a byte-order mark. */
const BOM = '\uFEFF';
const SEPARATOR = ';';

const COLUMNS: { header: string; value: (process: ProcessSummary) => string }[] = [
  { header: 'Protocolo', value: (p) => p.id },
  { header: 'Assunto', value: (p) => p.subject },
  { header: 'Descrição', value: (p) => p.description },
  { header: 'Departamento de origem', value: (p) => p.originDepartment },
  { header: 'Departamento atual', value: (p) => p.currentDepartment },
  { header: 'Status', value: (p) => statusLabel(p.status) },
  { header: 'Sigiloso', value: (p) => (p.confidential ? 'Sim' : 'Não') },
  { header: 'Criado em', value: (p) => formatDateTime(p.createdAt) },
  { header: 'Última atualização', value: (p) => formatDateTime(p.lastUpdate) },
];

/** Cells Excel would run as formulas get a leading apostrophe (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

function cell(value: string | null | undefined): string {
  const raw = value ?? '';
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** CSV text of the processes (BOM, ';' separators, CRLF lines, quoted where needed). */
export function buildProcessesCsv(processes: readonly ProcessSummary[]): string {
  const lines = [COLUMNS.map((column) => cell(column.header)).join(SEPARATOR)];
  for (const process of processes) lines.push(COLUMNS.map((column) => cell(column.value(process))).join(SEPARATOR));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** processos-YYYY-MM-DD.csv */
export function processesCsvFileName(today: Date): string {
  return `processos-${localIsoDate(today)}.csv`;
}
