import { PROCESS_STATUS_LABELS } from '@contracts';

/** CSS class of a status badge: the lower-cased status with spaces turned into hyphens (spec 1 §4). */
export function statusBadgeClass(status: string | null | undefined): string {
  return (status ?? 'pendente').trim().toLowerCase().replace(/\s+/g, '-');
}

// 'concluido' without the accent is an accepted spelling of the same status.
const LABELS: Record<string, string> = { ...PROCESS_STATUS_LABELS, concluido: PROCESS_STATUS_LABELS.concluído };

/** Label of a status; a missing status reads 'Pendente' (spec 1 §2 fallbacks). */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'Pendente';
  return LABELS[status.toLowerCase()] ?? status;
}
