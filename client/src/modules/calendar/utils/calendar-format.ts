import type { CalendarDayKind } from '@contracts';
import type { BadgeTone } from '@/ui/Badge';

const weekdayFormat = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', timeZone: 'UTC' });
const noon = (date: string) => new Date(`${date}T12:00:00Z`);

/** '2026-08-14' → 'sexta-feira'. */
export const weekdayOf = (date: string) => weekdayFormat.format(noon(date));

export const KIND_TONES: Record<CalendarDayKind, BadgeTone> = {
  national: 'danger',
  state: 'warning',
  municipal: 'info',
  optional: 'neutral',
};

/** The years the selector offers: a few back, several ahead (deadlines look forward). */
export function selectableYears(current: number): number[] {
  return Array.from({ length: 9 }, (_, i) => current - 3 + i);
}
