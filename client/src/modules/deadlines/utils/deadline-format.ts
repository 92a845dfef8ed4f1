import {
  DEADLINE_KIND_LABELS,
  DEADLINE_STATE_LABELS,
  DEADLINE_UNIT_LABELS,
  type DeadlineState,
  type ProcessDeadline,
  type ProcessDeadlineDetail,
  type SignatureDeadline,
} from '@contracts';
import { formatDate, formatDay } from '@/lib/format';
import type { BadgeTone } from '@/ui/Badge';

/** Colour of each state (docs/deadlines.md#states): overdue red, due soon amber, suspended grey, met blue. */
export const DEADLINE_TONES: Record<DeadlineState, BadgeTone> = {
  overdue: 'danger',
  'due-soon': 'warning',
  'on-time': 'success',
  suspended: 'neutral',
  met: 'info',
};

const businessDays = (n: number) => `${n} ${n === 1 ? 'dia útil' : 'dias úteis'}`;

/** Whether the day before `due` (YYYY-MM-DD) is Monday to Friday. */
const dayBeforeIsWeekday = (due: string) => {
  const weekday = new Date(`${due}T12:00:00Z`).getUTCDay(); // the due day's; the day before is one less
  return weekday >= 2 && weekday <= 6;
};

/**
 * What the badge says, in the business days the server counted (docs/deadlines.md#states:
 * `businessDaysLeft`, whatever the unit): 'Vence hoje', 'Vence amanhã', '3 dias úteis',
 * 'Vencido há 2 dias úteis', 'Sobrestado', 'Cumprido'. One business day left is 'amanhã' only when
 * the day before the due day is a weekday (due on Monday from a Friday it is '1 dia útil').
 */
export function deadlineBadgeText({ state, businessDaysLeft, due }: SignatureDeadline): string {
  if (state === 'suspended' || state === 'met' || businessDaysLeft === null) return DEADLINE_STATE_LABELS[state];
  if (businessDaysLeft < 0) return `Vencido há ${businessDays(-businessDaysLeft)}`;
  if (state === 'overdue') return DEADLINE_STATE_LABELS.overdue;
  if (businessDaysLeft === 0) return 'Vence hoje';
  if (businessDaysLeft === 1 && dayBeforeIsWeekday(due)) return 'Vence amanhã';
  return businessDays(businessDaysLeft);
}

/** The badge's accessible name: 'Prazo: 05/12/2026 (Vence hoje)'. */
export function deadlineBadgeLabel(deadline: SignatureDeadline): string {
  return `Prazo: ${formatDay(deadline.due)} (${deadlineBadgeText(deadline)})`;
}

/**
 * The badge's tooltip: 'Retorno programado até 05/12/2026, em dias úteis'; a deadline without a
 * kind is a signature request's ('Prazo para assinar').
 */
export function deadlineBadgeTitle(deadline: ProcessDeadline | SignatureDeadline): string {
  const name = 'kind' in deadline ? DEADLINE_KIND_LABELS[deadline.kind] : 'Prazo para assinar';
  return `${name} até ${formatDay(deadline.due)}, em ${DEADLINE_UNIT_LABELS[deadline.unit]}`;
}

/** '20 dias corridos' or, for a deadline set as a date, 'dias úteis'. */
export function deadlineLength({ days, unit }: Pick<ProcessDeadlineDetail, 'days' | 'unit'>): string {
  return days === null ? DEADLINE_UNIT_LABELS[unit] : `${days} ${DEADLINE_UNIT_LABELS[unit]}`;
}

/** How many extensions and days remain: 'Restam 1 prorrogação e 10 dias de prorrogação.' */
export function extensionsLeft(
  deadline: Pick<ProcessDeadlineDetail, 'extensions' | 'maxExtensions' | 'extendedDays' | 'maxExtensionDays'>,
): { times: number; days: number; text: string } {
  const times = Math.max(0, deadline.maxExtensions - deadline.extensions);
  const days = Math.max(0, deadline.maxExtensionDays - deadline.extendedDays);
  if (times === 0 || days === 0) return { times, days, text: 'Este prazo não admite mais prorrogações.' };
  return {
    times,
    days,
    text: `Restam ${times} ${times === 1 ? 'prorrogação' : 'prorrogações'} e ${days} ${days === 1 ? 'dia' : 'dias'} de prorrogação.`,
  };
}

/** 'Cumprido no prazo em 04/12/2026' / 'Cumprido com atraso em 08/12/2026'; null while not met. */
export function deadlineMetText({ metAt, metLate }: Pick<ProcessDeadlineDetail, 'metAt' | 'metLate'>): string | null {
  if (!metAt) return null;
  return `Cumprido ${metLate ? 'com atraso' : 'no prazo'} em ${formatDate(metAt)}`;
}
