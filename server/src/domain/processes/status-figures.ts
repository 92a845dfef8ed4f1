import { ACTIVE_PROCESS_STATUS, COMPLETED_PROCESS_STATUS } from '#server/contracts/processes';

/**
 * The SQL counts behind 'Em Andamento' / 'Processos Ativos' and 'Concluídos': one definition for
 * the dashboard aggregates, the process list's cards, the reports and their exports (README ›
 * Dashboard). `column` is the status column, e.g. `p.status`.
 */
export const countActiveSql = (column: string) => `count(*) FILTER (WHERE ${column} = '${ACTIVE_PROCESS_STATUS}')::int`;
export const countCompletedSql = (column: string) =>
  `count(*) FILTER (WHERE ${column} = '${COMPLETED_PROCESS_STATUS}')::int`;
