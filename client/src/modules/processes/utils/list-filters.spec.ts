import { filtersFromSearch, hasActiveFilters, toListQuery, EMPTY_FILTERS } from './list-filters';
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
