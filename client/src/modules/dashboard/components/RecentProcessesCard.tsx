import type { DashboardStatusFilter, ProcessSummary } from '@contracts';
import { Link } from 'wouter';
import { formatDateTime, truncate } from '@/lib/format';
import { Card } from '@/ui/Card';
import { Select } from '@/ui/Select';
import { Spinner } from '@/ui/Spinner';
import { ConfidentialBadge } from '@/modules/processes/components/ConfidentialBadge';
import { StatusBadge } from '@/modules/processes/components/StatusBadge';
import { processDetailsRoute } from '@/modules/processes/utils/routes';
import { ageAlert, SUBJECT_MAX_NARROW } from '../utils/dashboard-view';

const FILTERS: { id: DashboardStatusFilter; label: string }[] = [
  { id: 'all', label: 'Todos' },
  { id: 'em andamento', label: 'Em andamento' },
  { id: 'concluído', label: 'Concluído' },
];

export interface RecentProcessesCardProps {
  processes: ProcessSummary[] | null;
  loading: boolean;
  status: DashboardStatusFilter;
  onStatusChange: (status: DashboardStatusFilter) => void;
  narrow: boolean;
}

/** The first 5 processes after the status filter, with age alerts (docs/dashboard.md#screen). */
export function RecentProcessesCard({ processes, loading, status, onStatusChange, narrow }: RecentProcessesCardProps) {
  return (
    <Card
      title="Processos Recentes"
      className="dashboard-recent"
      actions={
        <>
          <Select
            label="Status"
            className="dashboard-recent__filter"
            options={FILTERS}
            value={status}
            onChange={(value) => onStatusChange(value as DashboardStatusFilter)}
          />
          <Link href="/processes" className="dashboard-link">
            Ver todos
          </Link>
        </>
      }
    >
      {loading && !processes ? (
        <Spinner label="Carregando processos..." />
      ) : !processes?.length ? (
        <p className="dashboard-empty">Nenhum processo encontrado</p>
      ) : (
        <ul className="dashboard-recent__list">
          {processes.map((process) => {
            const alert = ageAlert(process.daysSinceUpdate);
            return (
              <li key={process.id} className="dashboard-recent__item" data-process-id={process.id}>
                <Link href={processDetailsRoute(process.id)} className="dashboard-recent__subject">
                  {narrow ? truncate(process.subject, SUBJECT_MAX_NARROW) : process.subject}
                </Link>
                {process.confidential && <ConfidentialBadge />}
                <div className="dashboard-recent__meta">
                  <span className="dashboard-recent__id">{process.id}</span>
                  <span className="dashboard-recent__department">{process.currentDepartment}</span>
                  <StatusBadge status={process.status} />
                  <span className="dashboard-recent__date">{formatDateTime(process.lastUpdate)}</span>
                </div>
                {alert && (
                  <span className={`dashboard-age dashboard-age--${alert.level}`} role="note">
                    {alert.text}
                  </span>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
