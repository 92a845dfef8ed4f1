import {
  DEADLINE_MAX_DAYS,
  DEADLINE_MESSAGES,
  deadlineInputSchema,
  extendDeadlineSchema,
  parseContract,
  type DeadlineRequest,
  type DeadlineUnit,
  type ExtendDeadlineRequest,
} from '@contracts';

/** How a deadline is asked for on a form (docs/deadlines.md#process-deadlines): none, days or a date. */
export type DeadlineMode = 'none' | 'days' | 'date';

export interface DeadlineFormValues {
  mode: DeadlineMode;
  /** NaN while empty (ui/NumberField). */
  days: number;
  unit: DeadlineUnit;
  /** YYYY-MM-DD or ''. */
  date: string;
}

/** No deadline; when one is asked in days, counted in 'dias corridos' (the default DEADLINE_UNIT, docs/deadlines.md#default-unit). */
export const EMPTY_DEADLINE: DeadlineFormValues = { mode: 'none', days: NaN, unit: 'calendar', date: '' };

/** The request the form sends; undefined without a deadline. */
export function toDeadlineRequest(values: DeadlineFormValues): DeadlineRequest | undefined {
  if (values.mode === 'days') return { days: values.days, unit: values.unit };
  if (values.mode === 'date') return { date: values.date };
  return undefined;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/**
 * The first problem of the deadline the form would send, with the contract's own message
 * (deadlineInputSchema), or null; a date must be today or later, at most DEADLINE_MAX_DAYS ahead
 * (`today` is the browser's day; the server checks against its own).
 */
export function deadlineProblem(values: DeadlineFormValues, today: string): string | null {
  const request = toDeadlineRequest(values);
  if (!request) return null;
  const result = parseContract(deadlineInputSchema, request);
  if (!result.ok) return result.message;
  if (values.mode !== 'date') return null;
  if (values.date < today) return DEADLINE_MESSAGES.dateInPast;
  if (daysBetween(today, values.date) > DEADLINE_MAX_DAYS) {
    return DEADLINE_MESSAGES.dateTooFar;
  }
  return null;
}

export interface ExtendFormValues {
  days: number;
  justification: string;
}

/** The extension's problem (extendDeadlineSchema's messages, then the days left), or null. */
export function extendProblem(
  values: ExtendFormValues,
  daysLeft: number,
): { field: keyof ExtendFormValues; message: string } | null {
  const request: ExtendDeadlineRequest = { days: values.days, justification: values.justification };
  const result = parseContract(extendDeadlineSchema, request);
  if (!result.ok) return { field: result.path[0] === 'days' ? 'days' : 'justification', message: result.message };
  if (values.days > daysLeft) return { field: 'days', message: DEADLINE_MESSAGES.extensionTooLong(daysLeft) };
  return null;
}
