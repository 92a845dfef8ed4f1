import { deadlineFigures, emptyFigures, endOfWeek, mergeFigures } from './dashboard-figures';

describe('the Prazos card figures (docs/deadlines.md#dashboard-card-and-report)', () => {
  it('ends the week on Sunday, Monday to Sunday', () => {
    expect(endOfWeek('2026-11-23')).toBe('2026-11-29'); // Monday
    expect(endOfWeek('2026-11-27')).toBe('2026-11-29'); // Friday
    expect(endOfWeek('2026-11-29')).toBe('2026-11-29'); // Sunday
    expect(endOfWeek('2026-12-28')).toBe('2027-01-03'); // across the year
  });

  it('reads the stored due days against the day of the reading', () => {
    const figures = {
      ...emptyFigures(),
      deadlinesOverdue: 4,
      deadlineDues: { '2026-11-27': 2, '2026-11-28': 1, '2026-11-29': 3, '2026-11-30': 5, '2026-12-07': 7 },
    };
    expect(deadlineFigures(figures, '2026-11-27')).toEqual({ overdue: 4, dueThisWeek: 6 });
    expect(deadlineFigures(figures, '2026-11-28')).toEqual({ overdue: 6, dueThisWeek: 4 });
    // Monday: the Friday's, Saturday's and Sunday's are overdue; the week runs to 6 December.
    expect(deadlineFigures(figures, '2026-11-30')).toEqual({ overdue: 10, dueThisWeek: 5 });
    expect(deadlineFigures(figures, '2026-12-07')).toEqual({ overdue: 15, dueThisWeek: 7 });
  });

  it('adds two scopes day by day', () => {
    const a = { ...emptyFigures(), deadlinesOverdue: 1, deadlineDues: { '2026-11-27': 2 } };
    const b = { ...emptyFigures(), deadlinesOverdue: 3, deadlineDues: { '2026-11-27': 1, '2026-11-30': 1 } };
    const sum = mergeFigures(a, b);
    expect([sum.deadlinesOverdue, sum.deadlineDues]).toEqual([4, { '2026-11-27': 3, '2026-11-30': 1 }]);
  });
});
