import * as echarts from 'echarts';
import { monthLabel } from '#server/contracts/dates';
import type { ReportCount, ReportPayload } from '#server/contracts/reports';

export interface ChartSvg {
  title: string;
  svg: string;
}

const WIDTH = 680;
const HEIGHT = 280;

/** One chart rendered on the server as an SVG string (no DOM, no animation, nothing fetched). */
function renderSvg(option: echarts.EChartsOption): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: WIDTH, height: HEIGHT });
  try {
    chart.setOption({ animation: false, ...option });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}

function departmentPie(title: string, rows: ReportCount[]): ChartSvg {
  return {
    title,
    svg: renderSvg({
      legend: { orient: 'vertical', right: 10, top: 'middle' },
      series: [
        {
          type: 'pie',
          radius: ['40%', '70%'],
          center: ['35%', '50%'],
          label: { formatter: '{c}' },
          data: rows.map((r) => ({ name: r.department || 'Não especificado', value: r.count })),
        },
      ],
    }),
  };
}

/** The charts of a report's PDF: the screen's by-month and by-department charts. */
export function reportCharts(payload: ReportPayload): ChartSvg[] {
  switch (payload.type) {
    case 'processes': {
      const { processesByMonth, byDepartment } = payload.report;
      const charts: ChartSvg[] = [];
      if (processesByMonth.length) {
        charts.push({
          title: 'Processos por Mês',
          svg: renderSvg({
            grid: { left: 40, right: 16, top: 16, bottom: 28 },
            xAxis: { type: 'category', data: processesByMonth.map((m) => monthLabel(m.month)) },
            yAxis: { type: 'value', minInterval: 1 },
            series: [{ type: 'bar', data: processesByMonth.map((m) => m.count), itemStyle: { color: '#0066cc' } }],
          }),
        });
      }
      if (byDepartment.length) charts.push(departmentPie('Processos por Departamento', byDepartment));
      return charts;
    }
    case 'users':
      return payload.report.byDepartment.length
        ? [departmentPie('Usuários por Departamento', payload.report.byDepartment)]
        : [];
    case 'requesters':
      return payload.report.departmentDistribution.length
        ? [departmentPie('Solicitações por Departamento', payload.report.departmentDistribution)]
        : [];
    case 'documents':
      return [];
    case 'deadlines': {
      const { byMonth } = payload.report;
      if (!byMonth.length) return [];
      const series = [
        { name: 'No prazo', color: '#16a34a', values: byMonth.map((m) => m.metOnTime) },
        { name: 'Com atraso', color: '#d97706', values: byMonth.map((m) => m.metLate) },
        { name: 'Vencidos', color: '#dc2626', values: byMonth.map((m) => m.overdue) },
      ];
      return [
        {
          title: 'Cumprimento de Prazos por Mês',
          svg: renderSvg({
            grid: { left: 40, right: 16, top: 32, bottom: 28 },
            legend: { top: 0 },
            xAxis: { type: 'category', data: byMonth.map((m) => monthLabel(m.month)) },
            yAxis: { type: 'value', minInterval: 1 },
            series: series.map((s) => ({
              type: 'bar',
              stack: 'prazos',
              name: s.name,
              data: s.values,
              itemStyle: { color: s.color },
            })),
          }),
        },
      ];
    }
  }
}
