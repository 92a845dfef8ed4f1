import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OutboxEventType } from '#server/contracts/outbox';
import { rooms } from '#server/contracts/socket-events';
import {
  NOTIFICATION_ROW_COLUMNS,
  type NotificationRow,
  toNotificationView,
} from '#server/domain/notifications/notification-view';
import { unreadCounts } from '#server/domain/notifications/unread-counts';
import { AppConfig } from '#server/config/config.module';
import { mailEnabled } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';
import { type MailRecipient, notificationMailJobs } from '../mail/notification-mails';
import type { AfterCommit, OutboxHandler, RelayedEvent } from '../outbox/outbox-handler';
import { EmitterService } from '../realtime/emitter.service';
import { type NotificationPlan, planNotification } from './notification-plan';

interface Recipient extends MailRecipient {
  push: boolean;
}

/**
 * Stores one notification per recipient (see notification-plan.ts for who), idempotently: UNIQUE
 * (user_id, source_event_id) with ON CONFLICT DO NOTHING, so relaying an event twice adds nothing
 * and pushes nothing new. After the commit, `notification:new` goes to each recipient's room and,
 * when SMTP_URL is set, a mail job is queued for each new row whose recipient wants e-mail.
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
    'export.failed',
    'purchase-order.created',
    'purchase-order.status-changed',
  ];

  constructor(
    private readonly emitter: EmitterService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  async handle(event: RelayedEvent, manager: EntityManager): Promise<AfterCommit | void> {
    const plan = planNotification(event);
    if (!plan) return;
    const recipients = await this.resolve(manager, plan);
    if (recipients.length === 0) return;
    const { type, title, message, link } = plan.content;
    const inserted: (NotificationRow & { userId: string })[] = await manager.query(
      `INSERT INTO notifications (user_id, type, title, message, link, source_event_id)
       SELECT unnest($1::uuid[]), $2, $3, $4, $5, $6
       ON CONFLICT (user_id, source_event_id) DO NOTHING
       RETURNING user_id AS "userId", ${NOTIFICATION_ROW_COLUMNS}`,
      [recipients.map((r) => r.id), type, title, message, link, event.id],
    );
    const mails = mailEnabled(this.config)
      ? notificationMailJobs(event, recipients, inserted, this.config.MAIL_RETRY_BASE_MS)
      : [];
    const pushTo = new Set(recipients.filter((r) => r.push).map((r) => r.id));
    const pushed = inserted.filter((row) => pushTo.has(row.userId));
    if (pushed.length === 0 && mails.length === 0) return;
    const counts = await unreadCounts(
      manager,
      pushed.map((row) => row.userId),
    );
    const messages = pushed.map((row) => ({
      room: rooms.user(row.userId),
      payload: { notification: toNotificationView(row), unreadCount: counts.get(row.userId) ?? 0 },
    }));
    return async () => {
      for (const m of messages) this.emitter.emitToRooms([m.room], 'notification:new', m.payload);
      await this.queues.enqueueBulk('mail.notification', mails);
    };
  }

  /**
   * Active users named by the plan, minus the actor, limited to viewers of a confidential process;
   * with their push and e-mail preferences (both on unless turned off).
   */
  private async resolve(manager: EntityManager, plan: NotificationPlan): Promise<Recipient[]> {
    return manager.query(
      `SELECT id, name, email,
              (preferences #>> '{notifications,system}') IS DISTINCT FROM 'false' AS push,
              (preferences #>> '{notifications,email}') IS DISTINCT FROM 'false' AS mail
         FROM users
        WHERE status = 'active'
          AND (id = ANY($1::uuid[]) OR department = ANY($2::text[]) OR ($5 AND role = 'admin'))
          AND ($3::uuid IS NULL OR id <> $3::uuid)
          AND ($4::uuid[] IS NULL OR role = 'admin' OR id = ANY($4::uuid[]))
        ORDER BY id`,
      [plan.userIds, plan.departments, plan.actorId, plan.confidentialViewers, plan.admins],
    );
  }
}
