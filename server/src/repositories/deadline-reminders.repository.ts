import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DeadlineKind } from '#server/contracts/deadlines';
import type { NotificationType } from '#server/contracts/notifications';
import { usersSeeProcessSql } from '#server/domain/processes/process-visibility';

/** 'before': N business days ahead (the user's preference); 'due-day': on the due day. */
export type DayReminderKind = 'before' | 'due-day';

/** A recipient as a reminder needs them: address and preferences (both on unless turned off). */
export interface ReminderRecipient {
  userId: string;
  name: string;
  email: string;
  /** users.preferences.notifications.system */
  push: boolean;
  /** users.preferences.notifications.email */
  mail: boolean;
}

/** The deadline a reminder is about. */
export interface RemindedDeadline {
  deadlineKind: DeadlineKind;
  processId: string;
  subject: string;
  confidential: boolean;
  dueDate: string;
}

/**
 * The 'before' or 'due-day' reminder of every deadline due on `dueDate`, as the sweep writes it
 * (worker/src/deadlines/reminder-texts.ts): title and link, and the message as a `format()` string
 * by deadline kind and confidentiality — `%1$s` the process number, `%2$s` its subject (never in a
 * confidential one's), `%3$s` (link) the number percent-encoded.
 */
export interface DayReminderTemplate {
  kind: DayReminderKind;
  dueDate: string;
  businessDaysLeft: number;
  type: NotificationType;
  title: string;
  link: string;
  messages: Record<DeadlineKind, Record<'open' | 'confidential', string>>;
}

/** What one claimed batch stored, after the commit: whom to tell live, and where the keyset goes on. */
export interface StoredBatch {
  /** Deadlines (or users) the batch looked at: 0 when the keyset is over. */
  seen: number;
  /** The keyset's next `after`: the last deadline (or user) id the batch looked at. */
  last: string | null;
  /** Notifications stored. */
  stored: number;
  /** Recipients of those who want live pushes (docs/notifications.md). */
  pushTo: string[];
}

/** An e-mail a reminder owes (`deadline_reminder_mails`), with what its mail job needs. */
export interface OwedMail {
  id: string;
  title: string;
  message: string;
  link: string;
  name: string;
  email: string;
  confidential: boolean;
}

/** One of the first overdue deadlines of a digest just claimed (`rank` 1, 2, …), with the digest's `total`. */
export interface ClaimedDigestItem extends ReminderRecipient, RemindedDeadline {
  total: number;
  rank: number;
}

/** The user `u` wants live pushes / e-mail (docs/notifications.md: preferences on unless turned off). */
const WANTS_PUSH = `(u.preferences #>> '{notifications,system}') IS DISTINCT FROM 'false'`;
const WANTS_MAIL = `(u.preferences #>> '{notifications,email}') IS DISTINCT FROM 'false' AND btrim(u.email) <> ''`;

/** Recipient columns of `users u`. */
export const RECIPIENT_COLUMNS = `u.id AS "userId", u.name, u.email, ${WANTS_PUSH} AS push,
  (u.preferences #>> '{notifications,email}') IS DISTINCT FROM 'false' AS mail`;

/**
 * The end of a reminder claim (docs/deadlines.md#reminders), after the CTEs `batch` (the keyset's
 * rows, by `id`) and `outgoing` (`id`, `user_id`, `confidential`, `message`, `link`: one per claim
 * made now): stores the notifications with `type` and `title`, records the e-mails owed when `mail`
 * (each a query parameter), and answers a StoredBatch.
 */
export const storeOutgoingSql = (param: { type: string; title: string; mail: string }) => `
       stored AS (
         INSERT INTO notifications (id, user_id, type, title, message, link)
         SELECT id, user_id, ${param.type}, ${param.title}, message, link FROM outgoing ORDER BY user_id, link
         RETURNING user_id),
       mailed AS (
         INSERT INTO deadline_reminder_mails (notification_id, confidential)
         SELECT o.id, o.confidential FROM outgoing o JOIN users u ON u.id = o.user_id
          WHERE ${param.mail} AND ${WANTS_MAIL})
       SELECT (SELECT count(*) FROM batch)::int AS seen,
              (SELECT id FROM batch ORDER BY id DESC LIMIT 1) AS last,
              (SELECT count(*) FROM stored)::int AS stored,
              ARRAY(SELECT DISTINCT s.user_id FROM stored s JOIN users u ON u.id = s.user_id
                     WHERE ${WANTS_PUSH}) AS "pushTo"`;

/** What every reminder claim reads as $1–$9, in this order; its own parameters follow from $10. */
export function reminderClaimParams(claim: {
  template: Pick<DayReminderTemplate, 'dueDate' | 'businessDaysLeft' | 'type' | 'title' | 'link'> & { kind: string };
  after: string | null;
  limit: number;
  mail: boolean;
}): unknown[] {
  const { template } = claim;
  return [
    template.dueDate,
    claim.after,
    claim.limit,
    template.kind,
    template.businessDaysLeft,
    template.type,
    template.title,
    template.link,
    claim.mail,
  ];
}

/** The department that must act on deadline `d` of process `p`: the asked one, else where the process is. */
const ACTING_DEPARTMENT = `COALESCE(d.to_department, p.current_department)`;

/**
 * The claims of the deadline reminder sweep (docs/deadlines.md#reminders). Each claim inserts its
 * keys with ON CONFLICT DO NOTHING and returns only what it inserted, so the caller, storing the
 * notifications in the same transaction, sends each reminder exactly once however many sweeps run.
 */
@Injectable()
export class DeadlineRemindersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * The next `limit` open deadlines due on `template.dueDate` after id `after` (keyset, by id), in
   * one statement: claims their reminder for every active user of the department that must act who
   * may see the process and — for 'before', `businessDaysLeft` ahead — wants it that early; stores a
   * notification per claim made now (none already made) and, when `mail`, records the e-mail owed
   * for each one whose recipient wants e-mail (`deadline_reminder_mails`, queued after the commit).
   * Nothing of the rows comes back but who to push to.
   */
  async claimDayReminders(
    claim: { template: DayReminderTemplate; after: string | null; limit: number; mail: boolean },
    tx: EntityManager,
  ): Promise<StoredBatch> {
    const { template } = claim;
    const [row]: StoredBatch[] = await tx.query(
      `WITH batch AS (
         SELECT d.id, d.kind, d.process_id, d.to_department, d.due_date
           FROM process_deadlines d
          WHERE d.status = 'open' AND d.due_date = $1 AND ($2::uuid IS NULL OR d.id > $2::uuid)
          ORDER BY d.id LIMIT $3),
       claimed AS (
         INSERT INTO deadline_reminders (deadline_id, user_id, kind, due_date)
         SELECT b.id, u.id, $4, b.due_date
           FROM batch b
           JOIN processes p ON p.id = b.process_id
           JOIN users u ON u.department = COALESCE(b.to_department, p.current_department)
          WHERE u.status = 'active' AND ${usersSeeProcessSql('u', 'p')}
            AND ($4 = 'due-day' OR u.deadline_reminder_days >= $5)
          ORDER BY b.id, u.id
         ON CONFLICT DO NOTHING
         RETURNING deadline_id, user_id),
       outgoing AS (
         -- A process id is a NUP (UUUUU.SSSSSS/AAAA-DD): encodeURIComponent changes only its slash.
         SELECT gen_random_uuid() AS id, c.user_id, p.confidential,
                format($10::jsonb -> b.kind ->> CASE WHEN p.confidential THEN 'confidential' ELSE 'open' END,
                       p.id, p.subject) AS message,
                format($8, p.id, p.subject, replace(p.id, '/', '%2F')) AS link
           FROM claimed c JOIN batch b ON b.id = c.deadline_id JOIN processes p ON p.id = b.process_id),
       ${storeOutgoingSql({ type: '$6', title: '$7', mail: '$9' })}`,
      [...reminderClaimParams(claim), JSON.stringify(template.messages)],
    );
    return row;
  }

  /**
   * The next `limit` active users after id `after` (keyset, by id) whose digest of `day` is not
   * claimed yet: a sweep that finds them all claimed runs no digest query.
   */
  async undigestedUsers(after: string | null, limit: number, day: string) {
    const rows: { id: string }[] = await this.dataSource.query(
      `SELECT id FROM users u
        WHERE status = 'active' AND ($1::uuid IS NULL OR id > $1::uuid)
          AND NOT EXISTS (SELECT 1 FROM deadline_digests g WHERE g.user_id = u.id AND g.day = $3)
        ORDER BY id LIMIT $2`,
      [after, limit, day],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Claims today's overdue digest of each of the users `userIds` who has overdue deadlines: open,
   * due before `today`, of a process they may see, that their department must act on or that they
   * set. Returns, for each digest claimed now, its first `first` deadlines (by due day, then process)
   * with the total.
   */
  async claimOverdueDigests(
    claim: { userIds: string[]; today: string; first: number },
    tx: EntityManager,
  ): Promise<ClaimedDigestItem[]> {
    // One statement over every overdue deadline: compiling it (JIT) cost more than running it, and
    // its sorts spilled to disk at the default work_mem (docs/deadlines.md, the sweep's figures).
    await tx.query(`SET LOCAL jit = off`);
    await tx.query(`SET LOCAL work_mem = '64MB'`);
    // Counted by department where everyone sees alike (the public deadlines), by user only for the
    // rest (confidential ones of their department they may see, and the ones they set elsewhere):
    // the work grows with the deadlines, not with deadlines × users. Each row carries what the
    // digest lists, so nothing is looked up again at the end.
    return tx.query(
      `WITH overdue AS (
         SELECT d.id AS deadline_id, d.kind, d.due_date, d.set_by, ${ACTING_DEPARTMENT} AS department,
                p.id, p.subject, p.confidential, p.created_by
           FROM process_deadlines d JOIN processes p ON p.id = d.process_id
          WHERE d.status = 'open' AND d.due_date < $2),
       batch AS (SELECT * FROM users WHERE id = ANY($1::uuid[]) AND status = 'active'),
       public_ranked AS (
         SELECT department, deadline_id, kind, due_date, id AS process_id, subject, confidential,
                row_number() OVER (PARTITION BY department ORDER BY due_date, id, deadline_id) AS rank
           FROM overdue WHERE NOT confidential),
       public_totals AS (SELECT department, count(*) AS n FROM overdue WHERE NOT confidential GROUP BY department),
       own AS (
         SELECT u.id AS user_id, p.deadline_id, p.kind, p.due_date, p.id AS process_id, p.subject, p.confidential
           FROM batch u JOIN overdue p ON p.department = u.department
          WHERE p.confidential AND ${usersSeeProcessSql('u', 'p')}
         UNION
         SELECT u.id, p.deadline_id, p.kind, p.due_date, p.id, p.subject, p.confidential
           FROM batch u JOIN overdue p ON p.set_by = u.id
          WHERE (p.department <> u.department OR p.confidential) AND ${usersSeeProcessSql('u', 'p')}),
       candidates AS (
         SELECT u.id AS user_id, r.deadline_id, r.kind, r.due_date, r.process_id, r.subject, r.confidential
           FROM batch u JOIN public_ranked r ON r.department = u.department AND r.rank <= $3
         UNION ALL
         SELECT * FROM own),
       own_totals AS (SELECT user_id, count(*) AS n FROM own GROUP BY user_id),
       totals AS (
         SELECT u.id AS user_id, coalesce(pt.n, 0) + coalesce(ot.n, 0) AS total
           FROM batch u
           LEFT JOIN public_totals pt ON pt.department = u.department
           LEFT JOIN own_totals ot ON ot.user_id = u.id),
       ranked AS (
         SELECT c.*, t.total::int AS total,
                row_number() OVER (PARTITION BY c.user_id ORDER BY c.due_date, c.process_id, c.deadline_id)::int AS rank
           FROM candidates c JOIN totals t ON t.user_id = c.user_id),
       claimed AS (
         INSERT INTO deadline_digests (user_id, day, overdue)
         SELECT user_id, $2, total FROM ranked WHERE rank = 1 ORDER BY user_id
         ON CONFLICT DO NOTHING
         RETURNING user_id)
       SELECT ${RECIPIENT_COLUMNS}, r.total, r.rank, r.kind AS "deadlineKind", r.process_id AS "processId", r.subject,
              r.confidential, to_char(r.due_date, 'YYYY-MM-DD') AS "dueDate"
         FROM ranked r
         JOIN claimed c ON c.user_id = r.user_id
         JOIN users u ON u.id = r.user_id
        WHERE r.rank <= $3
        ORDER BY u.id, r.rank`,
      [claim.userIds, claim.today, claim.first],
    );
  }

  /** Records, in the transaction that stores them, the e-mails owed for the notifications `ids`. */
  async recordMails(ids: string[], confidential: boolean, tx: EntityManager): Promise<void> {
    if (ids.length === 0) return;
    await tx.query(
      `INSERT INTO deadline_reminder_mails (notification_id, confidential) SELECT unnest($1::uuid[]), $2`,
      [ids, confidential],
    );
  }

  /**
   * Takes up to `limit` e-mails owed (rows another sweep is taking are skipped) and deletes them in
   * `tx`: the caller queues their mail jobs before it commits, so a crash in between leaves them owed.
   * Returns as many rows as it took; a row whose notification is gone (deleted by its reader, or
   * with its user) is taken and owes nothing: `id` null.
   */
  async takeMails(limit: number, tx: EntityManager): Promise<(OwedMail | { id: null })[]> {
    return tx.query(
      `WITH taken AS (
         DELETE FROM deadline_reminder_mails
          WHERE notification_id IN (SELECT notification_id FROM deadline_reminder_mails LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING notification_id, confidential)
       SELECT n.id, n.title, n.message, n.link, u.name, u.email, t.confidential
         FROM taken t
         LEFT JOIN notifications n ON n.id = t.notification_id
         LEFT JOIN users u ON u.id = n.user_id`,
      [limit],
    );
  }
}
