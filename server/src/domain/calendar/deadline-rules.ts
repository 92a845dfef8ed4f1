import type { DeadlineUnit } from '#server/contracts/calendar';
import { addDays, isWeekend } from './calendar-days';

/** Whether a day is a holiday or a 'ponto facultativo' (weekends are the rules' own business). */
export type IsClosedDay = (day: string) => boolean;

/** A day with business: not a weekend and not a day of the calendar (docs/deadlines.md#counting). */
export function isBusinessDay(day: string, isClosed: IsClosedDay): boolean {
  return !isWeekend(day) && !isClosed(day);
}

/** `day` itself when it has business, otherwise the first business day after it. */
export function nextBusinessDay(day: string, isClosed: IsClosedDay): string {
  let current = day;
  while (!isBusinessDay(current, isClosed)) current = addDays(current, 1);
  return current;
}

/**
 * The last day of a deadline of `days` days counted from `from` (docs/deadlines.md#counting): the
 * start day is excluded and the last one included; business days skip weekends and closed days;
 * a deadline that ends on a day without business, in either unit, moves to the next business day.
 */
export function dueDate(from: string, days: number, unit: DeadlineUnit, isClosed: IsClosedDay): string {
  if (unit === 'calendar') return nextBusinessDay(addDays(from, days), isClosed);
  let current = from;
  for (let left = days; left > 0;) {
    current = addDays(current, 1);
    if (isBusinessDay(current, isClosed)) left -= 1;
  }
  return current;
}

/**
 * The calendar years a deadline from `from` of at most `days` days in `unit` can reach, with room
 * for the closed days it may skip: the years whose holidays `dueDate` must know.
 */
export function yearsReached(from: string, days: number, unit: DeadlineUnit): number[] {
  // Business days: at most 5 of every 7 days, less the closed days (a generous fifth more); then the move
  // past a closed stretch at the end (a few days). Calendar days: only that move.
  const span = unit === 'business' ? Math.ceil((days * 7) / 5) + Math.ceil(days / 5) + 15 : days + 15;
  const first = Number(from.slice(0, 4));
  const last = Number(addDays(from, span).slice(0, 4));
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}
