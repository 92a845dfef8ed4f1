import type { CalendarDay, CalendarDayRequest } from '@contracts';
import { http } from '@/lib/http';

/** docs/deadlines.md#api. */
export const calendarApi = {
  year: (year: number, signal?: AbortSignal) =>
    http.get<CalendarDay[]>('/calendar/holidays', { query: { year }, signal }),
  added: (year: number, signal?: AbortSignal) =>
    http.get<CalendarDay[]>('/calendar/added-days', { query: { year }, signal }),
  add: (body: CalendarDayRequest) => http.post<CalendarDay>('/calendar/holidays', body),
  remove: (date: string) => http.delete<{ message: string }>(`/calendar/holidays/${date}`),
};
