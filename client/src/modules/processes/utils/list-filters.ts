import {
  DEADLINE_FILTERS,
  PROCESS_LIST_SORTS,
  PROCESS_PERIODS,
  PROCESS_STATUSES,
  type DeadlineFilter,
  type ProcessListQuery,
  type ProcessListSort,
  type ProcessPeriod,
} from '@contracts';

/** The filters of /processes, as the screen holds them ('' = no filter). */
export interface ProcessFilters {
  q: string;
  status: string;
  department: string;
  period: ProcessPeriod;
  aging: boolean;
  /** By the deadline shown (docs/deadlines.md#filters); '' = all. */
  deadline: DeadlineFilter | '';
  sort: ProcessListSort;
}

export const EMPTY_FILTERS: ProcessFilters = {
  q: '',
  status: '',
  department: '',
  period: 'all',
  aging: false,
  deadline: '',
  sort: 'updated',
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): value is T =>
  (values as readonly string[]).includes(value ?? '');

/** 'concluido' (the dashboard link) means 'concluído'; unknown values are ignored. */
function normaliseStatus(value: string | null): string {
  if (!value) return '';
  const status = value.trim().toLowerCase() === 'concluido' ? 'concluído' : value.trim().toLowerCase();
  return (PROCESS_STATUSES as readonly string[]).includes(status) ? status : '';
}

/**
 * Filters from the page URL: ?status=concluido, ?aging=true and ?q= (header search), ?deadline=overdue
 * (the dashboard's 'Prazos' card) and ?sort=deadline; unknown values are ignored.
 */
export function filtersFromSearch(search: string): ProcessFilters {
  const params = new URLSearchParams(search);
  const period = params.get('period');
  const deadline = params.get('deadline');
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    status: normaliseStatus(params.get('status')),
    department: params.get('department') ?? '',
    period: oneOf(PROCESS_PERIODS, period) ? period : 'all',
    aging: params.get('aging') === 'true',
    deadline: oneOf(DEADLINE_FILTERS, deadline) ? deadline : '',
    sort: oneOf(PROCESS_LIST_SORTS, sort) ? sort : 'updated',
  };
}

/** The page URL's query of `filters` (the inverse of filtersFromSearch; defaults left out). */
export function searchFromFilters(filters: ProcessFilters): string {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.status) params.set('status', filters.status);
  if (filters.department) params.set('department', filters.department);
  if (filters.period !== 'all') params.set('period', filters.period);
  if (filters.aging) params.set('aging', 'true');
  if (filters.deadline) params.set('deadline', filters.deadline);
  if (filters.sort !== 'updated') params.set('sort', filters.sort);
  return params.toString();
}

/** Any filter narrowing the list (the sort is none). */
export function hasActiveFilters(filters: ProcessFilters): boolean {
  return Boolean(
    filters.q || filters.status || filters.department || filters.period !== 'all' || filters.aging || filters.deadline,
  );
}

/** The API query of GET /processes; the department filter is sent for admins only. */
export function toListQuery(filters: ProcessFilters, isAdmin: boolean, page: number, limit: number): ProcessListQuery {
  return {
    q: filters.q.trim() || undefined,
    status: filters.status || undefined,
    department: isAdmin && filters.department ? filters.department : undefined,
    period: filters.period === 'all' ? undefined : filters.period,
    aging: filters.aging ? 'true' : undefined,
    deadline: filters.deadline || undefined,
    sort: filters.sort === 'updated' ? undefined : filters.sort,
    page,
    limit,
  };
}
