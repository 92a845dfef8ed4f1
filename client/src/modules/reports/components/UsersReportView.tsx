import type { UsersReport } from '@contracts';
import { formatNumber } from '@/lib/format';
import { Table } from '@/ui/Table';
import { NO_DEPARTMENT, roleLabel } from '../utils/report-labels';
import { DepartmentTable, EMPTY_TABLE_TEXT, RecentProcessesTable } from './CountTables';
import { DepartmentChart } from './ReportCharts';
import { ReportSection } from './ReportSection';
import { SummaryCards } from './SummaryCards';

function UserDetail({ detail }: { detail: NonNullable<UsersReport['userDetail']> }) {
  return (
    <section className="card report-detail" aria-label={`Detalhes de ${detail.name}`}>
      <h3 className="report-section__title">{detail.name}</h3>
      <dl className="report-detail__facts">
        <dt>Departamento</dt>
        <dd>{detail.department || NO_DEPARTMENT}</dd>
        <dt>E-mail</dt>
        <dd>{detail.email}</dd>
        <dt>Perfil</dt>
        <dd>{roleLabel(detail.role)}</dd>
        <dt>Status</dt>
        <dd>{detail.active ? 'Ativo' : 'Inativo'}</dd>
      </dl>
      <SummaryCards
        label="Atividade"
        items={[
          { label: 'Processos Criados', value: formatNumber(detail.metrics.createdProcesses) },
          { label: 'Como Solicitante', value: formatNumber(detail.metrics.requestedProcesses) },
          { label: 'Processos Sigilosos', value: formatNumber(detail.metrics.confidentialProcesses) },
          { label: 'Atividade Total', value: formatNumber(detail.metrics.totalActivity) },
        ]}
      />
      <ReportSection title="Processos Recentes">
        <RecentProcessesTable rows={detail.recentProcesses} />
      </ReportSection>
    </section>
  );
}

export function UsersReportView({ report }: { report: UsersReport }) {
  return (
    <>
      <SummaryCards
        items={[
          { label: 'Total de Usuários', value: formatNumber(report.totalUsers) },
          { label: 'Usuários Ativos', value: formatNumber(report.activeUsers) },
        ]}
      />
      {report.userDetail && <UserDetail detail={report.userDetail} />}
      <div className="report-grid">
        <ReportSection title="Usuários por Departamento">
          {report.byDepartment.length > 0 && (
            <DepartmentChart rows={report.byDepartment} title="Usuários por departamento" />
          )}
          <DepartmentTable rows={report.byDepartment} label="Usuários por departamento" />
        </ReportSection>
        <ReportSection title="Usuários Mais Ativos">
          <Table
            label="Usuários mais ativos"
            columns={[
              { id: 'name', header: 'Nome', cell: (u) => u.name, isRowHeader: true },
              { id: 'department', header: 'Departamento', cell: (u) => u.department || NO_DEPARTMENT },
              { id: 'created', header: 'Criados', cell: (u) => formatNumber(u.createdProcesses), align: 'end' },
              {
                id: 'requested',
                header: 'Como Solicitante',
                cell: (u) => formatNumber(u.requestedProcesses),
                align: 'end',
              },
              { id: 'total', header: 'Total', cell: (u) => formatNumber(u.processCount), align: 'end' },
            ]}
            rows={report.mostActive.map((u, i) => ({ ...u, key: String(i) }))}
            rowKey={(u) => u.key}
            emptyText={EMPTY_TABLE_TEXT}
          />
        </ReportSection>
      </div>
    </>
  );
}
