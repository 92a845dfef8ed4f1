import {
  AUDIT_ACTION_LABELS,
  AUDIT_ENTITY_LABELS,
  AUDIT_STATUS_LABELS,
  type AuditLogView,
  type AuditStatus,
} from '@contracts';
import { formatDateTime } from '@/lib/format';
import { Badge, type BadgeTone } from '@/ui/Badge';
import { BreakableText } from '@/ui/BreakableText';
import { Button } from '@/ui/Button';
import { Table, type TableColumn } from '@/ui/Table';

export const STATUS_TONES: Record<AuditStatus, BadgeTone> = {
  success: 'success',
  error: 'danger',
  warning: 'warning',
  info: 'info',
};

const COLUMNS: TableColumn<AuditLogView>[] = [
  {
    id: 'createdAt',
    header: 'Data/Hora',
    width: '10rem',
    isRowHeader: true,
    cell: (log) => formatDateTime(log.createdAt),
  },
  { id: 'action', header: 'Ação', width: '7rem', cell: (log) => AUDIT_ACTION_LABELS[log.action] ?? log.action },
  {
    id: 'entityType',
    header: 'Tipo',
    width: '8rem',
    cell: (log) => AUDIT_ENTITY_LABELS[log.entityType] ?? log.entityType,
  },
  {
    id: 'description',
    header: 'Descrição',
    width: '30%',
    cell: (log) => <BreakableText text={log.description} />,
  },
  { id: 'username', header: 'Usuário', cell: (log) => log.username ?? '—' },
  { id: 'department', header: 'Departamento', hideOnMobile: true, cell: (log) => log.userDepartment ?? '—' },
  {
    id: 'status',
    header: 'Status',
    width: '7rem',
    cell: (log) => <Badge tone={STATUS_TONES[log.status]}>{AUDIT_STATUS_LABELS[log.status] ?? log.status}</Badge>,
  },
];

export interface LogsTableProps {
  logs: readonly AuditLogView[];
  isLoading: boolean;
  onDetails: (log: AuditLogView) => void;
}

/** The log rows (docs/audit.md#logs-screen) with a details button each. */
export function LogsTable({ logs, isLoading, onDetails }: LogsTableProps) {
  return (
    <Table
      label="Logs do sistema"
      columns={COLUMNS}
      rows={logs}
      rowKey={(log) => log._id}
      isLoading={isLoading}
      loadingLabel="Carregando logs..."
      emptyText="Nenhum log encontrado para os filtros selecionados."
      actionsHeader="Detalhes"
      rowAttributes={(log) => ({ 'data-log-id': log._id })}
      rowActions={(log) => (
        <Button variant="ghost" size="sm" aria-label={`Detalhes: ${log.description}`} onPress={() => onDetails(log)}>
          Detalhes
        </Button>
      )}
    />
  );
}
