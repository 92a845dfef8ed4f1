import { type DeadlineFigures, type DeadlinesReport, monthLabel } from '@contracts';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { formatNumber } from '@/lib/format';
import { EChart } from '@/ui/EChart';
import { Table, type TableColumn } from '@/ui/Table';
import { businessDaysLabel, NO_DEPARTMENT, percentLabel } from '../utils/report-labels';
import { EMPTY_TABLE_TEXT } from './CountTables';
import { ReportSection } from './ReportSection';
import { SummaryCards } from './SummaryCards';

/** The figure columns of both tables, after the department or the month. */
function figureColumns<T extends DeadlineFigures>(): TableColumn<T>[] {
  const number = (id: keyof DeadlineFigures, header: string): TableColumn<T> => ({
    id,
    header,
    cell: (row) => formatNumber(row[id] ?? 0),
    align: 'end',
    width: '7rem',
  });
  return [
    number('total', 'Total'),
    number('metOnTime', 'No Prazo'),
    number('metLate', 'Com Atraso'),
    number('overdue', 'Vencidos'),
    {
      id: 'onTimeRate',
      header: 'No Prazo (%)',
      cell: (row) => percentLabel(row.onTimeRate),
      align: 'end',
      width: '8rem',
    },
    {
      id: 'averageDelay',
      header: 'Atraso Médio',
      cell: (row) => businessDaysLabel(row.averageDelay),
      align: 'end',
      width: '9rem',
    },
  ];
}

/** Met on time, late and overdue per month, as stacked bars (green, amber, red). */
function DeadlinesMonthChart({ months }: { months: DeadlinesReport['byMonth'] }) {
  const option = useMemo<EChartsOption>(
    () => ({
      grid: { left: 40, right: 16, top: 36, bottom: 28 },
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      xAxis: { type: 'category', data: months.map((m) => monthLabel(m.month)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: 'No prazo', key: 'metOnTime', color: '#16a34a' },
        { name: 'Com atraso', key: 'metLate', color: '#d97706' },
        { name: 'Vencidos', key: 'overdue', color: '#dc2626' },
      ].map((s) => ({
        type: 'bar' as const,
        stack: 'prazos',
        name: s.name,
        data: months.map((m) => m[s.key as 'metOnTime' | 'metLate' | 'overdue']),
        itemStyle: { color: s.color },
      })),
    }),
    [months],
  );
  return (
    <EChart
      option={option}
      height={280}
      ariaLabel={`Cumprimento de prazos por mês, ${months.length} meses`}
      className="report-chart"
    />
  );
}

/** 'Cumprimento de Prazos' (docs/deadlines.md#dashboard-card-and-report). */
export function DeadlinesReportView({ report }: { report: DeadlinesReport }) {
  return (
    <>
      <SummaryCards
        items={[
          { label: 'Prazos Apurados', value: formatNumber(report.total) },
          { label: 'Cumpridos no Prazo', value: formatNumber(report.metOnTime) },
          { label: 'Cumpridos com Atraso', value: formatNumber(report.metLate) },
          { label: 'Vencidos em Aberto', value: formatNumber(report.overdue) },
          { label: 'Cumprimento no Prazo', value: percentLabel(report.onTimeRate) },
          { label: 'Atraso Médio', value: businessDaysLabel(report.averageDelay) },
        ]}
      />
      <p className="report-note">
        Prazos cumpridos no período e prazos vencidos ainda em aberto, situação em{' '}
        {report.today.split('-').reverse().join('/')}.
      </p>
      <div className="report-grid">
        <ReportSection title="Prazos por Departamento Responsável">
          <Table
            label="Prazos por departamento responsável"
            columns={[
              {
                id: 'department',
                header: 'Departamento',
                cell: (d) => d.department || NO_DEPARTMENT,
                isRowHeader: true,
              },
              ...figureColumns<DeadlinesReport['byDepartment'][number]>(),
            ]}
            rows={report.byDepartment}
            rowKey={(d) => d.department}
            emptyText={EMPTY_TABLE_TEXT}
          />
        </ReportSection>
        <ReportSection title="Prazos por Mês">
          {report.byMonth.length > 0 && <DeadlinesMonthChart months={report.byMonth} />}
          <Table
            label="Prazos por mês"
            columns={[
              { id: 'month', header: 'Mês', cell: (m) => monthLabel(m.month), isRowHeader: true },
              ...figureColumns<DeadlinesReport['byMonth'][number]>(),
            ]}
            rows={report.byMonth}
            rowKey={(m) => m.month}
            emptyText={EMPTY_TABLE_TEXT}
          />
        </ReportSection>
      </div>
    </>
  );
}
