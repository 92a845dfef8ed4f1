import type { AuditStatEntry } from '@contracts';
import type { EChartsOption } from 'echarts';

export const NOT_INFORMED = 'Não informado';

export type StatLabels = Partial<Record<string, string>>;

/** Horizontal bars; the axis ends at the largest count, so each bar is relative to it (docs/audit.md#logs-screen). */
export function statBarsOption(entries: readonly AuditStatEntry[], labels: StatLabels = {}): EChartsOption {
  const names = entries.map((e) => (e._id === null ? NOT_INFORMED : (labels[e._id] ?? e._id)));
  const largest = Math.max(1, ...entries.map((e) => e.count));
  return {
    grid: { left: 8, right: 48, top: 8, bottom: 8, containLabel: true },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    xAxis: { type: 'value', max: largest, minInterval: 1, show: false },
    yAxis: { type: 'category', data: names, inverse: true },
    series: [
      {
        type: 'bar',
        data: entries.map((e) => e.count),
        label: { show: true, position: 'right' },
        itemStyle: { color: '#1f5fbf' },
      },
    ],
  };
}
