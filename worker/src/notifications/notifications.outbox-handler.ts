import { Injectable } from '@nestjs/common';
import type { Tx } from '#server/database/transactions';
import type { OutboxEventType } from '#server/contracts/outbox';
import { rooms } from '#server/contracts/socket-events';
import { toNotificationView } from '#server/domain/notifications/notification-view';
import { AppConfig } from '#server/config/config.module';
import { mailEnabled } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';
import { NotificationsRepository } from '#server/repositories/notifications.repository';
import { notificationMailJobs } from '../mail/notification-mails';
import type { AfterCommit, OutboxHandler, RelayedEvent } from '../outbox/outbox-handler';
import { EmitterService } from '../realtime/emitter.service';
import { planNotification } from './notification-plan';

/**
 * Stores one notification per recipient (see notification-plan.ts for who), idempotently
 * (NotificationsRepository.insertOncePerEvent), so relaying an event twice adds nothing and pushes
 * nothing new. After the commit, `notification:new` goes to each recipient's room and,
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
    'process.deadline-changed',
    'document.signature-requested',
    'document.signature-refused',
    'document.signed',
    'document.signature-completed',
    'signature-block.requested',
    'export.ready',
    'export.failed',
    'purchase-order.created',
    'purchase-order.status-changed',
  ];

  constructor(
    private readonly emitter: EmitterService,
    private readonly queues: QueueService,
    private readonly notifications: NotificationsRepository,
    private readonly config: AppConfig,
  ) {}

  async handle(event: RelayedEvent, manager: Tx): Promise<AfterCommit | void> {
    const plan = planNotification(event);
    if (!plan) return;
    const recipients = await this.notifications.recipients(plan, manager);
    if (recipients.length === 0) return;
    const inserted = await this.notifications.insertOncePerEvent(
      recipients.map((r) => r.id),
      plan.content,
      event.id,
      manager,
    );
    const mails = mailEnabled(this.config)
      ? notificationMailJobs(event, recipients, inserted, this.config.MAIL_RETRY_BASE_MS)
      : [];
    const pushTo = new Set(recipients.filter((r) => r.push).map((r) => r.id));
    const pushed = inserted.filter((row) => pushTo.has(row.userId));
    if (pushed.length === 0 && mails.length === 0) return;
    const counts = await this.notifications.unreadCounts(
      pushed.map((row) => row.userId),
      manager,
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
}
