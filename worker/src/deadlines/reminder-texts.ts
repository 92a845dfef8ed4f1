import type { DeadlineKind } from '#server/contracts/deadlines';
import type { NotificationContent } from '#server/repositories/notifications.repository';
import type {
  DayReminderKind,
  DayReminderTemplate,
  RemindedDeadline,
} from '#server/repositories/deadline-reminders.repository';
import type {
  ClaimedSignatureDigestItem,
  SignatureReminderKind,
  SignatureReminderTemplate,
} from '#server/repositories/signature-reminders.repository';

/** The overdue digest lists this many deadlines by name (the earliest due), then counts the rest. */
export const DIGEST_LISTED = 3;
/** Where the digest leads: the processes list filtered on 'Vencidos'. */
export const OVERDUE_LIST_LINK = '/semgi/processes?deadline=overdue';
/** Where the signature digest leads: 'Assinaturas pendentes'. */
export const PENDING_SIGNATURES_LINK = '/semgi/documents/pending-signatures';

const WHOSE: Record<DeadlineKind, string> = { process: 'O prazo', return: 'O retorno programado' };
const day = (iso: string) => iso.split('-').reverse().join('/');
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const when = (kind: DayReminderKind, businessDaysLeft: number) =>
  kind === 'due-day' ? 'hoje' : `em ${plural(businessDaysLeft, 'dia útil', 'dias úteis')}`;
/** 'vence hoje (20/03/2026)' / 'vence em 2 dias úteis, em 20/03/2026'. */
const falls = (kind: DayReminderKind, businessDaysLeft: number, dueDate: string) =>
  kind === 'due-day' ? `vence hoje (${day(dueDate)})` : `vence ${when(kind, businessDaysLeft)}, em ${day(dueDate)}`;

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
  const message = (deadlineKind: DeadlineKind, confidential: boolean) =>
    `${WHOSE[deadlineKind]} ${named(confidential, '%1$s', '%2$s')} ${falls(kind, businessDaysLeft, dueDate)}.`;
  const both = (deadlineKind: DeadlineKind) => ({
    open: message(deadlineKind, false),
    confidential: message(deadlineKind, true),
  });
  return {
    kind,
    dueDate,
    businessDaysLeft,
    type: 'process',
    title: `Prazo vence ${when(kind, businessDaysLeft)}`,
    link: '/semgi/process-details/%3$s',
    messages: { process: both('process'), return: both('return') },
  };
}

/**
 * A signature deadline's reminders (docs/deadlines.md#signature-deadlines), as templates the sweep's
 * SQL fills in for each request (SignatureReminderTemplate), linking to the document: 'before' and
 * 'due-day' to the signers whose turn has come ('Prazo de assinatura vence hoje'), 'expired' to the
 * requester ('Prazo de assinatura vencido', with the signatures still missing). A confidential
 * document is never named.
 */
export function signatureReminderTemplate(
  kind: SignatureReminderKind,
  businessDaysLeft: number,
  dueDate: string,
): SignatureReminderTemplate {
  const message = (what: string) =>
    kind === 'expired'
      ? `O prazo para assinar ${what} venceu em %3$s com assinaturas pendentes (%4$s de %5$s).`
      : `O prazo para assinar ${what} ${falls(kind, businessDaysLeft, dueDate)}.`;
  return {
    kind,
    dueDate,
    businessDaysLeft,
    type: kind === 'expired' ? 'alert' : 'document',
    title:
      kind === 'expired' ? 'Prazo de assinatura vencido' : `Prazo de assinatura vence ${when(kind, businessDaysLeft)}`,
    link: '/semgi/documents/%2$s',
    messages: { open: message('o documento "%1$s"'), confidential: message('um documento sigiloso') },
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
  return digest(plural(total, 'prazo vencido', 'prazos vencidos'), total, listed, OVERDUE_LIST_LINK);
}

/**
 * 'Você tem 2 assinaturas com prazo vencido', sent beside the overdue digest: the count and the first
 * DIGEST_LISTED by due day, linking to 'Assinaturas pendentes'; a confidential document unnamed.
 */
export function signatureDigestContent(
  total: number,
  first: readonly Pick<ClaimedSignatureDigestItem, 'title' | 'confidential' | 'dueDate'>[],
): NotificationContent {
  const listed = first.map(
    (s) => `${s.confidential ? 'um documento sigiloso' : `"${s.title}"`} (venceu em ${day(s.dueDate)})`,
  );
  return digest(
    plural(total, 'assinatura com prazo vencido', 'assinaturas com prazo vencido'),
    total,
    listed,
    PENDING_SIGNATURES_LINK,
  );
}

const digest = (counted: string, total: number, listed: string[], link: string): NotificationContent => {
  const rest = total - listed.length;
  return {
    type: 'alert',
    title: `Você tem ${counted}`,
    message: `${listed.join('; ')}${rest > 0 ? `; e mais ${rest}` : ''}.`,
    link,
  };
};
