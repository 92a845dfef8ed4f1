/** CSS class of a status badge: the lower-cased status with spaces turned into hyphens (docs/processes.md#states). */
export function statusBadgeClass(status: string | null | undefined): string {
  return (status ?? 'pendente').trim().toLowerCase().replace(/\s+/g, '-');
}

const LABELS: Record<string, string> = {
  pendente: 'Pendente',
  'em andamento': 'Em andamento',
  concluído: 'Concluído',
  concluido: 'Concluído',
  cancelado: 'Cancelado',
};

/** Label of a status; a missing status reads 'Pendente' (docs/processes.md#list fallbacks). */
export function statusLabel(status: string | null | undefined): string {
  if (!status) return 'Pendente';
  return LABELS[status.toLowerCase()] ?? status;
}
