import type { ProcessSummary } from '@contracts';
import { useLocation } from 'wouter';
import { formatDate, truncate } from '@/lib/format';
import { Button } from '@/ui/Button';
import { Icon } from '@/ui/Icon';
import { Table, type TableColumn } from '@/ui/Table';
import { processDetailsRoute } from '../utils/routes';
import { ConfidentialBadge } from './ConfidentialBadge';
import { DeadlineBadge } from '@/modules/deadlines/components/DeadlineBadge';
import { StatusBadge } from './StatusBadge';

/** Description preview length (docs/processes.md#limits). */
const DESCRIPTION_PREVIEW = 100;

const COLUMNS: TableColumn<ProcessSummary>[] = [
  {
    id: 'id',
    header: 'Protocolo',
    width: '13rem',
    cell: (process) => <span className="process-table__id">{process.id}</span>,
  },
  {
    id: 'subject',
    header: 'Assunto',
    isRowHeader: true,
    cell: (process) => (
      <>
        <div className="process-table__subject">
          {process.subject || 'Sem assunto'}
          {process.confidential && <ConfidentialBadge />}
        </div>
        {process.description && (
          <div className="process-table__description">{truncate(process.description, DESCRIPTION_PREVIEW)}</div>
        )}
      </>
    ),
  },
  {
    id: 'departments',
    header: 'Departamentos',
    cell: (process) => (
      <>
        <div>{process.originDepartment || 'N/D'}</div>
        <div className="process-table__to">Para: {process.currentDepartment || 'N/D'}</div>
      </>
    ),
  },
  { id: 'status', header: 'Status', cell: (process) => <StatusBadge status={process.status} /> },
  {
    id: 'deadline',
    header: 'Prazo',
    width: '9.5rem',
    cell: (process) =>
      process.deadline ? <DeadlineBadge deadline={process.deadline} /> : <span className="muted">—</span>,
  },
  // 'Data' as the spec names it; the list is sorted by last update (newest first), so it shows that date.
  {
    id: 'date',
    header: 'Data',
    width: '8rem',
    cell: (process) => (
      <time dateTime={process.lastUpdate} title="Última atualização">
        {formatDate(process.lastUpdate)}
      </time>
    ),
  },
];

export interface ProcessTableProps {
  processes: readonly ProcessSummary[];
  isLoading: boolean;
  emptyText: string;
}

/** The processes table (the only part of the page that prints). */
export function ProcessTable({ processes, isLoading, emptyText }: ProcessTableProps) {
  const [, navigate] = useLocation();
  return (
    <Table
      label="Processos"
      className="process-table"
      columns={COLUMNS}
      rows={processes}
      rowKey={(process) => process._id}
      isLoading={isLoading}
      loadingLabel="Carregando processos..."
      emptyText={emptyText}
      rowActions={(process) => (
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Visualizar processo ${process.id}`}
          onPress={() => navigate(processDetailsRoute(process.id))}
        >
          <Icon name="eye" size={18} />
        </Button>
      )}
    />
  );
}
