import type { AppConfig } from '#server/config/config.module';
import type { BusinessCalendar } from '../calendar/business-calendar';
import { DeadlineClock } from './deadline-clock';

/** A clock at `now` over a calendar that records the years each read asked for. */
function clockAt(now: string) {
  const reads: [number, number][] = [];
  const calendar = {
    nonBusinessDays: (first: number, last: number) => {
      reads.push([first, last]);
      return Promise.resolve([]);
    },
  } as unknown as BusinessCalendar;
  const clock = { now: () => new Date(now) };
  const config = { TIME_ZONE: 'America/Sao_Paulo' } as AppConfig;
  return { deadlines: new DeadlineClock(clock, calendar, config), clock, reads };
}

describe('DeadlineClock.contextFor', () => {
  it('reuses a context of today that holds every due year, without reading the calendar again', async () => {
    const { deadlines, reads } = clockAt('2026-11-27T12:00:00Z');
    const known = await deadlines.context();
    expect(known.years).toEqual([2026, 2027]);
    expect(await deadlines.contextFor(['2026-12-01', null, '2027-03-02'], known)).toBe(known);
    expect(reads).toEqual([[2026, 2027]]);
  });

  it('reads the calendar for a due year the known context does not hold', async () => {
    const { deadlines, reads } = clockAt('2026-11-27T12:00:00Z');
    const known = await deadlines.context();
    const wider = await deadlines.contextFor(['2025-12-19', '2026-12-01'], known);
    expect(wider).not.toBe(known);
    expect(wider.years).toEqual([2025, 2027]);
    expect(reads).toEqual([
      [2026, 2027],
      [2025, 2027],
    ]);
  });

  it('reads the calendar again once the day has changed in TIME_ZONE', async () => {
    const { deadlines, clock, reads } = clockAt('2026-12-31T23:00:00Z');
    const known = await deadlines.context();
    expect(known.today).toBe('2026-12-31');
    clock.now = () => new Date('2027-01-01T03:30:00Z');
    const next = await deadlines.contextFor([], known);
    expect(next.today).toBe('2027-01-01');
    expect(reads).toEqual([
      [2026, 2027],
      [2027, 2028],
    ]);
  });

  it('reads the calendar without a known context', async () => {
    const { deadlines, reads } = clockAt('2026-11-27T12:00:00Z');
    await deadlines.contextFor(['2026-12-01'], undefined);
    expect(reads).toEqual([[2026, 2027]]);
  });
});
