import { DEADLINE_STATE_LABELS, type ProcessDeadline } from '@contracts';
import { formatDay } from '@/lib/format';
import { Badge } from '@/ui/Badge';
import { DEADLINE_TONES } from '@/modules/deadlines/utils/deadline-format';

/** The due day and its state ('No prazo', 'Vence em breve', 'Vencido', …), or 'Sem prazo'. */
export function LaiDeadlineCell({ deadline }: { deadline: ProcessDeadline | null }) {
  if (!deadline) return <span className="muted">Sem prazo</span>;
  return (
    <span className="lai-deadline">
      <span>{formatDay(deadline.due)}</span>
      <Badge tone={DEADLINE_TONES[deadline.state]}>{DEADLINE_STATE_LABELS[deadline.state]}</Badge>
    </span>
  );
}
