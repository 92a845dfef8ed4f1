import '../deadlines.css';
import type { ProcessDeadline, SignatureDeadline } from '@contracts';
import { Badge } from '@/ui/Badge';
import { deadlineBadgeLabel, deadlineBadgeText, deadlineBadgeTitle, DEADLINE_TONES } from '../utils/deadline-format';

/**
 * The one deadline badge of the processes screens (list, cards, details) and of signature requests: coloured by state, saying
 * the business days left (docs/deadlines.md#states), named with its due day for screen readers.
 */
export function DeadlineBadge({ deadline }: { deadline: ProcessDeadline | SignatureDeadline }) {
  return (
    <Badge
      tone={DEADLINE_TONES[deadline.state]}
      className={`deadline-badge deadline-badge--${deadline.state}`}
      title={deadlineBadgeTitle(deadline)}
      label={deadlineBadgeLabel(deadline)}
    >
      {deadlineBadgeText(deadline)}
    </Badge>
  );
}
