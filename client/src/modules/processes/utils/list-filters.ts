import { PROCESS_PERIODS, PROCESS_STATUSES, type ProcessListQuery, type ProcessPeriod } from '@contracts';

/** The filters of /processes, as the screen holds them ('' = no filter). */
export interface ProcessFilters {
  q: string;
  status: string;
  department: string;
  period: ProcessPeriod;
  aging: boolean;
}

export const EMPTY_FILTERS: ProcessFilters = { q: '', status: '', department: '', period: 'all', aging: false };

/** 'concluido' (the dashboard link) means 'concluído'; unknown values are ignored. */
function normaliseStatus(value: string | null): string {
  if (!value) return '';
  const status = value.trim().toLowerCase() === 'concluido' ? 'concluído' : value.trim().toLowerCase();
  return (PROCESS_STATUSES as readonly string[]).includes(status) ? status : '';
}

/** Filters from the page URL: ?status=concluido, ?aging=true and ?q= (header search). */
export function filtersFromSearch(search: string): ProcessFilters {
  const params = new URLSearchParams(search);
  const period = params.get('period');
  return {
    q: params.get('q')?.trim() ?? '',
    status: normaliseStatus(params.get('status')),
    department: params.get('department') ?? '',
    period: (PROCESS_PERIODS as readonly string[]).includes(period ?? '') ? (period as ProcessPeriod) : 'all',
    aging: params.get('aging') === 'true',
  };
}

export function hasActiveFilters(filters: ProcessFilters): boolean {
  return Boolean(filters.q || filters.status || filters.department || filters.period !== 'all' || filters.aging);
}

/** The API query of GET /processes; the department filter is sent for admins only. */
export function toListQuery(filters: ProcessFilters, isAdmin: boolean, page: number, limit: number): ProcessListQuery {
  return {
    q: filters.q.trim() || undefined,
    status: filters.status || undefined,
    department: isAdmin && filters.department ? filters.department : undefined,
    period: filters.period === 'all' ? undefined : filters.period,
    aging: filters.aging ? 'true' : undefined,
    page,
    limit,
  };
}
