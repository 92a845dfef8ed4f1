import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, AUDIT_STATUS_LABELS, type AuditStatsResponse } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import type { Query } from '@/lib/http';
import { errorMessage } from '@/lib/http';
import { Button } from '@/ui/Button';
import { EChart } from '@/ui/EChart';
import { EmptyState } from '@/ui/EmptyState';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Modal } from '@/ui/Modal';
import { Spinner } from '@/ui/Spinner';
import { logKeys } from '../api/log-keys';
import { logsApi } from '../api/logs-api';
import { NOT_INFORMED, statBarsOption, type StatLabels } from '../utils/stat-bars';

const STATS_FAILED = 'Falha ao carregar estatísticas. Por favor, tente novamente.';

const SECTIONS: { key: keyof AuditStatsResponse; title: string; labels?: StatLabels }[] = [
  { key: 'actionStats', title: 'Ações', labels: AUDIT_ACTION_LABELS },
  { key: 'entityStats', title: 'Tipos de Entidade', labels: AUDIT_ENTITY_LABELS },
  { key: 'deptStats', title: 'Departamentos' },
  { key: 'statusStats', title: 'Status', labels: AUDIT_STATUS_LABELS },
  { key: 'userStats', title: 'Usuários Mais Ativos' },
];

export interface LogStatsModalProps {
  isOpen: boolean;
  onClose: () => void;
  /** startDate and endDate of the current filters. */
  range: Query;
}

export function LogStatsModal({ isOpen, onClose, range }: LogStatsModalProps) {
  const stats = useQuery({
    queryKey: logKeys.stats(range),
    queryFn: ({ signal }) => logsApi.stats(range, signal),
    enabled: isOpen,
  });
  return (
    <Modal
      isOpen={isOpen}
      onOpenChange={(open) => !open && onClose()}
      title="Estatísticas dos Logs"
      size="lg"
      footer={<Button onPress={onClose}>Fechar</Button>}
    >
      {stats.isPending && <Spinner label="Carregando estatísticas..." />}
      {stats.isError && <ErrorBanner message={errorMessage(stats.error, STATS_FAILED)} />}
      {stats.data && (
        <div className="log-stats">
          {SECTIONS.map(({ key, title, labels }) => {
            const entries = stats.data[key];
            return (
              <section key={key} className="log-stats__section" aria-label={title}>
                <h3 className="log-stats__title">{title}</h3>
                {entries.length === 0 ? (
                  <EmptyState title="Sem registros no período." />
                ) : (
                  <EChart
                    option={statBarsOption(entries, labels)}
                    ariaLabel={`${title}: ${entries.map((e) => `${e._id ?? NOT_INFORMED} ${e.count}`).join(', ')}`}
                    height={Math.max(120, entries.length * 28 + 24)}
                  />
                )}
              </section>
            );
          })}
        </div>
      )}
    </Modal>
  );
}
