/** TanStack Query keys of the municipal calendar. */
export const calendarKeys = {
  all: ['calendar'] as const,
  year: (year: number) => [...calendarKeys.all, 'year', year] as const,
  added: (year: number) => [...calendarKeys.all, 'added', year] as const,
  deadline: (from: string, days: number, unit: string) => [...calendarKeys.all, 'deadline', from, days, unit] as const,
};
