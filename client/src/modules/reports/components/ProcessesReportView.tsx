import type { ProcessesReport } from '@contracts';
import { formatNumber } from '@/lib/format';
import { Table } from '@/ui/Table';
import { monthLabel } from '@contracts';
import { daysLabel } from '../utils/report-labels';
import { DepartmentTable, EMPTY_TABLE_TEXT } from './CountTables';
import { DepartmentChart, MonthChart } from './ReportCharts';
import { ReportSection } from './ReportSection';
import { SummaryCards } from './SummaryCards';

export function ProcessesReportView({ report }: { report: ProcessesReport }) {
  return (
    <>
      <SummaryCards
        items={[
          { label: 'Total', value: formatNumber(report.totalProcesses) },
          { label: 'Concluídos', value: formatNumber(report.completed) },
          { label: 'Em Andamento', value: formatNumber(report.inProgress) },
          { label: 'Tempo Médio', value: daysLabel(report.averageCompletionTime) },
        ]}
      />
      <div className="report-grid">
        <ReportSection title="Processos por Departamento">
          {report.byDepartment.length > 0 && (
            <DepartmentChart rows={report.byDepartment} title="Processos por departamento" />
          )}
          <DepartmentTable rows={report.byDepartment} label="Processos por departamento" />
        </ReportSection>
        <ReportSection title="Processos por Mês">
          {report.processesByMonth.length > 0 && <MonthChart months={report.processesByMonth} />}
          <Table
            label="Processos por mês"
            columns={[
              { id: 'month', header: 'Mês', cell: (m) => monthLabel(m.month), isRowHeader: true },
              { id: 'count', header: 'Quantidade', cell: (m) => formatNumber(m.count), align: 'end', width: '9rem' },
            ]}
            rows={report.processesByMonth}
            rowKey={(m) => m.month}
            emptyText={EMPTY_TABLE_TEXT}
          />
        </ReportSection>
      </div>
    </>
  );
}
