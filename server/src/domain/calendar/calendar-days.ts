/**
 * Arithmetic on calendar days written YYYY-MM-DD (docs/deadlines.md#counting). A day is a date, not
 * an instant: it is computed in UTC, where every day has 24 hours, and placed in TIME_ZONE only by
 * `endOfDay`.
 */
import { wallClockAsUtc } from '#server/contracts/dates';

const DAY_MS = 86_400_000;

const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** The day `count` days after `day` (before it when negative). */
export function addDays(day: string, count: number): string {
  return new Date(utcMidnight(day) + count * DAY_MS).toISOString().slice(0, 10);
}

/** Saturday and Sunday. */
export function isWeekend(day: string): boolean {
  const weekday = new Date(utcMidnight(day)).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The year of a day. */
export const yearOf = (day: string): number => Number(day.slice(0, 4));

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (negative west of Greenwich). */
const offsetAt = (instant: number, timeZone: string): number =>
  wallClockAsUtc(instant, timeZone) - Math.floor(instant / 1000) * 1000;

/**
 * The instant a deadline ending on `day` ends: 23:59:59 of that day in `timeZone`
 * (docs/deadlines.md#counting). The offset is read at that local time, so a change of offset
 * during the day (summer time) is honoured.
 */
export function endOfDay(day: string, timeZone: string): Date {
  const localAsUtc = utcMidnight(day) + DAY_MS - 1000;
  const first = localAsUtc - offsetAt(localAsUtc, timeZone);
  return new Date(localAsUtc - offsetAt(first, timeZone));
}
