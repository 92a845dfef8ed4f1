import { DEADLINE_KIND_LABELS } from '#server/contracts/deadlines';
import { PROCESS_STATUS_LABELS } from '#server/contracts/processes';
import {
  type DeadlineReportCalendar,
  mayPickReportUsers,
  type ReportFilters,
  type ReportType,
} from '#server/contracts/reports';
import {
  DEADLINE_DELAY_SQL,
  DEADLINE_DEPARTMENT_SQL,
  DEADLINE_MET_LATE_SQL,
  DEADLINE_REPORT_FROM,
  deadlineReportScope,
} from './deadline-report';
import { mayReadFullUserList } from '#server/contracts/users';
import { countActiveSql, countCompletedSql } from '#server/domain/processes/status-figures';
import {
  AVERAGE_COMPLETION_SQL,
  COMPLETION_DAYS_SQL,
  departmentIs,
  DOCUMENT_TYPE_SQL,
  documentScope,
  FINALIZED_AT_SQL,
  HAS_REQUESTER,
  processScope,
  REQUESTER_ID,
  REQUESTER_JOINS,
  type ReportViewer,
  SqlScope,
} from './report-scope';

/** How a detail column is written: text, a whole number, a decimal, a date and time, a size in bytes. */
export type DetailColumnKind = 'text' | 'integer' | 'decimal' | 'date' | 'bytes';

export interface DetailColumn {
  header: string;
  kind: DetailColumnKind;
  /** Column width in characters (spreadsheet). */
  width: number;
}

/**
 * The detail table of a report: one row per process, document, user or requester in the period,
 * with the columns a manager filters on. `sql` selects them in column order, aliased c0, c1, …
 * (labels already in pt-BR), with the same visibility and filters as the report's figures.
 */
export interface ReportDetailQuery {
  title: string;
  columns: DetailColumn[];
  sql: string;
  params: Record<string, unknown>;
}

const yesNo = (expression: string) => `CASE WHEN ${expression} THEN 'Sim' ELSE 'Não' END`;
/** A label of a constant table, as SQL (the labels are constants, never input). */
const labelOf = (column: string, labels: Record<string, string>) =>
  `CASE ${column} ${Object.entries(labels)
    .map(([key, label]) => `WHEN '${key}' THEN '${label}'`)
    .join(' ')} ELSE ${column} END`;

/** A process status as the screens write it ('Pendente'). */
const statusLabel = (column: string) => labelOf(column, PROCESS_STATUS_LABELS);
const select = (expressions: string[]) => expressions.map((e, i) => `${e} AS c${i}`).join(',\n       ');

/**
 * The detail rows of a report for `viewer` (the same rules as ReportsService's figures; days in
 * `timeZone`); the deadlines report also needs the calendar its figures were computed with.
 */
export function reportDetailQuery(
  type: ReportType,
  viewer: ReportViewer,
  filters: ReportFilters,
  timeZone: string,
  calendar?: DeadlineReportCalendar,
): ReportDetailQuery {
  switch (type) {
    case 'processes': {
      const scope = processScope(viewer, filters, timeZone);
      return {
        title: 'Detalhamento dos Processos',
        columns: [
          { header: 'Número', kind: 'text', width: 22 },
          { header: 'Assunto', kind: 'text', width: 40 },
          { header: 'Status', kind: 'text', width: 14 },
          { header: 'Departamento Atual', kind: 'text', width: 22 },
          { header: 'Departamento de Origem', kind: 'text', width: 22 },
          { header: 'Solicitante', kind: 'text', width: 28 },
          { header: 'Sigiloso', kind: 'text', width: 10 },
          { header: 'Criado em', kind: 'date', width: 18 },
          { header: 'Concluído em', kind: 'date', width: 18 },
          { header: 'Dias até a Conclusão', kind: 'decimal', width: 12 },
        ],
        sql: `SELECT ${select([
          'p.id',
          'p.subject',
          statusLabel('p.status'),
          'p.current_department',
          'p.origin_department',
          'COALESCE(er.name, ru.name)',
          yesNo('p.confidential'),
          'p.created_at',
          `CASE WHEN p.status = 'concluído' THEN ${FINALIZED_AT_SQL} END`,
          `CASE WHEN p.status = 'concluído' THEN round((${COMPLETION_DAYS_SQL})::numeric, 1)::float8 END`,
        ])}
  FROM processes p ${REQUESTER_JOINS}
 WHERE ${scope.sql}
 ORDER BY p.created_at, p.id`,
        params: scope.params,
      };
    }
    case 'documents': {
      const scope = documentScope(viewer, filters, timeZone);
      return {
        title: 'Detalhamento dos Documentos',
        columns: [
          { header: 'Protocolo', kind: 'text', width: 18 },
          { header: 'Título', kind: 'text', width: 40 },
          { header: 'Tipo', kind: 'text', width: 10 },
          { header: 'Status', kind: 'text', width: 12 },
          { header: 'Departamento', kind: 'text', width: 22 },
          { header: 'Criado por', kind: 'text', width: 28 },
          { header: 'Sigiloso', kind: 'text', width: 10 },
          { header: 'Criado em', kind: 'date', width: 18 },
          { header: 'Tamanho (bytes)', kind: 'bytes', width: 16 },
        ],
        sql: `SELECT ${select([
          'd.protocol_number',
          'd.title',
          `COALESCE(upper(${DOCUMENT_TYPE_SQL}), 'Desconhecido')`,
          'd.status',
          'd.department',
          'cu.name',
          yesNo('d.confidential'),
          'd.created_at',
          'f.size_bytes::float8',
        ])}
  FROM documents d JOIN stored_files f ON f.id = d.file_id LEFT JOIN users cu ON cu.id = d.created_by
 WHERE ${scope.sql}
 ORDER BY d.created_at, d.id`,
        params: scope.params,
      };
    }
    case 'users':
      return usersDetail(viewer, filters, timeZone);
    case 'deadlines': {
      if (!calendar) throw new Error('O relatório de prazos precisa do calendário com que foi calculado.');
      const scope = deadlineReportScope(viewer, filters, timeZone, calendar);
      return {
        title: 'Detalhamento dos Prazos',
        columns: [
          { header: 'Número', kind: 'text', width: 22 },
          { header: 'Assunto', kind: 'text', width: 40 },
          { header: 'Tipo de Prazo', kind: 'text', width: 20 },
          { header: 'Departamento Responsável', kind: 'text', width: 24 },
          { header: 'Sigiloso', kind: 'text', width: 10 },
          { header: 'Vencimento', kind: 'text', width: 12 },
          { header: 'Cumprido em', kind: 'date', width: 18 },
          { header: 'Situação', kind: 'text', width: 20 },
          { header: 'Atraso (dias úteis)', kind: 'integer', width: 12 },
        ],
        sql: `SELECT ${select([
          'p.id',
          'p.subject',
          labelOf('dl.kind', DEADLINE_KIND_LABELS),
          DEADLINE_DEPARTMENT_SQL,
          yesNo('p.confidential'),
          `to_char(dl.due_date, 'DD/MM/YYYY')`,
          'dl.met_at',
          `CASE WHEN dl.status = 'open' THEN 'Vencido' WHEN ${DEADLINE_MET_LATE_SQL} THEN 'Cumprido com atraso' ELSE 'Cumprido no prazo' END`,
          DEADLINE_DELAY_SQL,
        ])}
  FROM ${DEADLINE_REPORT_FROM}
 WHERE ${scope.sql}
 ORDER BY dl.due_date, p.id, dl.id`,
        params: scope.params,
      };
    }
    case 'requesters': {
      const scope = processScope(viewer, filters, timeZone).add({ sql: HAS_REQUESTER, params: {} });
      return {
        title: 'Detalhamento dos Solicitantes',
        columns: [
          { header: 'Nome', kind: 'text', width: 30 },
          { header: 'Tipo', kind: 'text', width: 10 },
          { header: 'Departamento', kind: 'text', width: 22 },
          { header: 'E-mail', kind: 'text', width: 30 },
          { header: 'Solicitações', kind: 'integer', width: 12 },
          { header: 'Concluídos', kind: 'integer', width: 12 },
          { header: 'Em Andamento', kind: 'integer', width: 12 },
          { header: 'Média de Dias', kind: 'decimal', width: 12 },
          { header: 'Primeira Solicitação', kind: 'date', width: 18 },
          { header: 'Última Solicitação', kind: 'date', width: 18 },
        ],
        sql: `SELECT ${select([
          `COALESCE(min(COALESCE(er.name, ru.name)), 'Nome não disponível')`,
          `CASE WHEN bool_or(p.requester_external_id IS NOT NULL) THEN 'Externo' ELSE 'Interno' END`,
          `COALESCE(min(COALESCE(er.department, ru.department)), 'Não especificado')`,
          `COALESCE(min(COALESCE(er.email, ru.email)), 'Não informado')`,
          'count(*)::int',
          countCompletedSql('p.status'),
          countActiveSql('p.status'),
          AVERAGE_COMPLETION_SQL,
          'min(p.created_at)',
          'max(p.created_at)',
        ])}
  FROM processes p ${REQUESTER_JOINS}
 WHERE ${scope.sql}
 GROUP BY ${REQUESTER_ID}
 ORDER BY c4 DESC, c0, ${REQUESTER_ID}`,
        params: scope.params,
      };
    }
  }
}

/**
 * The users detail shows what the same person's screen and API may show (README › Reports): someone
 * who may pick only themself gets only their own row; Chefia outside Gabinete may open anyone's
 * report detail but reads staff only through lookup fields, so gets no login names nor levels.
 */
function usersDetail(viewer: ReportViewer, filters: ReportFilters, timeZone: string): ReportDetailQuery {
  const people = new SqlScope().add(departmentIs('u.department', filters.department));
  if (!mayPickReportUsers(viewer)) people.add({ sql: 'u.id = :reportSelf', params: { reportSelf: viewer.id } });
  const staffFields = mayReadFullUserList(viewer) || !mayPickReportUsers(viewer);
  const seen = processScope(viewer, filters, timeZone, false);
  const columns: (DetailColumn & { sql: string; staff?: true })[] = [
    { header: 'Nome', kind: 'text', width: 30, sql: 'u.name' },
    { header: 'Usuário', kind: 'text', width: 18, sql: 'u.username', staff: true },
    { header: 'Departamento', kind: 'text', width: 22, sql: 'u.department' },
    { header: 'Nível', kind: 'text', width: 14, sql: 'u.level', staff: true },
    {
      header: 'Perfil',
      kind: 'text',
      width: 14,
      sql: `CASE WHEN u.role = 'admin' THEN 'Administrador' ELSE 'Usuário' END`,
    },
    { header: 'Status', kind: 'text', width: 10, sql: `CASE WHEN u.status = 'active' THEN 'Ativo' ELSE 'Inativo' END` },
    { header: 'Processos Criados', kind: 'integer', width: 12, sql: 'COALESCE(c.n, 0)' },
    { header: 'Como Solicitante', kind: 'integer', width: 12, sql: 'COALESCE(r.n, 0)' },
    { header: 'Atividade Total', kind: 'integer', width: 12, sql: 'COALESCE(c.n, 0) + COALESCE(r.n, 0)' },
  ];
  const shown = columns.filter((column) => staffFields || !column.staff);
  return {
    title: 'Detalhamento dos Usuários',
    columns: shown.map(({ header, kind, width }) => ({ header, kind, width })),
    sql: `WITH seen AS (SELECT p.created_by, p.requester_user_id FROM processes p WHERE ${seen.sql}),
     created AS (SELECT created_by AS id, count(*)::int AS n FROM seen GROUP BY 1),
     requested AS (SELECT requester_user_id AS id, count(*)::int AS n FROM seen WHERE requester_user_id IS NOT NULL GROUP BY 1)
SELECT ${select(shown.map((column) => column.sql))}
  FROM users u LEFT JOIN created c ON c.id = u.id LEFT JOIN requested r ON r.id = u.id
 WHERE ${people.sql}
 ORDER BY u.name, u.id`,
    params: { ...people.params, ...seen.params },
  };
}
