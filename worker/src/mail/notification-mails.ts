import type { NotificationMailJob } from '#server/contracts/jobs';
import { mailJobOptions, notificationMailJobId } from '#server/queue/mail-jobs';
import type { RelayedEvent } from '../outbox/outbox-handler';

/** A recipient as the notifications handler resolved them: e-mail address and preference. */
export interface MailRecipient {
  id: string;
  name: string;
  email: string;
  /** users.preferences.notifications.email, true unless turned off (docs/accounts.md#settings). */
  mail: boolean;
}

/** True for an event about a confidential process: its e-mail then says nothing of it. */
export function isConfidentialEvent(event: RelayedEvent): boolean {
  return 'confidential' in event.payload && event.payload.confidential === true;
}

/**
 * The mail jobs of the notifications just stored: one per stored row whose recipient wants e-mail
 * and has an address, keyed `notification-<id>` so the same notification is never mailed twice.
 * No digest: each notification is one e-mail (see README, "E-mail").
 */
export function notificationMailJobs(
  event: RelayedEvent,
  recipients: readonly MailRecipient[],
  stored: readonly { id: string; userId: string; title: string; message: string; link: string }[],
  retryBaseMs: number,
) {
  const byId = new Map(recipients.map((r) => [r.id, r]));
  const confidential = isConfidentialEvent(event);
  return stored.flatMap((row) => {
    const recipient = byId.get(row.userId);
    return recipient ? notificationMailJob(recipient, row, confidential, retryBaseMs) : [];
  });
}

/**
 * The mail job of one stored notification (none when its recipient turned e-mail off or has no
 * address); `confidential`: about a confidential process, so the e-mail says nothing of it.
 */
export function notificationMailJob(
  recipient: Omit<MailRecipient, 'id'>,
  row: { id: string; title: string; message: string; link: string },
  confidential: boolean,
  retryBaseMs: number,
) {
  if (!recipient.mail || !recipient.email.trim()) return [];
  const payload: NotificationMailJob = {
    notificationId: row.id,
    to: recipient.email.trim(),
    name: recipient.name,
    title: row.title,
    message: row.message,
    link: row.link,
    confidential,
  };
  return [{ payload, options: mailJobOptions(notificationMailJobId(row.id), { secret: false, retryBaseMs }) }];
}
