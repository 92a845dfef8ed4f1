import type { ReportCount } from '@contracts';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { EChart } from '@/ui/EChart';
import { monthLabel } from '@contracts';
import { NO_DEPARTMENT } from '../utils/report-labels';

/** Processes created per month, as bars. */
export function MonthChart({ months }: { months: { month: string; count: number }[] }) {
  const option = useMemo<EChartsOption>(
    () => ({
      grid: { left: 40, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: months.map((m) => monthLabel(m.month)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [{ type: 'bar', name: 'Processos', data: months.map((m) => m.count), itemStyle: { color: '#0066cc' } }],
    }),
    [months],
  );
  return (
    <EChart
      option={option}
      height={260}
      ariaLabel={`Processos por mês, ${months.length} meses`}
      className="report-chart"
    />
  );
}

/** A count per department, as a doughnut with the names in the legend. */
export function DepartmentChart({ rows, title }: { rows: ReportCount[]; title: string }) {
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, type: 'plain' },
      series: [
        {
          type: 'pie',
          name: title,
          radius: ['40%', '65%'],
          center: ['50%', '40%'],
          label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 'bold' },
          data: rows.map((r) => ({ name: r.department || NO_DEPARTMENT, value: r.count })),
        },
      ],
    }),
    [rows, title],
  );
  return (
    <EChart
      option={option}
      height={300}
      ariaLabel={`${title}, ${rows.length} departamentos`}
      className="report-chart"
    />
  );
}
