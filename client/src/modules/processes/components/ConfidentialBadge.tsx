import { Badge } from '../../../ui/Badge';

/** 'Sigiloso' with a lock. */
export function ConfidentialBadge() {
  return (
    <Badge tone="danger" className="confidential-badge" title="Processo sigiloso">
      <span aria-hidden="true">🔒</span> Sigiloso
    </Badge>
  );
}
