import { DEADLINE_KIND_LABELS, type ProcessDeadlineDetail, type ProcessView } from '@contracts';
import { formatDateTime, formatDay } from '@/lib/format';
import { Button } from '@/ui/Button';
import { Card } from '@/ui/Card';
import { Table, type TableColumn } from '@/ui/Table';
import { availableDeadlineActions, DEADLINE_ACTION_LABELS, type DeadlineAction } from '../utils/deadline-actions';
import { deadlineLength, deadlineMetText } from '@/modules/deadlines/utils/deadline-format';
import { DeadlineBadge } from '@/modules/deadlines/components/DeadlineBadge';

const COLUMNS: TableColumn<ProcessDeadlineDetail>[] = [
  {
    id: 'kind',
    header: 'Tipo',
    isRowHeader: true,
    cell: (d) => (
      <>
        <div className="deadlines-panel__kind">{DEADLINE_KIND_LABELS[d.kind]}</div>
        {d.fromDepartment && d.toDepartment && (
          <div className="muted">
            {d.fromDepartment} → {d.toDepartment}
          </div>
        )}
      </>
    ),
  },
  {
    id: 'due',
    header: 'Vencimento',
    cell: (d) => (
      <div className="deadlines-panel__due">
        <time dateTime={d.due}>{formatDay(d.due)}</time>
        <DeadlineBadge deadline={d} />
      </div>
    ),
  },
  { id: 'length', header: 'Contagem', cell: (d) => deadlineLength(d) },
  {
    id: 'setBy',
    header: 'Definido por',
    cell: (d) => (
      <>
        <div>{d.setBy?.name ?? 'Sistema'}</div>
        <div className="muted">{formatDateTime(d.setAt)}</div>
      </>
    ),
  },
  {
    id: 'extensions',
    header: 'Prorrogações',
    cell: (d) => (
      <>
        <div>
          {d.extensions} de {d.maxExtensions}
        </div>
        <div className="muted">
          {d.extendedDays} de {d.maxExtensionDays} dias
        </div>
      </>
    ),
  },
  {
    id: 'situation',
    header: 'Situação',
    cell: (d) => {
      const met = deadlineMetText(d);
      if (met) return <span className={d.metLate ? 'deadlines-panel__late' : undefined}>{met}</span>;
      if (d.state === 'suspended') return <span>Sobrestado: {d.suspendReason ?? 'sem motivo informado'}</span>;
      return <span className="muted">Em curso</span>;
    },
  },
];

export interface DeadlinesPanelProps {
  process: ProcessView;
  onAction: (action: DeadlineAction) => void;
}

/**
 * 'Prazos' (docs/deadlines.md#process-deadlines): every deadline of the process, newest first, and
 * the deadline actions for whoever may act on it.
 */
export function DeadlinesPanel({ process, onAction }: DeadlinesPanelProps) {
  const actions = availableDeadlineActions(process);
  return (
    <Card
      title="Prazos"
      className="deadlines-panel"
      actions={
        actions.length > 0 && (
          <div className="deadlines-panel__actions" role="toolbar" aria-label="Ações de prazo">
            {actions.map((action) => (
              <Button key={action} variant="secondary" size="sm" onPress={() => onAction(action)}>
                {DEADLINE_ACTION_LABELS[action]}
              </Button>
            ))}
          </div>
        )
      }
    >
      <Table
        label="Prazos do processo"
        className="process-table"
        columns={COLUMNS}
        rows={process.deadlines}
        rowKey={(d) => d.id}
        emptyText="Nenhum prazo definido para este processo."
      />
    </Card>
  );
}
