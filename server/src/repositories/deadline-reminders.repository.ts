import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { DeadlineKind } from '#server/contracts/deadlines';
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

/** A 'before' or 'due-day' reminder just claimed: send it. */
export type ClaimedReminder = ReminderRecipient & RemindedDeadline;

/** One of the first overdue deadlines of a digest just claimed (`rank` 1, 2, …), with the digest's `total`. */
export interface ClaimedDigestItem extends ReminderRecipient, RemindedDeadline {
  total: number;
  rank: number;
}

/** Recipient columns of `users u` (docs/notifications.md: preferences on unless turned off). */
const RECIPIENT_COLUMNS = `u.id AS "userId", u.name, u.email,
  (u.preferences #>> '{notifications,system}') IS DISTINCT FROM 'false' AS push,
  (u.preferences #>> '{notifications,email}') IS DISTINCT FROM 'false' AS mail`;

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

  /** The next `limit` open deadlines due on `day` after id `after` (keyset, by id). */
  async dueOn(day: string, after: string | null, limit: number, tx: EntityManager = this.dataSource.manager) {
    const rows: { id: string }[] = await tx.query(
      `SELECT id FROM process_deadlines
        WHERE status = 'open' AND due_date = $1 AND ($2::uuid IS NULL OR id > $2::uuid)
        ORDER BY id LIMIT $3`,
      [day, after, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Claims the `kind` reminder of the deadlines `ids` (still open and due on `day`) for every active
   * user of the department that must act who may see the process and — for 'before', `businessDaysLeft`
   * ahead — wants it that early. Returns the claims made now (none already made).
   */
  claimDayReminders(
    claim: { ids: string[]; day: string; kind: DayReminderKind; businessDaysLeft: number },
    tx: EntityManager,
  ): Promise<ClaimedReminder[]> {
    return tx.query(
      `WITH claimed AS (
         INSERT INTO deadline_reminders (deadline_id, user_id, kind, due_date)
         SELECT d.id, u.id, $3, d.due_date
           FROM process_deadlines d
           JOIN processes p ON p.id = d.process_id
           JOIN users u ON u.department = ${ACTING_DEPARTMENT}
          WHERE d.id = ANY($1::uuid[]) AND d.status = 'open' AND d.due_date = $2
            AND u.status = 'active' AND ${usersSeeProcessSql('u', 'p')}
            AND ($3 = 'due-day' OR u.deadline_reminder_days >= $4)
          ORDER BY d.id, u.id
         ON CONFLICT DO NOTHING
         RETURNING deadline_id, user_id)
       SELECT ${RECIPIENT_COLUMNS}, d.kind AS "deadlineKind", p.id AS "processId", p.subject, p.confidential,
              to_char(d.due_date, 'YYYY-MM-DD') AS "dueDate"
         FROM claimed c
         JOIN process_deadlines d ON d.id = c.deadline_id
         JOIN processes p ON p.id = d.process_id
         JOIN users u ON u.id = c.user_id
        ORDER BY u.id, d.id`,
      [claim.ids, claim.day, claim.kind, claim.businessDaysLeft],
    );
  }

  /** The next `limit` active users after id `after` (keyset, by id). */
  async activeUsers(after: string | null, limit: number, tx: EntityManager = this.dataSource.manager) {
    const rows: { id: string }[] = await tx.query(
      `SELECT id FROM users WHERE status = 'active' AND ($1::uuid IS NULL OR id > $1::uuid) ORDER BY id LIMIT $2`,
      [after, limit],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Claims today's overdue digest of each of the users `userIds` who has overdue deadlines: open,
   * due before `today`, of a process they may see, that their department must act on or that they
   * set. Returns, for each digest claimed now, its first `first` deadlines (by due day, then process)
   * with the total.
   */
  claimOverdueDigests(
    claim: { userIds: string[]; today: string; first: number },
    tx: EntityManager,
  ): Promise<ClaimedDigestItem[]> {
    // Counted by department where everyone sees alike (the public deadlines), by user only for the
    // rest (confidential ones of their department they may see, and the ones they set elsewhere):
    // the work grows with the deadlines, not with deadlines × users.
    return tx.query(
      `WITH overdue AS (
         SELECT d.id AS deadline_id, d.due_date, d.set_by, ${ACTING_DEPARTMENT} AS department,
                p.id, p.confidential, p.created_by
           FROM process_deadlines d JOIN processes p ON p.id = d.process_id
          WHERE d.status = 'open' AND d.due_date < $2),
       batch AS (SELECT * FROM users WHERE id = ANY($1::uuid[]) AND status = 'active'),
       public_ranked AS (
         SELECT department, deadline_id, due_date, id AS process_id,
                row_number() OVER (PARTITION BY department ORDER BY due_date, id, deadline_id) AS rank
           FROM overdue WHERE NOT confidential),
       public_totals AS (SELECT department, count(*) AS n FROM overdue WHERE NOT confidential GROUP BY department),
       own AS (
         SELECT u.id AS user_id, p.deadline_id, p.due_date, p.id AS process_id
           FROM batch u JOIN overdue p ON p.department = u.department
          WHERE p.confidential AND ${usersSeeProcessSql('u', 'p')}
         UNION
         SELECT u.id, p.deadline_id, p.due_date, p.id
           FROM batch u JOIN overdue p ON p.set_by = u.id
          WHERE (p.department <> u.department OR p.confidential) AND ${usersSeeProcessSql('u', 'p')}),
       candidates AS (
         SELECT u.id AS user_id, r.deadline_id, r.due_date, r.process_id
           FROM batch u JOIN public_ranked r ON r.department = u.department AND r.rank <= $3
         UNION ALL
         SELECT user_id, deadline_id, due_date, process_id FROM own),
       own_totals AS (SELECT user_id, count(*) AS n FROM own GROUP BY user_id),
       totals AS (
         SELECT u.id AS user_id, coalesce(pt.n, 0) + coalesce(ot.n, 0) AS total
           FROM batch u
           LEFT JOIN public_totals pt ON pt.department = u.department
           LEFT JOIN own_totals ot ON ot.user_id = u.id),
       ranked AS (
         SELECT c.user_id, c.deadline_id, t.total::int AS total,
                row_number() OVER (PARTITION BY c.user_id ORDER BY c.due_date, c.process_id, c.deadline_id)::int AS rank
           FROM candidates c JOIN totals t ON t.user_id = c.user_id),
       claimed AS (
         INSERT INTO deadline_digests (user_id, day, overdue)
         SELECT user_id, $2, total FROM ranked WHERE rank = 1 ORDER BY user_id
         ON CONFLICT DO NOTHING
         RETURNING user_id)
       SELECT ${RECIPIENT_COLUMNS}, r.total, r.rank, d.kind AS "deadlineKind", p.id AS "processId", p.subject,
              p.confidential, to_char(d.due_date, 'YYYY-MM-DD') AS "dueDate"
         FROM ranked r
         JOIN claimed c ON c.user_id = r.user_id
         JOIN process_deadlines d ON d.id = r.deadline_id
         JOIN processes p ON p.id = d.process_id
         JOIN users u ON u.id = r.user_id
        WHERE r.rank <= $3
        ORDER BY u.id, r.rank`,
      [claim.userIds, claim.today, claim.first],
    );
  }
}
