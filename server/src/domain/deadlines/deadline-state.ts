import type { DeadlineUnit } from '#server/contracts/calendar';
import type { DeadlineKind, DeadlineState, DeadlineStatus, ProcessDeadline } from '#server/contracts/deadlines';
import { addDays } from '../calendar/calendar-days';
import { type IsClosedDay, isBusinessDay } from '../calendar/deadline-rules';

/**
 * What a deadline's state depends on besides its own row: today in TIME_ZONE, the last day a
 * deadline is still 'due-soon' (DEADLINE_DUE_SOON_BUSINESS_DAYS business days ahead), and the
 * calendar's closed days over the years the deadlines at hand reach (DeadlineClock.context).
 */
export interface DeadlineContext {
  today: string;
  soon: string;
  isClosed: IsClosedDay;
}

/** A stored deadline as the state rules read it. */
export interface DeadlineFacts {
  kind: DeadlineKind;
  unit: DeadlineUnit;
  due: string;
  status: DeadlineStatus;
}

/** How a deadline reads today (docs/deadlines.md#states); the list filter uses the same bounds in SQL. */
export function deadlineState(status: DeadlineStatus, due: string, context: DeadlineContext): DeadlineState {
  if (status !== 'open') return status;
  if (due < context.today) return 'overdue';
  return due <= context.soon ? 'due-soon' : 'on-time';
}

/**
 * Days of `unit` after `from` up to and including `to` (negative, counted back, when `to` is before
 * `from`): the business days a badge shows, or the days a suspended deadline had left.
 */
export function daysBetween(from: string, to: string, unit: DeadlineUnit, isClosed: IsClosedDay): number {
  const [first, last, sign] = from <= to ? [from, to, 1] : [to, from, -1];
  let days = 0;
  for (let day = addDays(first, 1); day <= last; day = addDays(day, 1)) {
    if (unit === 'calendar' || isBusinessDay(day, isClosed)) days += 1;
  }
  return sign * days;
}

/** How a deadline of any owner reads today: its state and the business days left (null when met or suspended). */
export function deadlineReading(facts: Omit<DeadlineFacts, 'kind'>, context: DeadlineContext) {
  const state = deadlineState(facts.status, facts.due, context);
  return {
    due: facts.due,
    unit: facts.unit,
    state,
    businessDaysLeft:
      state === 'met' || state === 'suspended'
        ? null
        : daysBetween(context.today, facts.due, 'business', context.isClosed),
  };
}

/** The `deadline` of a process reply. */
export function processDeadline(facts: DeadlineFacts, context: DeadlineContext): ProcessDeadline {
  const { due, unit, state, businessDaysLeft } = deadlineReading(facts, context);
  return { due, unit, state, kind: facts.kind, businessDaysLeft };
}
