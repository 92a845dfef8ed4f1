import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { NotificationType } from '#server/contracts/notifications';
import { NotificationEntity } from '#server/database/entities/index';
import { NOTIFICATION_ROW_COLUMNS, type NotificationRow } from '#server/domain/notifications/notification-view';
import { capCount, type CappedCount } from '#server/database/capped-count';

/** Who a notification goes to, before the active users are looked up (docs/notifications.md#recipients). */
export interface RecipientRule {
  /** Every active member of these departments… */
  departments: string[];
  /** …and these users… */
  userIds: string[];
  /** …and every active admin… */
  admins: boolean;
  /** …except the author of the change… */
  actorId: string | null;
  /** …and, for a confidential process, only admins and these users. */
  confidentialViewers: string[] | null;
}

export interface NotificationContent {
  type: NotificationType;
  title: string;
  message: string;
  link: string;
}

export interface NotificationRecipient {
  id: string;
  name: string;
  email: string;
  /** users.preferences.notifications.system, true unless turned off (docs/accounts.md#settings). */
  push: boolean;
  /** users.preferences.notifications.email, true unless turned off. */
  mail: boolean;
}

/**
 * The notifications table, read by its owner (server) and written by the outbox relay (worker).
 * Every read and change is scoped by user id.
 */
@Injectable()
export class NotificationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** One page, newest first (one fixed statement: it runs on every visit to the bell and the page). */
  page(
    userId: string,
    filter: { read?: boolean; skip: number; take: number },
    tx: EntityManager = this.dataSource.manager,
  ): Promise<NotificationRow[]> {
    const values: unknown[] = [userId, filter.take, filter.skip];
    if (filter.read !== undefined) values.push(filter.read);
    return tx.query(
      `SELECT ${NOTIFICATION_ROW_COLUMNS} FROM notifications
        WHERE user_id = $1 ${filter.read === undefined ? '' : 'AND read = $4'}
        ORDER BY seq DESC LIMIT $2 OFFSET $3`,
      values,
    );
  }

  /**
   * How many of the user's notifications (read or unread only, when `read` is given) there are,
   * reading at most `cap` + 1 of them (docs/processes.md#list-counts).
   */
  async countOf(
    userId: string,
    read: boolean | undefined,
    cap: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<CappedCount> {
    const [{ total }]: { total: number }[] = await tx.query(
      `SELECT count(*)::int AS total FROM (
         SELECT 1 FROM notifications WHERE user_id = $1 ${read === undefined ? '' : 'AND read = $3'} LIMIT $2
       ) matching`,
      read === undefined ? [userId, cap + 1] : [userId, cap + 1, read],
    );
    return capCount(total, cap);
  }

  /** Stored after `afterSeq`, oldest first. */
  async after(
    userId: string,
    afterSeq: number,
    limit: number,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<NotificationRow[]> {
    return tx.query(
      `SELECT ${NOTIFICATION_ROW_COLUMNS} FROM notifications WHERE user_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [userId, afterSeq, limit],
    );
  }

  /** The row marked read, or null when the user has no such notification. */
  async markRead(
    userId: string,
    id: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<NotificationRow | null> {
    const [rows]: [NotificationRow[], number] = await tx.query(
      `UPDATE notifications SET read = true WHERE id = $1 AND user_id = $2 RETURNING ${NOTIFICATION_ROW_COLUMNS}`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  /** How many were unread. */
  async markAllRead(userId: string, tx: EntityManager = this.dataSource.manager): Promise<number> {
    const [, affected]: [unknown, number] = await tx.query(
      `UPDATE notifications SET read = true WHERE user_id = $1 AND NOT read`,
      [userId],
    );
    return affected;
  }

  /** How many were deleted: 1, or 0 when the user has no such notification. */
  async delete(userId: string, id: string, tx: EntityManager = this.dataSource.manager): Promise<number> {
    return (await tx.getRepository(NotificationEntity).delete({ id, userId })).affected ?? 0;
  }

  /** How many read notifications were deleted. */
  async deleteRead(userId: string, tx: EntityManager = this.dataSource.manager): Promise<number> {
    return (await tx.getRepository(NotificationEntity).delete({ userId, read: true })).affected ?? 0;
  }

  /** Unread notifications per user (0 for users without any): a count, so never below 0. */
  async unreadCounts(userIds: string[], tx: EntityManager = this.dataSource.manager): Promise<Map<string, number>> {
    const counts = new Map(userIds.map((id) => [id, 0]));
    if (userIds.length === 0) return counts;
    const rows: { userId: string; count: number }[] = await tx.query(
      `SELECT user_id AS "userId", count(*)::int AS count
         FROM notifications WHERE user_id = ANY($1::uuid[]) AND NOT read GROUP BY user_id`,
      [userIds],
    );
    for (const row of rows) counts.set(row.userId, row.count);
    return counts;
  }

  async unreadCount(userId: string, tx: EntityManager = this.dataSource.manager): Promise<number> {
    return (await this.unreadCounts([userId], tx)).get(userId) ?? 0;
  }

  /**
   * Active users named by the rule, minus the actor, limited to viewers of a confidential process;
   * with their push and e-mail preferences (both on unless turned off).
   */
  recipients(rule: RecipientRule, tx: EntityManager = this.dataSource.manager): Promise<NotificationRecipient[]> {
    return tx.query(
      `SELECT id, name, email,
              (preferences #>> '{notifications,system}') IS DISTINCT FROM 'false' AS push,
              (preferences #>> '{notifications,email}') IS DISTINCT FROM 'false' AS mail
         FROM users
        WHERE status = 'active'
          AND (id = ANY($1::uuid[]) OR department = ANY($2::text[]) OR ($5 AND role = 'admin'))
          AND ($3::uuid IS NULL OR id <> $3::uuid)
          AND ($4::uuid[] IS NULL OR role = 'admin' OR id = ANY($4::uuid[]))
        ORDER BY id`,
      [rule.userIds, rule.departments, rule.actorId, rule.confidentialViewers, rule.admins],
    );
  }

  /**
   * Notifications with their ids chosen by the caller (who matches them to what they announce), in
   * the caller's transaction. The rows stored.
   */
  insertMany(
    rows: readonly (NotificationContent & { id: string; userId: string })[],
    tx: EntityManager,
  ): Promise<(NotificationRow & { userId: string })[]> {
    if (rows.length === 0) return Promise.resolve([]);
    return tx.query(
      `INSERT INTO notifications (id, user_id, type, title, message, link)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[])
       RETURNING user_id AS "userId", ${NOTIFICATION_ROW_COLUMNS}`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.userId),
        rows.map((row) => row.type),
        rows.map((row) => row.title),
        rows.map((row) => row.message),
        rows.map((row) => row.link),
      ],
    );
  }

  /**
   * One notification per recipient for the event, idempotently: UNIQUE (source_event_id, user_id)
   * with ON CONFLICT DO NOTHING, so a second relay of the event stores nothing. The rows stored now.
   */
  insertOncePerEvent(
    recipientIds: string[],
    content: NotificationContent,
    sourceEventId: string,
    tx: EntityManager = this.dataSource.manager,
  ): Promise<(NotificationRow & { userId: string })[]> {
    return tx.query(
      `INSERT INTO notifications (user_id, type, title, message, link, source_event_id)
       SELECT unnest($1::uuid[]), $2, $3, $4, $5, $6
       ON CONFLICT (source_event_id, user_id) WHERE source_event_id IS NOT NULL DO NOTHING
       RETURNING user_id AS "userId", ${NOTIFICATION_ROW_COLUMNS}`,
      [recipientIds, content.type, content.title, content.message, content.link, sourceEventId],
    );
  }
}
