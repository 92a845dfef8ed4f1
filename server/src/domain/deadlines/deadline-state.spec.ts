import { daysBetween, type DeadlineContext, deadlineState, processDeadline } from './deadline-state';

// A week in São Paulo with Corpus Christi (Thursday 4 June 2026) closed.
const closed = new Set(['2026-06-04']);
const isClosed = (day: string) => closed.has(day);
// Monday 1 June 2026: 'due-soon' runs to the third business day after it, Friday the 5th (the 4th is closed).
const context: DeadlineContext = { today: '2026-06-01', soon: '2026-06-05', isClosed };

describe('deadline states (docs/deadlines.md#states)', () => {
  it('reads an open deadline against today and the due-soon bound', () => {
    expect(deadlineState('open', '2026-05-29', context)).toBe('overdue');
    expect(deadlineState('open', '2026-06-01', context)).toBe('due-soon');
    expect(deadlineState('open', '2026-06-05', context)).toBe('due-soon');
    expect(deadlineState('open', '2026-06-08', context)).toBe('on-time');
  });

  it('keeps suspended and met whatever the day', () => {
    expect(deadlineState('suspended', '2020-01-01', context)).toBe('suspended');
    expect(deadlineState('met', '2020-01-01', context)).toBe('met');
  });
});

describe('daysBetween', () => {
  it('counts business days after the first day up to the last, skipping weekends and closed days', () => {
    expect(daysBetween('2026-06-01', '2026-06-01', 'business', isClosed)).toBe(0);
    expect(daysBetween('2026-06-01', '2026-06-05', 'business', isClosed)).toBe(3);
    expect(daysBetween('2026-06-01', '2026-06-08', 'business', isClosed)).toBe(4);
    expect(daysBetween('2026-06-05', '2026-06-08', 'business', isClosed)).toBe(1);
  });

  it('counts back, negative, when the last day is before the first', () => {
    expect(daysBetween('2026-06-08', '2026-06-05', 'business', isClosed)).toBe(-1);
    expect(daysBetween('2026-06-01', '2026-05-29', 'business', isClosed)).toBe(-1);
    expect(daysBetween('2026-06-01', '2026-05-25', 'business', isClosed)).toBe(-5);
  });

  it('counts every day in calendar days, across a year boundary and a leap day', () => {
    expect(daysBetween('2026-06-01', '2026-06-08', 'calendar', isClosed)).toBe(7);
    expect(daysBetween('2027-12-30', '2028-03-01', 'calendar', () => false)).toBe(62);
  });
});

describe('processDeadline (the `deadline` of a process reply)', () => {
  it('gives the business days left of a running deadline and none of a met or suspended one', () => {
    expect(processDeadline({ kind: 'return', unit: 'calendar', due: '2026-06-08', status: 'open' }, context)).toEqual({
      due: '2026-06-08',
      unit: 'calendar',
      state: 'on-time',
      kind: 'return',
      businessDaysLeft: 4,
    });
    expect(
      processDeadline({ kind: 'process', unit: 'business', due: '2026-05-29', status: 'open' }, context),
    ).toMatchObject({ state: 'overdue', businessDaysLeft: -1 });
    expect(
      processDeadline({ kind: 'process', unit: 'business', due: '2026-06-08', status: 'suspended' }, context),
    ).toMatchObject({ state: 'suspended', businessDaysLeft: null });
    expect(
      processDeadline({ kind: 'process', unit: 'business', due: '2026-06-08', status: 'met' }, context),
    ).toMatchObject({ state: 'met', businessDaysLeft: null });
  });
});
