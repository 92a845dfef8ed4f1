import { ACTIVE_PROCESS_STATUS, COMPLETED_PROCESS_STATUS, type ProcessStatus } from '#server/contracts/processes';

/**
 * The SQL counts behind 'Em Andamento' / 'Processos Ativos' and 'Concluídos': one definition for
 * the dashboard aggregates, the process list's cards, the reports and their exports (README ›
 * Dashboard). `column` is the status column, e.g. `p.status`.
 */
export const countStatusSql = (column: string, status: ProcessStatus) =>
  `count(*) FILTER (WHERE ${column} = '${status}')::int`;
export const countActiveSql = (column: string) => countStatusSql(column, ACTIVE_PROCESS_STATUS);
export const countCompletedSql = (column: string) => countStatusSql(column, COMPLETED_PROCESS_STATUS);
