import type { DashboardActivityPoint } from '@contracts';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { Card } from '@/ui/Card';
import { EChart } from '@/ui/EChart';
import { ACTIVITY_DAYS, ACTIVITY_DAYS_MOBILE, dayLabel, lastDays } from '../utils/dashboard-view';
import { SampleDataBadge } from './SampleDataBadge';

export interface ActivityChartProps {
  activity: DashboardActivityPoint[];
  mobile: boolean;
  sample: boolean;
}

/** Process activity (history entries) per day: 30 days, 14 under 768 px (docs/dashboard.md#screen). */
export function ActivityChart({ activity, mobile, sample }: ActivityChartProps) {
  const days = mobile ? ACTIVITY_DAYS_MOBILE : ACTIVITY_DAYS;
  const points = lastDays(activity, days);
  const option = useMemo<EChartsOption>(
    () => ({
      grid: { left: 36, right: 16, top: 16, bottom: 28 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: points.map((p) => dayLabel(p.date)), boundaryGap: false },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          type: 'line',
          name: 'Atividades',
          smooth: true,
          areaStyle: { opacity: 0.15 },
          data: points.map((p) => p.count),
        },
      ],
    }),
    [points],
  );
  return (
    <Card
      title={`Atividade dos Últimos ${days} Dias`}
      className="dashboard-chart"
      actions={sample ? <SampleDataBadge /> : undefined}
    >
      <EChart
        option={option}
        height={260}
        ariaLabel={`Atividades por dia nos últimos ${days} dias${sample ? ' (dados de exemplo)' : ''}`}
      />
    </Card>
  );
}
