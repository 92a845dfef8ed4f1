import Holidays from 'date-holidays';
import type { BrazilianState, CalendarDay } from '#server/contracts/calendar';

/** The library's names as Brazilians write them. */
const NAMES: Record<string, string> = { 'Corpo de Deus': 'Corpus Christi', 'Dia do trabalhador': 'Dia do Trabalhador' };

const kindOf = (type: string, national: CalendarDay['kind']): CalendarDay['kind'] | null =>
  type === 'public' ? national : type === 'bank' ? 'optional' : null;

const sources = new Map<string, Holidays>();
function source(state?: string): Holidays {
  const key = state ?? '';
  let holidays = sources.get(key);
  if (!holidays) {
    holidays = state ? new Holidays('BR', state) : new Holidays('BR');
    sources.set(key, holidays);
  }
  return holidays;
}

function daysOf(holidays: Holidays, year: number, kind: 'national' | 'state'): CalendarDay[] {
  return holidays.getHolidays(year).flatMap((holiday) => {
    const dayKind = kindOf(holiday.type, kind);
    const date = holiday.date.slice(0, 10);
    return dayKind ? [{ date, name: NAMES[holiday.name] ?? holiday.name, kind: dayKind }] : [];
  });
}

const computed = new Map<string, readonly CalendarDay[]>();

/**
 * The days without business of `year` that follow from the law, for the state `state`
 * (docs/deadlines.md#calendar): national holidays ('public' in date-holidays), the state's own,
 * and the nationwide 'ponto facultativo' days every city hall observes ('bank': Carnaval's Monday
 * and Tuesday, Corpus Christi) as `optional`. Partial days ('optional': Ash Wednesday until 14h,
 * the afternoons of 24 and 31 December) and observances (Mother's Day) are business days.
 *
 * The national list is read on its own and the state's added to it: a state rule that ends (São
 * Paulo's 20 November before the national law of 2023) would otherwise hide the national day.
 */
export function computedHolidays(year: number, state: BrazilianState): readonly CalendarDay[] {
  const key = `${state}:${year}`;
  const cached = computed.get(key);
  if (cached) return cached;
  const byDate = new Map<string, CalendarDay>();
  for (const day of [...daysOf(source(), year, 'national'), ...daysOf(source(state), year, 'state')]) {
    const known = byDate.get(day.date);
    // A national day stays national; a state's holiday outranks a nationwide 'ponto facultativo'.
    if (!known || (known.kind === 'optional' && day.kind === 'state')) byDate.set(day.date, day);
  }
  const days = [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
  computed.set(key, days);
  return days;
}
