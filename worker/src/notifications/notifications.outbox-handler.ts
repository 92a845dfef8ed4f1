import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OutboxEventType } from '#server/contracts/outbox';
import { rooms } from '#server/contracts/socket-events';
import {
  NOTIFICATION_ROW_COLUMNS,
  type NotificationRow,
  toNotificationView,
} from '#server/modules/notifications/notification-view';
import type { AfterCommit, OutboxHandler, RelayedEvent } from '../outbox/outbox-handler';
import { EmitterService } from '../realtime/emitter.service';
import { type NotificationPlan, planNotification } from './notification-plan';

type PushedRow = NotificationRow & { userId: string; unreadCount: number };

/**
 * Stores one notification per recipient (see notification-plan.ts for who), idempotently: UNIQUE
 * (user_id, source_event_id) with ON CONFLICT DO NOTHING, so relaying an event twice adds nothing
 * and pushes nothing new. After the commit, `notification:new` goes to each recipient's room.
 */
@Injectable()
export class NotificationsOutboxHandler implements OutboxHandler {
  readonly types: readonly OutboxEventType[] = [
    'process.created',
    'process.forwarded',
    'process.responded',
    'process.finalized',
    'process.deleted',
    'document.signature-requested',
    'document.signed',
    'export.ready',
  ];

  constructor(private readonly emitter: EmitterService) {}

  async handle(event: RelayedEvent, manager: EntityManager): Promise<AfterCommit | void> {
    const plan = planNotification(event);
    if (!plan) return;
    const pushed = await this.store(manager, event.id, plan);
    if (pushed.length === 0) return;
    const messages = pushed.map(({ userId, unreadCount, ...row }) => ({
      room: rooms.user(userId),
      payload: { notification: toNotificationView(row), unreadCount },
    }));
    return () => {
      for (const m of messages) this.emitter.emitToRooms([m.room], 'notification:new', m.payload);
    };
  }

  /**
   * One statement (one round trip, whatever the audience): selects the recipients — active users
   * named by the plan, minus the actor, limited to viewers of a confidential process — inserts
   * their rows and returns those to push (newly inserted, system notifications on) with each
   * user's unread count. The count subquery reads the statement's snapshot, which does not hold
   * the row being inserted: hence the + 1 (a new notification is unread).
   */
  private async store(manager: EntityManager, eventId: string, plan: NotificationPlan): Promise<PushedRow[]> {
    const { type, title, message, link } = plan.content;
    return manager.query(
      `WITH recipients AS (
         SELECT id, (preferences #>> '{notifications,system}') IS DISTINCT FROM 'false' AS push
           FROM users
          WHERE status = 'active'
            AND (id = ANY($1::uuid[]) OR department = ANY($2::text[]))
            AND ($3::uuid IS NULL OR id <> $3::uuid)
            AND ($4::uuid[] IS NULL OR role = 'admin' OR id = ANY($4::uuid[]))
       ), inserted AS (
         INSERT INTO notifications (user_id, type, title, message, link, source_event_id)
         SELECT id, $5, $6, $7, $8, $9 FROM recipients ORDER BY id
         ON CONFLICT (user_id, source_event_id) DO NOTHING
         RETURNING user_id, ${NOTIFICATION_ROW_COLUMNS}
       )
       SELECT i.user_id AS "userId", i.id, i.seq, i.type, i.title, i.message, i.link, i.read, i."createdAt",
              1 + (SELECT count(*)::int FROM notifications n WHERE n.user_id = i.user_id AND NOT n.read) AS "unreadCount"
         FROM inserted i JOIN recipients r ON r.id = i.user_id
        WHERE r.push
        ORDER BY i.seq`,
      [plan.userIds, plan.departments, plan.actorId, plan.confidentialViewers, type, title, message, link, eventId],
    );
  }
}
