import type { CalendarDay } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { calendarApi } from '../api/calendar-api';
import { calendarKeys } from '../api/calendar-keys';

export interface CalendarRow extends CalendarDay {
  /** Added by an administrator, so it may be deleted (docs/deadlines.md#calendar). */
  added: boolean;
}

/** The year's days without business, each marked when an administrator added it. */
export function useCalendarYear(year: number) {
  const days = useQuery({ queryKey: calendarKeys.year(year), queryFn: ({ signal }) => calendarApi.year(year, signal) });
  const added = useQuery({
    queryKey: calendarKeys.added(year),
    queryFn: ({ signal }) => calendarApi.added(year, signal),
  });
  const addedDates = new Set((added.data ?? []).map((day) => day.date));
  const rows: CalendarRow[] | null =
    days.data && added.data ? days.data.map((day) => ({ ...day, added: addedDates.has(day.date) })) : null;
  return { rows, error: days.error ?? added.error };
}
