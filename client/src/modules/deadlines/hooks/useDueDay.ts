import { DEADLINE_MAX_DAYS, localIsoDate, type DeadlineUnit } from '@contracts';
import { useQuery } from '@tanstack/react-query';
import { calendarApi } from '@/modules/calendar/api/calendar-api';
import { calendarKeys } from '@/modules/calendar/api/calendar-keys';

/**
 * The due day of `days` in `unit` counted from today, as the server computes it
 * (GET /api/calendar/deadline, docs/deadlines.md#api); null while `days` is no valid count, loading
 * or failed (the hint is then left out). The server counts from its own today in the city's
 * TIME_ZONE: a browser in another zone, or near midnight, would otherwise show another day.
 */
export function useDueDay(days: number, unit: DeadlineUnit): string | null {
  const valid = Number.isInteger(days) && days >= 1 && days <= DEADLINE_MAX_DAYS;
  // The browser's day only keys the cache, so the hint is asked again after midnight.
  const day = localIsoDate(new Date());
  const due = useQuery({
    queryKey: calendarKeys.deadline(day, days, unit),
    queryFn: ({ signal }) => calendarApi.deadline(days, unit, signal),
    enabled: valid,
    staleTime: 60_000,
  });
  return valid ? (due.data?.due ?? null) : null;
}
