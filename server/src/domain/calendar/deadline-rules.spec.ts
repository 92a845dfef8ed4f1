import { computedHolidays } from './computed-holidays';
import { addDays, endOfDay, isWeekend } from './calendar-days';
import { dueDate, type IsClosedDay, nextBusinessDay, yearsReached } from './deadline-rules';

/** The closed days of São Paulo for the years a case reaches, plus `added` (days an administrator added). */
function closedInSaoPaulo(...added: string[]): IsClosedDay {
  const days = new Set(added);
  return (day) => days.has(day) || computedHolidays(Number(day.slice(0, 4)), 'SP').some((h) => h.date === day);
}
const sp = closedInSaoPaulo();

describe('calendar days (docs/deadlines.md#counting)', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-01'],
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2025-12-31', 1, '2026-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
  ])('%s plus %i day is %s', (day, count, expected) => {
    expect(addDays(day, count)).toBe(expected);
  });

  it('knows Saturdays and Sundays', () => {
    expect(['2026-03-07', '2026-03-08'].map(isWeekend)).toEqual([true, true]);
    expect(['2026-03-06', '2026-03-09'].map(isWeekend)).toEqual([false, false]);
  });

  it.each([
    ['America/Sao_Paulo', '2026-03-10', '2026-03-11T02:59:59.000Z'],
    ['America/Manaus', '2026-03-10', '2026-03-11T03:59:59.000Z'],
    ['America/Noronha', '2026-03-10', '2026-03-11T01:59:59.000Z'],
    ['UTC', '2026-03-10', '2026-03-10T23:59:59.000Z'],
    // Summer time, while Brazil still had it (UTC-2 in São Paulo).
    ['America/Sao_Paulo', '2018-12-01', '2018-12-02T01:59:59.000Z'],
    ['America/Sao_Paulo', '2025-12-31', '2026-01-01T02:59:59.000Z'],
  ])('a deadline in %s ending on %s ends at %s (23:59:59 local)', (timeZone, day, instant) => {
    expect(endOfDay(day, timeZone).toISOString()).toBe(instant);
  });
});

describe('due dates (docs/deadlines.md#counting)', () => {
  it.each([
    // [from, days, unit, due, why]
    ['2026-01-05', 10, 'calendar', '2026-01-15', 'calendar days count every day, the start day excluded'],
    ['2026-01-05', 1, 'business', '2026-01-06', 'the start day is excluded even when it has business'],
    ['2026-01-02', 10, 'business', '2026-01-16', 'business days skip the two weekends'],
    ['2026-03-06', 2, 'calendar', '2026-03-09', 'calendar days ending on a Sunday move to Monday'],
    ['2026-03-06', 1, 'calendar', '2026-03-09', 'calendar days ending on a Saturday move to Monday'],
    ['2026-03-06', 1, 'business', '2026-03-09', 'a business day after a Friday is the Monday'],
    ['2026-03-07', 1, 'business', '2026-03-09', 'a deadline may start on a weekend'],
    ['2026-02-13', 1, 'business', '2026-02-18', "Carnaval's Monday and Tuesday have no business; Ash Wednesday has"],
    ['2026-02-13', 3, 'calendar', '2026-02-18', 'calendar days ending on Carnaval move to Ash Wednesday'],
    ['2026-02-17', 1, 'calendar', '2026-02-18', 'Ash Wednesday has business (from 14h)'],
    ['2026-04-02', 1, 'business', '2026-04-06', 'Sexta-feira Santa, then the weekend'],
    ['2026-04-01', 2, 'calendar', '2026-04-06', 'calendar days ending on Sexta-feira Santa move past Easter'],
    ['2026-06-03', 1, 'business', '2026-06-05', 'Corpus Christi has no business'],
    ['2026-06-03', 1, 'calendar', '2026-06-05', 'calendar days ending on Corpus Christi move to the Friday'],
    ['2026-09-03', 1, 'business', '2026-09-04', 'a deadline may end on the Friday before a holiday'],
    ['2026-09-03', 2, 'business', '2026-09-08', 'the Friday before a Monday holiday: weekend and holiday skipped'],
    ['2026-09-03', 2, 'calendar', '2026-09-08', 'calendar days ending on the Saturday before a Monday holiday'],
    ['2026-04-01', 20, 'calendar', '2026-04-22', "the LAI's 20 days ending on Tiradentes move to the next day"],
    ['2025-12-30', 2, 'business', '2026-01-02', 'across the year: 31 December has business, 1 January not'],
    ['2025-12-31', 1, 'calendar', '2026-01-02', 'calendar days ending on 1 January move to the 2nd'],
    ['2026-12-23', 1, 'business', '2026-12-24', "Christmas Eve has business (the afternoon is a city hall's decision)"],
    ['2026-12-24', 1, 'business', '2026-12-28', 'Christmas on a Friday, then the weekend'],
    ['2026-01-01', 1, 'business', '2026-01-02', 'a deadline may start on a holiday'],
    ['2028-02-27', 2, 'calendar', '2028-03-01', 'leap year: 29 February 2028 is Carnaval Tuesday'],
    ['2028-02-25', 1, 'business', '2028-03-01', 'leap year: Carnaval on 28 and 29 February'],
    ['2027-02-27', 1, 'calendar', '2027-03-01', 'no 29 February in 2027: the Sunday 28th moves to Monday 1 March'],
    ['2024-02-28', 1, 'calendar', '2024-02-29', 'leap year 2024: 29 February is a Thursday with business'],
    ['2025-11-19', 1, 'business', '2025-11-21', "20 November is national since 2024 (São Paulo's own rule ended)"],
    ['2026-11-19', 1, 'calendar', '2026-11-23', 'Consciência Negra on a Friday, then the weekend'],
    ['2026-10-09', 1, 'business', '2026-10-13', 'Nossa Senhora Aparecida on Monday 12 October'],
    ['2026-07-08', 1, 'business', '2026-07-10', "São Paulo's state holiday, 9 July"],
    ['2026-11-01', 1, 'calendar', '2026-11-03', 'Finados on a Monday'],
    ['2026-01-05', 730, 'business', '2028-12-08', 'the longest deadline crosses two years of holidays'],
  ] as const)('%s + %i %s days is %s: %s', (from, days, unit, due, _why) => {
    expect(dueDate(from, days, unit, sp)).toBe(due);
  });

  it('counts a municipal holiday an administrator added', () => {
    const withAnniversary = closedInSaoPaulo('2026-08-14');
    expect(dueDate('2026-08-13', 1, 'business', sp)).toBe('2026-08-14');
    expect(dueDate('2026-08-13', 1, 'business', withAnniversary)).toBe('2026-08-17');
    expect(dueDate('2026-08-12', 2, 'calendar', withAnniversary)).toBe('2026-08-17');
    expect(dueDate('2026-08-10', 5, 'business', withAnniversary)).toBe('2026-08-18');
  });

  it('counts a ponto facultativo added on Ash Wednesday and the day after Corpus Christi', () => {
    const bridges = closedInSaoPaulo('2026-02-18', '2026-06-05');
    expect(dueDate('2026-02-13', 1, 'business', bridges)).toBe('2026-02-19');
    expect(dueDate('2026-06-03', 1, 'calendar', bridges)).toBe('2026-06-08');
  });

  it('reads the state of HOLIDAYS_STATE: Rio de Janeiro closes on Carnaval Tuesday by law and on São Jorge', () => {
    const rj = (day: string) => computedHolidays(Number(day.slice(0, 4)), 'RJ').some((h) => h.date === day);
    expect(dueDate('2026-04-22', 1, 'business', rj)).toBe('2026-04-24');
    expect(dueDate('2026-04-22', 1, 'business', sp)).toBe('2026-04-23');
    expect(dueDate('2026-07-08', 1, 'business', rj)).toBe('2026-07-09');
  });

  it('a due date always has business, whatever the unit and the day', () => {
    for (let offset = 0; offset < 400; offset += 1) {
      const from = addDays('2026-01-01', offset);
      for (const unit of ['business', 'calendar'] as const) {
        const due = dueDate(from, 1 + (offset % 30), unit, sp);
        expect(nextBusinessDay(due, sp)).toBe(due);
        expect(due > from).toBe(true);
      }
    }
  });

  it('covers every year a deadline can reach, however many closed days', () => {
    expect(yearsReached('2026-03-01', 10, 'calendar')).toEqual([2026]);
    expect(yearsReached('2026-12-20', 5, 'calendar')).toEqual([2026, 2027]);
    expect(yearsReached('2026-12-01', 20, 'business')).toEqual([2026, 2027]);
    const years = yearsReached('2026-01-05', 730, 'business');
    expect(years[years.length - 1]).toBeGreaterThanOrEqual(2028);
  });
});
