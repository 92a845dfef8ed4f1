import type { CalendarDay, CalendarDayRequest, DeadlineReply, DeadlineUnit } from '@contracts';
import { http } from '@/lib/http';

/** docs/deadlines.md#api. */
export const calendarApi = {
  year: (year: number, signal?: AbortSignal) =>
    http.get<CalendarDay[]>('/calendar/holidays', { query: { year }, signal }),
  added: (year: number, signal?: AbortSignal) =>
    http.get<CalendarDay[]>('/calendar/added-days', { query: { year }, signal }),
  add: (body: CalendarDayRequest) => http.post<CalendarDay>('/calendar/holidays', body),
  /** The due day of `days` in `unit` from `from` (excluded): the product's one computation. */
  /** Counted from today in the city's TIME_ZONE (no `from`). */
  deadline: (days: number, unit: DeadlineUnit, signal?: AbortSignal) =>
    http.get<DeadlineReply>('/calendar/deadline', { query: { days, unit }, signal }),
  remove: (date: string) => http.delete<{ message: string }>(`/calendar/holidays/${date}`),
};
