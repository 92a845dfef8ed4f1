import type { DashboardDepartmentSlice } from '@contracts';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { Card } from '@/ui/Card';
import { EChart } from '@/ui/EChart';
import { chartLabel, TOP_DEPARTMENTS, TOP_DEPARTMENTS_NARROW, topDepartments } from '../utils/dashboard-view';
import { SampleDataBadge } from './SampleDataBadge';

export interface DepartmentChartProps {
  slices: DashboardDepartmentSlice[];
  narrow: boolean;
  sample: boolean;
}

/** Processes per current department: top 5, top 3 under 576 px with short labels (docs/dashboard.md#screen). */
export function DepartmentChart({ slices, narrow, sample }: DepartmentChartProps) {
  const top = topDepartments(slices, narrow ? TOP_DEPARTMENTS_NARROW : TOP_DEPARTMENTS);
  const option = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      // Names live in the (wrapping) legend; slices show only their counts, so nothing is cut.
      legend: { bottom: 0, type: 'plain' },
      series: [
        {
          type: 'pie',
          name: 'Processos',
          radius: ['45%', '70%'],
          center: ['50%', '40%'],
          label: { position: 'inside', formatter: '{c}', color: '#fff', fontWeight: 'bold' },
          data: top.map((s) => ({ name: chartLabel(s.department, narrow), value: s.count })),
        },
      ],
    }),
    [top, narrow],
  );
  return (
    <Card
      title="Processos por Departamento"
      className="dashboard-chart"
      actions={sample ? <SampleDataBadge /> : undefined}
    >
      <EChart
        option={option}
        height={280}
        ariaLabel={`Distribuição dos processos pelos ${top.length} departamentos com mais processos${sample ? ' (dados de exemplo)' : ''}`}
      />
    </Card>
  );
}
