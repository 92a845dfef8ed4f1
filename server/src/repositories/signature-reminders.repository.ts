import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { NotificationType } from '#server/contracts/notifications';
import {
  type DayReminderKind,
  RECIPIENT_COLUMNS,
  reminderClaimParams,
  type ReminderRecipient,
  type StoredBatch,
  storeOutgoingSql,
} from './deadline-reminders.repository';

/** 'before' and 'due-day' to the signers whose turn has come; 'expired' to the requester, once the due day passed. */
export type SignatureReminderKind = DayReminderKind | 'expired';

/**
 * The reminders of every open signature request due on `dueDate` ('expired': due before it), as the
 * sweep writes them (worker/src/deadlines/reminder-texts.ts): title, link and message as `format()`
 * strings — `%1$s` the document's title (never in a confidential one's), `%2$s` its id, `%3$s` the
 * due day (dd/mm/aaaa), `%4$s` the signatures still missing, `%5$s` the signers.
 */
export interface SignatureReminderTemplate {
  kind: SignatureReminderKind;
  dueDate: string;
  businessDaysLeft: number;
  type: NotificationType;
  title: string;
  link: string;
  messages: Record<'open' | 'confidential', string>;
}

/** One of the first overdue signatures of a digest just claimed (`rank` 1, 2, …), with the digest's `total`. */
export interface ClaimedSignatureDigestItem extends ReminderRecipient {
  total: number;
  rank: number;
  title: string;
  confidential: boolean;
  dueDate: string;
}

/**
 * A reminder never names a confidential document, nor one attached to a confidential process
 * (docs/deadlines.md#signature-deadlines): of `documents doc`, with `processes p` left-joined.
 */
const SECRET = `(doc.confidential OR coalesce(p.confidential, false))`;

/**
 * Who each kind of reminder goes to, from the requests `b` of the batch: the `pending` signers, or
 * the requester; active, and for 'before' ($4) only those who want it $5 business days ahead.
 */
const SIGNERS = `JOIN document_signing_flow f ON f.request_id = b.id AND f.state = 'pending' JOIN users u ON u.id = f.user_id`;
const RECIPIENTS: Record<SignatureReminderKind, string> = {
  before: SIGNERS,
  'due-day': SIGNERS,
  expired: 'JOIN users u ON u.id = b.requested_by',
};

/**
 * The claims of signature deadlines in the reminder sweep (docs/deadlines.md#signature-deadlines),
 * on the pattern of DeadlineRemindersRepository: keys inserted with ON CONFLICT DO NOTHING, the
 * notifications and e-mails owed written in the same statement for the claims made now only.
 */
@Injectable()
export class SignatureRemindersRepository {
  /**
   * The next `limit` open signature requests after id `after` (keyset, by id) due on
   * `template.dueDate` — for 'expired', due before it — in one statement: claims the reminder of
   * each recipient (the `pending` signers, for 'before' only those who want it `businessDaysLeft`
   * ahead; the requester for 'expired'), stores a notification per claim made now and, when `mail`,
   * records the e-mails owed.
   */
  async claimReminders(
    claim: { template: SignatureReminderTemplate; after: string | null; limit: number; mail: boolean },
    tx: EntityManager,
  ): Promise<StoredBatch> {
    const { template } = claim;
    const due = template.kind === 'expired' ? 'r.deadline_due < $1' : 'r.deadline_due = $1';
    const [row]: StoredBatch[] = await tx.query(
      `WITH batch AS (
         SELECT r.id, r.document_id, r.requested_by, r.deadline_due
           FROM signature_requests r
          WHERE r.status = 'open' AND ${due} AND ($2::uuid IS NULL OR r.id > $2::uuid)
          ORDER BY r.id LIMIT $3),
       claimed AS (
         INSERT INTO signature_reminders (request_id, user_id, kind, due_date)
         SELECT b.id, u.id, $4, b.deadline_due
           FROM batch b ${RECIPIENTS[template.kind]}
          WHERE u.status = 'active' AND ($4 <> 'before' OR u.deadline_reminder_days >= $5)
          ORDER BY b.id, u.id
         ON CONFLICT DO NOTHING
         RETURNING request_id, user_id),
       outgoing AS (
         SELECT gen_random_uuid() AS id, c.user_id, ${SECRET} AS confidential,
                format(CASE WHEN ${SECRET} THEN $11 ELSE $10 END, doc.title, doc.id,
                       to_char(b.deadline_due, 'DD/MM/YYYY'), n.missing, n.signers) AS message,
                format($8, doc.title, doc.id) AS link
           FROM claimed c
           JOIN batch b ON b.id = c.request_id
           JOIN documents doc ON doc.id = b.document_id
           LEFT JOIN processes p ON p.id = doc.process_id
           CROSS JOIN LATERAL (
             SELECT count(*) FILTER (WHERE f.state IN ('pending', 'waiting')) AS missing, count(*) AS signers
               FROM document_signing_flow f WHERE f.request_id = b.id) n),
       ${storeOutgoingSql({ type: '$6', title: '$7', mail: '$9' })}`,
      [...reminderClaimParams(claim), template.messages.open, template.messages.confidential],
    );
    return row;
  }

  /**
   * Claims today's signature digest (kind 'signatures' of `deadline_digests`) of each of the users
   * `userIds` who is a `pending` signer of open requests due before `today`. Returns, for each digest
   * claimed now, its first `first` requests (by due day, then document) with the total.
   */
  claimOverdueDigests(
    claim: { userIds: string[]; today: string; first: number },
    tx: EntityManager,
  ): Promise<ClaimedSignatureDigestItem[]> {
    return tx.query(
      `WITH overdue AS (
         SELECT f.user_id, r.deadline_due, doc.title, ${SECRET} AS confidential,
                row_number() OVER (PARTITION BY f.user_id ORDER BY r.deadline_due, doc.protocol_number, r.id)::int AS rank,
                count(*) OVER (PARTITION BY f.user_id)::int AS total
           FROM document_signing_flow f
           JOIN signature_requests r ON r.id = f.request_id
           JOIN documents doc ON doc.id = r.document_id
           LEFT JOIN processes p ON p.id = doc.process_id
          WHERE f.user_id = ANY($1::uuid[]) AND f.state = 'pending' AND r.status = 'open' AND r.deadline_due < $2),
       claimed AS (
         INSERT INTO deadline_digests (user_id, day, overdue, kind)
         SELECT user_id, $2, total, 'signatures' FROM overdue WHERE rank = 1 ORDER BY user_id
         ON CONFLICT DO NOTHING
         RETURNING user_id)
       SELECT ${RECIPIENT_COLUMNS}, o.total, o.rank, o.title, o.confidential,
              to_char(o.deadline_due, 'YYYY-MM-DD') AS "dueDate"
         FROM overdue o
         JOIN claimed c ON c.user_id = o.user_id
         JOIN users u ON u.id = o.user_id
        WHERE o.rank <= $3
        ORDER BY u.id, o.rank`,
      [claim.userIds, claim.today, claim.first],
    );
  }
}
