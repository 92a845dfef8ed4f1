import type { DeadlineKind } from '#server/contracts/deadlines';
import type { NotificationContent } from '#server/repositories/notifications.repository';
import type {
  DayReminderKind,
  DayReminderTemplate,
  RemindedDeadline,
} from '#server/repositories/deadline-reminders.repository';

/** The overdue digest lists this many deadlines by name (the earliest due), then counts the rest. */
export const DIGEST_LISTED = 3;
/** Where the digest leads: the processes list filtered on 'Vencidos'. */
export const OVERDUE_LIST_LINK = '/semgi/processes?deadline=overdue';

const WHOSE: Record<DeadlineKind, string> = { process: 'O prazo', return: 'O retorno programado' };
const day = (iso: string) => iso.split('-').reverse().join('/');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The process as a reminder names it (docs/deadlines.md#reminders): number and subject; a
 * confidential one only by its number, never its subject (its e-mail says nothing of it at all).
 */
const named = (confidential: boolean, number: string, subject: string) =>
  confidential ? `do processo sigiloso ${number}` : `do processo ${number} ("${subject}")`;

/**
 * The 'before' or 'due-day' reminder ('Prazo vence em 2 dias úteis' / 'Prazo vence hoje') of every
 * deadline due on `dueDate`, as templates the sweep's SQL fills in for each deadline
 * (DayReminderTemplate), linking to the process.
 */
export function dayReminderTemplate(
  kind: DayReminderKind,
  businessDaysLeft: number,
  dueDate: string,
): DayReminderTemplate {
  const when = kind === 'due-day' ? 'hoje' : `em ${plural(businessDaysLeft, 'dia útil', 'dias úteis')}`;
  const message = (deadlineKind: DeadlineKind, confidential: boolean) => {
    const what = `${WHOSE[deadlineKind]} ${named(confidential, '%1$s', '%2$s')}`;
    return kind === 'due-day' ? `${what} vence hoje (${day(dueDate)}).` : `${what} vence ${when}, em ${day(dueDate)}.`;
  };
  const both = (deadlineKind: DeadlineKind) => ({
    open: message(deadlineKind, false),
    confidential: message(deadlineKind, true),
  });
  return {
    kind,
    dueDate,
    businessDaysLeft,
    type: 'process',
    title: `Prazo vence ${when}`,
    link: '/semgi/process-details/%3$s',
    messages: { process: both('process'), return: both('return') },
  };
}

/**
 * 'Você tem 3 prazos vencidos': the count and the first DIGEST_LISTED by due day, linking to the
 * 'Vencidos' list. A confidential process is listed without number or subject, so the digest can be
 * e-mailed as it is.
 */
export function overdueDigestContent(total: number, first: readonly RemindedDeadline[]): NotificationContent {
  const listed = first.map((d) =>
    d.confidential
      ? `um processo sigiloso (venceu em ${day(d.dueDate)})`
      : `${d.processId} ("${d.subject}", venceu em ${day(d.dueDate)})`,
  );
  const rest = total - first.length;
  return {
    type: 'alert',
    title: `Você tem ${plural(total, 'prazo vencido', 'prazos vencidos')}`,
    message: `${listed.join('; ')}${rest > 0 ? `; e mais ${rest}` : ''}.`,
    link: OVERDUE_LIST_LINK,
  };
}
