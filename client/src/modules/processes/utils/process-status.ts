import { PROCESS_STATUS_LABELS } from '@contracts';

/** CSS class of a status badge: the lower-cased status with spaces turned into hyphens (docs/processes.md#states). */
export function statusBadgeClass(status: string | null | undefined): string {
  return (status ?? 'pendente').trim().toLowerCase().replace(/\s+/g, '-');
}

// 'concluido' without the accent is an accepted spelling of the same status.
const LABELS: Record<string, string> = { ...PROCESS_STATUS_LABELS, concluido: PROCESS_STATUS_LABELS.concluído };

/** Label of a status; a missing status reads 'Pendente' (docs/processes.md#list fallbacks). */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'Pendente';
  return LABELS[status.toLowerCase()] ?? status;
}
