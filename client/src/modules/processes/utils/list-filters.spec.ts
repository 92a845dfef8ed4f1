import { filtersFromSearch, hasActiveFilters, searchFromFilters, toListQuery, EMPTY_FILTERS } from './list-filters';
import { statusBadgeClass } from './process-status';

describe('filtersFromSearch', () => {
  it('honours ?status=concluido, ?aging=true and ?q=', () => {
    expect(filtersFromSearch('?status=concluido&aging=true&q=%20calçada%20')).toEqual({
      ...EMPTY_FILTERS,
      q: 'calçada',
      status: 'concluído',
      aging: true,
    });
  });

  it('drops unknown status and period values', () => {
    expect(filtersFromSearch('?status=arquivado&period=year')).toEqual(EMPTY_FILTERS);
    expect(hasActiveFilters(EMPTY_FILTERS)).toBe(false);
  });
});

describe('the deadline filter and the sort in the URL', () => {
  it('opens /processes?deadline=overdue filtered and ?sort=deadline sorted; unknown values are ignored', () => {
    expect(filtersFromSearch('?deadline=overdue&sort=deadline')).toEqual({
      ...EMPTY_FILTERS,
      deadline: 'overdue',
      sort: 'deadline',
    });
    expect(filtersFromSearch('?deadline=late&sort=due')).toEqual(EMPTY_FILTERS);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, deadline: 'none' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_FILTERS, sort: 'deadline' })).toBe(false);
  });

  it('writes back exactly the filters that differ from the defaults', () => {
    expect(searchFromFilters(EMPTY_FILTERS)).toBe('');
    const filters = {
      ...EMPTY_FILTERS,
      q: ' praça ',
      status: 'pendente',
      deadline: 'due-soon' as const,
      sort: 'deadline' as const,
    };
    expect(searchFromFilters(filters)).toBe('q=pra%C3%A7a&status=pendente&deadline=due-soon&sort=deadline');
    expect(filtersFromSearch(searchFromFilters(filters))).toEqual({ ...filters, q: 'praça' });
  });

  it('sends deadline and sort to GET /processes', () => {
    const query = toListQuery({ ...EMPTY_FILTERS, deadline: 'none', sort: 'deadline' }, false, 1, 20);
    expect(query).toMatchObject({ deadline: 'none', sort: 'deadline' });
    expect(toListQuery(EMPTY_FILTERS, false, 1, 20)).toMatchObject({ deadline: undefined, sort: undefined });
  });
});

describe('toListQuery', () => {
  const filters = { ...EMPTY_FILTERS, department: 'Jurídico', status: 'pendente', period: 'week' as const };

  it('sends the department only for admins', () => {
    expect(toListQuery(filters, true, 2, 20)).toEqual({
      q: undefined,
      status: 'pendente',
      department: 'Jurídico',
      period: 'week',
      aging: undefined,
      page: 2,
      limit: 20,
    });
    expect(toListQuery(filters, false, 1, 20).department).toBeUndefined();
  });
});

describe('statusBadgeClass', () => {
  it('lower-cases and hyphenates the status', () => {
    expect(statusBadgeClass('Em Andamento')).toBe('em-andamento');
    expect(statusBadgeClass('concluído')).toBe('concluído');
    expect(statusBadgeClass(undefined)).toBe('pendente');
  });
});
