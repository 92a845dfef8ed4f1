import { DEFAULT_LOG_FILTERS, dayBoundary, endBeforeStart, logFilterQuery, logListQuery } from './log-filters';

const day = (text: string) => text;

describe('log filters (docs/audit.md#logs-screen)', () => {
  it('sends only the filters that are set, newest first by default, 50 a page', () => {
    expect(logListQuery(DEFAULT_LOG_FILTERS, 1)).toEqual({
      startDate: undefined,
      endDate: undefined,
      action: undefined,
      entityType: undefined,
      entityId: undefined,
      username: undefined,
      userDepartment: undefined,
      status: undefined,
      sortBy: 'createdAt',
      sortOrder: '-1',
      page: 1,
      limit: 50,
    });
    expect(
      logFilterQuery({
        ...DEFAULT_LOG_FILTERS,
        action: 'login',
        entityId: '  abc ',
        username: ' maria',
        sortOrder: '1',
      }),
    ).toMatchObject({ action: 'login', entityId: 'abc', username: 'maria', sortOrder: '1' });
  });

  it('turns the picked days into the whole days in local time', () => {
    expect(new Date(dayBoundary(day('2026-03-05'), 'start')!).getTime()).toBe(new Date(2026, 2, 5).getTime());
    expect(new Date(dayBoundary(day('2026-03-05'), 'end')!).getTime()).toBe(
      new Date(2026, 2, 5, 23, 59, 59, 999).getTime(),
    );
    expect(dayBoundary(null, 'start')).toBeUndefined();
  });

  it('flags an end date before the start date', () => {
    expect(endBeforeStart({ startDate: day('2026-03-05'), endDate: day('2026-03-04') })).toBe(true);
    expect(endBeforeStart({ startDate: day('2026-03-05'), endDate: day('2026-03-05') })).toBe(false);
    expect(endBeforeStart({ startDate: null, endDate: day('2026-03-04') })).toBe(false);
  });
});
