import { monthLabel } from '#server/contracts/dates';
import { PROCESS_STATUS_LABELS } from '#server/contracts/processes';
import type {
  DeadlineFigures,
  ReportFilters,
  ReportPayload,
  ReportRecentProcess,
  ReportCount,
} from '#server/contracts/reports';

/**
 * A cell: text, a whole number, a decimal written with one digit (every value of a column alike,
 * as the screen writes them), a date (ISO 8601 → a real date), a size in bytes, or nothing.
 */
export type Cell = string | number | null | { date: string } | { bytes: number } | { decimal: number };

export interface ReportTable {
  title: string;
  headers: string[];
  rows: Cell[][];
}

/** What both renderers (PDF and XLSX) print: the same titles, figures and tables. */
export interface ReportLayout {
  title: string;
  summary: [label: string, value: Cell][];
  /** Facts of a detail block (user or requester), shown under the summary. */
  details: [label: string, value: Cell][];
  tables: ReportTable[];
}

const TITLES = {
  processes: 'Relatório de Processos',
  documents: 'Relatório de Documentos',
  users: 'Relatório de Usuários',
  requesters: 'Relatório de Solicitantes',
  deadlines: 'Relatório de Cumprimento de Prazos',
} as const;

const NO_DEPARTMENT = 'Não especificado';
const days = (n: number | null): Cell => (n === null ? 'N/A' : { decimal: n });

/** The columns of a deadlines table after its first one (department or month). */
const DEADLINE_HEADERS = ['Total', 'No Prazo', 'Com Atraso', 'Vencidos', 'No Prazo (%)', 'Atraso Médio (dias úteis)'];
const deadlineCells = (f: DeadlineFigures): Cell[] => [
  f.total,
  f.metOnTime,
  f.metLate,
  f.overdue,
  days(f.onTimeRate),
  days(f.averageDelay),
];

const departmentTable = (title: string, rows: ReportCount[]): ReportTable => ({
  title,
  headers: ['Departamento', 'Quantidade'],
  rows: rows.map((r) => [r.department || NO_DEPARTMENT, r.count]),
});

const recentTable = (rows: ReportRecentProcess[]): ReportTable => ({
  title: 'Processos Recentes',
  headers: ['Número', 'Assunto', 'Status', 'Departamento', 'Data'],
  rows: rows.map((p) => [p.id, p.subject, PROCESS_STATUS_LABELS[p.status], p.department, { date: p.date }]),
});

/** The filters in words, for the header of the file. */
export function filterLines(filters: ReportFilters): [string, string][] {
  const day = (iso: string) => iso.split('-').reverse().join('/');
  return [
    [
      'Período',
      filters.startDate || filters.endDate
        ? `${filters.startDate ? day(filters.startDate) : '…'} a ${filters.endDate ? day(filters.endDate) : '…'}`
        : 'Todo o período',
    ],
    ['Departamento', filters.department ?? 'Todos'],
  ];
}

export function reportLayout(payload: ReportPayload): ReportLayout {
  const title = TITLES[payload.type];
  switch (payload.type) {
    case 'processes': {
      const r = payload.report;
      return {
        title,
        summary: [
          ['Total', r.totalProcesses],
          ['Concluídos', r.completed],
          ['Em Andamento', r.inProgress],
          ['Tempo Médio (dias)', days(r.averageCompletionTime)],
        ],
        details: [],
        tables: [
          departmentTable('Processos por Departamento', r.byDepartment),
          {
            title: 'Processos por Mês',
            headers: ['Mês', 'Quantidade'],
            rows: r.processesByMonth.map((m) => [monthLabel(m.month), m.count]),
          },
        ],
      };
    }
    case 'documents': {
      const r = payload.report;
      return {
        title,
        summary: [['Total de Documentos', r.totalDocuments]],
        details: [],
        tables: [
          {
            title: 'Documentos por Tipo',
            headers: ['Tipo', 'Quantidade'],
            rows: r.byType.map((t) => [t.type ? t.type.toUpperCase() : 'Desconhecido', t.count]),
          },
          {
            title: 'Maiores Arquivos',
            headers: ['Nome', 'Tamanho'],
            rows: r.largestFiles.map((f) => [f.name || 'Sem nome', { bytes: f.size }]),
          },
        ],
      };
    }
    case 'users': {
      const r = payload.report;
      const d = r.userDetail;
      return {
        title,
        summary: [
          ['Total de Usuários', r.totalUsers],
          ['Usuários Ativos', r.activeUsers],
        ],
        details: d
          ? [
              ['Usuário', d.name],
              ['Departamento', d.department],
              ['E-mail', d.email],
              ['Perfil', d.role === 'admin' ? 'Administrador' : 'Usuário'],
              ['Status', d.active ? 'Ativo' : 'Inativo'],
              ['Processos Criados', d.metrics.createdProcesses],
              ['Como Solicitante', d.metrics.requestedProcesses],
              ['Processos Sigilosos', d.metrics.confidentialProcesses],
              ['Atividade Total', d.metrics.totalActivity],
            ]
          : [],
        tables: [
          ...(d ? [recentTable(d.recentProcesses)] : []),
          departmentTable('Usuários por Departamento', r.byDepartment),
          {
            title: 'Usuários Mais Ativos',
            headers: ['Nome', 'Departamento', 'Criados', 'Como Solicitante', 'Total'],
            rows: r.mostActive.map((u) => [
              u.name,
              u.department,
              u.createdProcesses,
              u.requestedProcesses,
              u.processCount,
            ]),
          },
        ],
      };
    }
    case 'requesters': {
      const r = payload.report;
      const d = r.requesterDetail;
      return {
        title,
        summary: [
          ['Total de Solicitantes', r.totalRequesters],
          ['Solicitações no Período', r.totalRequests],
        ],
        details: d
          ? [
              ['Solicitante', d.name || 'Nome não disponível'],
              ['Departamento', d.department || NO_DEPARTMENT],
              ['E-mail', d.email || 'Não informado'],
              ['Tipo', d.isExternal ? 'Externo' : 'Usuário do Sistema'],
              ['Solicitações', d.requestCount],
              ['Concluídos', d.statusBreakdown.completed],
              ['Em Andamento', d.statusBreakdown.inProgress],
              ['Média de Dias', days(d.averageCompletionDays)],
            ]
          : [],
        tables: [
          ...(d ? [departmentTable('Principais Departamentos', d.topDepartments), recentTable(d.recentProcesses)] : []),
          {
            title: 'Principais Solicitantes',
            headers: ['Nome', 'Departamento', 'Tipo', 'Solicitações'],
            rows: r.topRequesters.map((q) => [
              q.name || 'Nome não disponível',
              q.department || NO_DEPARTMENT,
              q.isExternal ? 'Externo' : 'Interno',
              q.requestCount,
            ]),
          },
          departmentTable('Solicitações por Departamento', r.departmentDistribution),
        ],
      };
    }
    case 'deadlines': {
      const r = payload.report;
      return {
        title,
        summary: [
          ['Prazos Apurados', r.total],
          ['Cumpridos no Prazo', r.metOnTime],
          ['Cumpridos com Atraso', r.metLate],
          ['Vencidos em Aberto', r.overdue],
          ['Cumprimento no Prazo (%)', days(r.onTimeRate)],
          ['Atraso Médio (dias úteis)', days(r.averageDelay)],
        ],
        details: [['Situação em', r.today.split('-').reverse().join('/')]],
        tables: [
          {
            title: 'Prazos por Departamento Responsável',
            headers: ['Departamento', ...DEADLINE_HEADERS],
            rows: r.byDepartment.map((d) => [d.department || NO_DEPARTMENT, ...deadlineCells(d)]),
          },
          {
            title: 'Prazos por Mês',
            headers: ['Mês', ...DEADLINE_HEADERS],
            rows: r.byMonth.map((m) => [monthLabel(m.month), ...deadlineCells(m)]),
          },
        ],
      };
    }
  }
}
