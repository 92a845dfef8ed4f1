import type { DocumentStatus } from '@contracts';
import { Badge, type BadgeTone } from '@/ui/Badge';
import { statusBadgeLabel } from '../utils/document-format';

const TONES: Record<DocumentStatus, BadgeTone> = {
  draft: 'neutral',
  submitted: 'info',
  approved: 'success',
  rejected: 'danger',
  signed: 'success',
};

/** Enviado, Aprovado, Rejeitado, Assinado; nothing for a draft (docs/documents.md#viewer). */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  const label = statusBadgeLabel(status);
  return label ? (
    <Badge tone={TONES[status]} className={`document-status document-status--${status}`}>
      {label}
    </Badge>
  ) : null;
}
