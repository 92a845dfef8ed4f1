import { Badge } from '@/ui/Badge';
import { Icon } from '@/ui/Icon';

/** 'Sigiloso' with a lock. */
export function ConfidentialBadge() {
  return (
    <Badge tone="danger" className="confidential-badge" title="Processo sigiloso">
      <Icon name="lock" size={12} /> Sigiloso
    </Badge>
  );
}
