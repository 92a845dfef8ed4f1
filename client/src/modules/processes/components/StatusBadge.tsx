import { Badge, type BadgeTone } from '@/ui/Badge';
import { statusBadgeClass, statusLabel } from '../utils/process-status';

const TONES: Record<string, BadgeTone> = {
  pendente: 'warning',
  'em-andamento': 'info',
  concluído: 'success',
  concluido: 'success',
  cancelado: 'danger',
};

/** Status badge whose class is the lower-cased status with hyphens (docs/processes.md#states). */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const className = statusBadgeClass(status);
  return (
    <Badge tone={TONES[className] ?? 'neutral'} className={`status-badge ${className}`}>
      {statusLabel(status)}
    </Badge>
  );
}
