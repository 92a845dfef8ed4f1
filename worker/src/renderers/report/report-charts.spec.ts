import { reportCharts } from './report-charts';

describe('reportCharts (server-side SVG)', () => {
  it('draws the by-month bars and the by-department doughnut of the processes report as SVG', () => {
    const charts = reportCharts({
      type: 'processes',
      report: {
        totalProcesses: 5,
        completed: 2,
        inProgress: 3,
        averageCompletionTime: 4.5,
        byDepartment: [
          { department: 'Jurídico', count: 3 },
          { department: 'Gabinete', count: 2 },
        ],
        processesByMonth: [
          { month: '2026-09', count: 2 },
          { month: '2026-10', count: 3 },
        ],
      },
    });
    expect(charts.map((c) => c.title)).toEqual(['Processos por Mês', 'Processos por Departamento']);
    for (const chart of charts) expect(chart.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect(charts[0].svg).toContain('set/2026');
    expect(charts[0].svg).not.toContain('2026-09');
    expect(charts[1].svg).toContain('Jurídico');
  });

  it('draws nothing for the documents report or empty data', () => {
    expect(reportCharts({ type: 'documents', report: { totalDocuments: 0, byType: [], largestFiles: [] } })).toEqual(
      [],
    );
    expect(
      reportCharts({
        type: 'requesters',
        report: { totalRequesters: 0, totalRequests: 0, topRequesters: [], departmentDistribution: [] },
      }),
    ).toEqual([]);
  });
});
