import type { RequestersReport } from '@contracts';
import { formatNumber } from '@/lib/format';
import { Table } from '@/ui/Table';
import { daysLabel, NO_DEPARTMENT, NO_EMAIL, NO_REQUESTER_NAME, processCount } from '../utils/report-labels';
import { DepartmentTable, EMPTY_TABLE_TEXT, RecentProcessesTable } from './CountTables';
import { DepartmentChart } from './ReportCharts';
import { ReportSection } from './ReportSection';
import { SummaryCards } from './SummaryCards';

type Detail = NonNullable<RequestersReport['requesterDetail']>;

function RequesterDetail({ detail }: { detail: Detail }) {
  const name = detail.name || NO_REQUESTER_NAME;
  return (
    <section className="card report-detail" aria-label={`Detalhes de ${name}`}>
      <h3 className="report-section__title">{name}</h3>
      <dl className="report-detail__facts">
        <dt>Departamento</dt>
        <dd>{detail.department || NO_DEPARTMENT}</dd>
        <dt>E-mail</dt>
        <dd>{detail.email || NO_EMAIL}</dd>
        <dt>Tipo</dt>
        <dd>{detail.isExternal ? 'Externo' : 'Usuário do Sistema'}</dd>
      </dl>
      <SummaryCards
        label="Solicitações"
        items={[
          { label: 'Solicitações', value: formatNumber(detail.requestCount) },
          { label: 'Concluídos', value: formatNumber(detail.statusBreakdown.completed) },
          { label: 'Em Andamento', value: formatNumber(detail.statusBreakdown.inProgress) },
          ...(detail.averageCompletionDays !== null
            ? [{ label: 'Média de Dias', value: daysLabel(detail.averageCompletionDays) }]
            : []),
        ]}
      />
      {detail.topDepartments.length > 0 && (
        <ReportSection title="Principais Departamentos">
          <ul className="report-detail__list">
            {detail.topDepartments.map((d) => (
              <li key={d.department}>
                {d.department || NO_DEPARTMENT}: {processCount(d.count)}
              </li>
            ))}
          </ul>
        </ReportSection>
      )}
      <ReportSection title="Processos Recentes">
        <RecentProcessesTable rows={detail.recentProcesses} />
      </ReportSection>
    </section>
  );
}

export function RequestersReportView({ report }: { report: RequestersReport }) {
  return (
    <>
      <SummaryCards
        items={[
          { label: 'Total de Solicitantes', value: formatNumber(report.totalRequesters) },
          { label: 'Solicitações no Período', value: formatNumber(report.totalRequests) },
        ]}
      />
      {report.requesterDetail && <RequesterDetail detail={report.requesterDetail} />}
      <div className="report-grid">
        <ReportSection title="Principais Solicitantes">
          <Table
            label="Principais solicitantes"
            columns={[
              { id: 'name', header: 'Nome', cell: (r) => r.name || NO_REQUESTER_NAME, isRowHeader: true },
              { id: 'department', header: 'Departamento', cell: (r) => r.department || NO_DEPARTMENT },
              { id: 'type', header: 'Tipo', cell: (r) => (r.isExternal ? 'Externo' : 'Interno') },
              { id: 'count', header: 'Solicitações', cell: (r) => formatNumber(r.requestCount), align: 'end' },
            ]}
            rows={report.topRequesters.map((r, i) => ({ ...r, key: String(i) }))}
            rowKey={(r) => r.key}
            emptyText={EMPTY_TABLE_TEXT}
          />
        </ReportSection>
        <ReportSection title="Solicitações por Departamento">
          {report.departmentDistribution.length > 0 && (
            <DepartmentChart rows={report.departmentDistribution} title="Solicitações por departamento" />
          )}
          <DepartmentTable rows={report.departmentDistribution} label="Solicitações por departamento" />
        </ReportSection>
      </div>
    </>
  );
}
