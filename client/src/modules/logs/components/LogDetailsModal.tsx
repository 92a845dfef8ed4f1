import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_STATUS_LABELS } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/format';
import { errorMessage } from '@/lib/http';
import { Badge } from '@/ui/Badge';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Modal } from '@/ui/Modal';
import { Spinner } from '@/ui/Spinner';
import { logKeys } from '../api/log-keys';
import { logsApi } from '../api/logs-api';
import { STATUS_TONES } from './LogsTable';

const DETAIL_FAILED = 'Falha ao carregar detalhes do log. Por favor, tente novamente.';
const NOT_INFORMED = 'Não informado';

export interface LogDetailsModalProps {
  logId: string | null;
  onClose: () => void;
}

/** The full entry (docs/audit.md#logs-screen): description, entity id, who, from where, and the details as JSON. */
export function LogDetailsModal({ logId, onClose }: LogDetailsModalProps) {
  const detail = useQuery({
    queryKey: logKeys.detail(logId ?? ''),
    queryFn: ({ signal }) => logsApi.detail(logId!, signal),
    enabled: !!logId,
  });
  const log = detail.data;
  return (
    <Modal
      isOpen={!!logId}
      onOpenChange={(open) => !open && onClose()}
      title="Detalhes do Log"
      size="lg"
      footer={<Button onPress={onClose}>Fechar</Button>}
    >
      {detail.isPending && <Spinner label="Carregando detalhes..." />}
      {detail.isError && <ErrorBanner message={errorMessage(detail.error, DETAIL_FAILED)} />}
      {log && (
        <dl className="log-details">
          <dt>Data/Hora</dt>
          <dd>{formatDateTime(log.createdAt)}</dd>
          <dt>Ação</dt>
          <dd>
            {AUDIT_ACTION_LABELS[log.action] ?? log.action} · {AUDIT_ENTITY_LABELS[log.entityType] ?? log.entityType}{' '}
            <Badge tone={STATUS_TONES[log.status]}>{AUDIT_STATUS_LABELS[log.status] ?? log.status}</Badge>
          </dd>
          <dt>Descrição</dt>
          <dd>{log.description}</dd>
          {log.entityId && (
            <>
              <dt>ID da Entidade</dt>
              <dd className="log-details__mono">{log.entityId}</dd>
            </>
          )}
          <dt>Usuário</dt>
          <dd>{log.username || NOT_INFORMED}</dd>
          <dt>Departamento</dt>
          <dd>{log.userDepartment || NOT_INFORMED}</dd>
          <dt>Endereço IP</dt>
          <dd>{log.ipAddress || NOT_INFORMED}</dd>
          <dt>Detalhes Técnicos</dt>
          <dd>
            <pre className="log-details__json">{log.details ? JSON.stringify(log.details, null, 2) : NOT_INFORMED}</pre>
          </dd>
        </dl>
      )}
    </Modal>
  );
}
