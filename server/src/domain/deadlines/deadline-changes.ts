import { DEADLINE_UNIT_LABELS, type DeadlineUnit } from '#server/contracts/calendar';
import { DEADLINE_MESSAGES } from '#server/contracts/deadlines';

/** The extension counters of a deadline (docs/deadlines.md#suspension-and-extension). */
export interface ExtensionAllowance {
  extensions: number;
  maxExtensions: number;
  extendedDays: number;
  maxExtensionDays: number;
}

/** Why an extension of `days` is refused (the pt-BR 400 message), or null when it is allowed. */
export function extensionRefusal(deadline: ExtensionAllowance, days: number): string | null {
  if (deadline.maxExtensions === 0 || deadline.maxExtensionDays === 0) return DEADLINE_MESSAGES.extensionsExhausted(0);
  if (deadline.extensions >= deadline.maxExtensions) {
    return DEADLINE_MESSAGES.extensionsExhausted(deadline.maxExtensions);
  }
  const left = deadline.maxExtensionDays - deadline.extendedDays;
  return days > left ? DEADLINE_MESSAGES.extensionTooLong(left) : null;
}

/** Met after its due day ended (the deadline ends at 23:59:59 of `due`, docs/deadlines.md#counting). */
export const isLate = (today: string, due: string): boolean => today > due;

/** 'YYYY-MM-DD' as dd/mm/aaaa. */
export const shownDay = (day: string): string => day.split('-').reverse().join('/');

/** '1 dia útil', '10 dias corridos'. */
export function daysText(days: number, unit: DeadlineUnit): string {
  const [noun, adjective] = DEADLINE_UNIT_LABELS[unit].split(' ');
  return days === 1 ? `1 ${noun.slice(0, -1)} ${singular(adjective)}` : `${days} ${noun} ${adjective}`;
}

const singular = (adjective: string) => (adjective === 'úteis' ? 'útil' : adjective.slice(0, -1));

/** How a deadline reads in the history: 'Prazo de 10 dias úteis: vence em 05/12/2026.' */
export function deadlineText(deadline: { days: number | null; unit: DeadlineUnit; dueDate: string }): string {
  const due = shownDay(deadline.dueDate);
  return deadline.days === null
    ? `Prazo até ${due} (contado em ${DEADLINE_UNIT_LABELS[deadline.unit]}).`
    : `Prazo de ${daysText(deadline.days, deadline.unit)}: vence em ${due}.`;
}
