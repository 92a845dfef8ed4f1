import type { DashboardStatusFilter } from '@contracts';
import { useState } from 'react';
import { Link } from 'wouter';
import { firstName } from '@/lib/format';
import { Button } from '@/ui/Button';
import { ErrorBanner } from '@/ui/ErrorBanner';
import { Icon } from '@/ui/Icon';
import { PageHeader } from '@/ui/PageHeader';
import { MOBILE_QUERY, NARROW_QUERY, useMediaQuery } from '@/ui/useMediaQuery';
import { ActivityChart } from '../components/ActivityChart';
import { DashboardStatCards } from '../components/DashboardStatCards';
import { DeadlinesCard } from '../components/DeadlinesCard';
import { DepartmentChart } from '../components/DepartmentChart';
import { PendingSignaturesCard } from '../components/PendingSignaturesCard';
import { RecentProcessesCard } from '../components/RecentProcessesCard';
import { useDashboard } from '../hooks/useDashboard';
import { useUserRecord } from '../hooks/useUserRecord';
import { SAMPLE_DEPARTMENTS, sampleActivity } from '../utils/dashboard-view';
import '../dashboard.css';

/** /dashboard (docs/dashboard.md#screen): greeting, five indicators, recent processes, charts, deadlines, pending signatures. */
export default function DashboardPage() {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const narrow = useMediaQuery(NARROW_QUERY);
  const [status, setStatus] = useState<DashboardStatusFilter>('all');
  const { user, error: userError } = useUserRecord();
  const { data, loading, error, reload } = useDashboard(!!user, status);
  const failure = userError ?? error;
  // No process visible at all: the charts show sample data, marked as such.
  const sample = !!data && data.departmentDistribution.length === 0;

  return (
    <div className="dashboard">
      <PageHeader
        title={`Olá, ${firstName(user?.displayName || user?.name)}`}
        subtitle="Acompanhe os processos e documentos da sua prefeitura."
        actions={
          <>
            {failure && (
              <Button variant="secondary" onPress={reload} aria-label="Recarregar">
                <Icon name="refresh" size={16} /> Recarregar
              </Button>
            )}
            <Link href="/new-process" className="btn btn--primary" aria-label="Novo Processo">
              <Icon name="plus" size={16} /> {mobile ? 'Novo' : 'Novo Processo'}
            </Link>
          </>
        }
      />
      {failure && <ErrorBanner message={failure} />}
      <DashboardStatCards stats={data?.stats ?? null} loading={loading} />
      <div className="dashboard-grid">
        <div className="dashboard-grid__main">
          <RecentProcessesCard
            processes={data?.recentProcesses ?? null}
            loading={loading}
            status={status}
            onStatusChange={setStatus}
            narrow={narrow}
          />
          {data && (
            <ActivityChart activity={sample ? sampleActivity() : data.activity} mobile={mobile} sample={sample} />
          )}
        </div>
        <aside className="dashboard-grid__side">
          <DeadlinesCard deadlines={data?.deadlines ?? null} loading={loading} />
          <PendingSignaturesCard items={data?.pendingSignatures ?? null} loading={loading} />
          {data && (
            <DepartmentChart
              slices={sample ? SAMPLE_DEPARTMENTS : data.departmentDistribution}
              narrow={narrow}
              sample={sample}
            />
          )}
        </aside>
      </div>
      {data?.computedAt && (
        <p className="dashboard-freshness">Atualizado em {new Date(data.computedAt).toLocaleString('pt-BR')}</p>
      )}
    </div>
  );
}
