import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AppConfig } from '#server/config/config.module';
import { DEADLINE_REMINDER_DAYS_MAX } from '#server/contracts/profile';
import { rooms } from '#server/contracts/socket-events';
import { Transactions, type Tx } from '#server/database/transactions';
import { addDays } from '#server/domain/calendar/calendar-days';
import { dueDate, isBusinessDay } from '#server/domain/calendar/deadline-rules';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { daysBetween } from '#server/domain/deadlines/deadline-state';
import { toNotificationView } from '#server/domain/notifications/notification-view';
import { mailEnabled } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';
import {
  type ClaimedDigestItem,
  DeadlineRemindersRepository,
  type ReminderRecipient,
} from '#server/repositories/deadline-reminders.repository';
import { type NotificationContent, NotificationsRepository } from '#server/repositories/notifications.repository';
import { notificationMailJob } from '../mail/notification-mails';
import { EmitterService } from '../realtime/emitter.service';
import { DIGEST_LISTED, dayReminderContent, overdueDigestContent } from './reminder-texts';

/** Deadlines claimed per transaction (each brings its department's users): memory stays flat. */
export const REMINDER_DEADLINE_BATCH = 500;
/** Users whose overdue digest is claimed per transaction. */
export const REMINDER_USER_BATCH = 500;

/** A notification a claim decided to send. */
interface Outgoing {
  recipient: ReminderRecipient;
  content: NotificationContent;
  /** About a confidential process: its e-mail says nothing of it. */
  confidential: boolean;
}

export interface SweepResult {
  day: string;
  /** False on a day without business: nothing is sent (docs/deadlines.md#reminders). */
  businessDay: boolean;
  reminders: number;
  digests: number;
}

/**
 * The deadline reminder sweep (docs/deadlines.md#reminders): for the day, 'before' and 'due-day'
 * reminders of the open deadlines due within DEADLINE_REMINDER_DAYS_MAX business days, then one
 * overdue digest per user. Keyset batches, each claimed and stored in one transaction
 * (DeadlineRemindersRepository), then pushed and mailed: a sweep killed midway leaves its committed
 * batches sent, and the next one sends the rest, nothing twice, however many workers sweep.
 */
@Injectable()
export class DeadlineRemindersService {
  private readonly logger = new Logger('DeadlineReminders');

  constructor(
    private readonly clock: DeadlineClock,
    private readonly reminders: DeadlineRemindersRepository,
    private readonly notifications: NotificationsRepository,
    private readonly transactions: Transactions,
    private readonly emitter: EmitterService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  /** Sweeps `day` (default: today by the Clock, in TIME_ZONE). */
  async sweep(day?: string): Promise<SweepResult> {
    const today = day ?? this.clock.today();
    const { isClosed } = await this.clock.context([today]);
    const result = { day: today, businessDay: isBusinessDay(today, isClosed), reminders: 0, digests: 0 };
    if (!result.businessDay) return result;
    const horizon = dueDate(today, DEADLINE_REMINDER_DAYS_MAX, 'business', isClosed);
    for (let due = today; due <= horizon; due = addDays(due, 1)) {
      const left = daysBetween(today, due, 'business', isClosed);
      const kind = due === today ? 'due-day' : 'before';
      if (kind === 'before' && left < 1) continue;
      for (let after: string | null = null; ;) {
        const ids = await this.reminders.dueOn(due, after, REMINDER_DEADLINE_BATCH);
        if (ids.length === 0) break;
        after = ids[ids.length - 1];
        result.reminders += await this.send(async (tx) => {
          const claimed = await this.reminders.claimDayReminders({ ids, day: due, kind, businessDaysLeft: left }, tx);
          return claimed.map((claim) => ({
            recipient: claim,
            content: dayReminderContent(kind, left, claim),
            confidential: claim.confidential,
          }));
        });
      }
    }
    for (let after: string | null = null; ;) {
      const userIds = await this.reminders.activeUsers(after, REMINDER_USER_BATCH);
      if (userIds.length === 0) break;
      after = userIds[userIds.length - 1];
      result.digests += await this.send(async (tx) =>
        digests(await this.reminders.claimOverdueDigests({ userIds, today, first: DIGEST_LISTED }, tx)),
      );
    }
    if (result.reminders + result.digests > 0) this.logger.log(result, 'lembretes de prazo enviados');
    return result;
  }

  /**
   * One batch: claims and stores its notifications in one transaction; after the commit, pushes
   * `notification:new` to the recipients who want it and queues the e-mails (`notification-<id>`).
   */
  private async send(claim: (tx: Tx) => Promise<Outgoing[]>): Promise<number> {
    const { outgoing, stored, counts } = await this.transactions.run(async (tx) => {
      const outgoing = new Map<string, Outgoing>((await claim(tx)).map((o) => [randomUUID(), o]));
      const stored = await this.notifications.insertMany(
        [...outgoing].map(([id, o]) => ({ id, userId: o.recipient.userId, ...o.content })),
        tx,
      );
      const pushed = stored.filter((row) => outgoing.get(row.id)!.recipient.push).map((row) => row.userId);
      return { outgoing, stored, counts: await this.notifications.unreadCounts([...new Set(pushed)], tx) };
    });
    const mail = mailEnabled(this.config);
    const mails = stored.flatMap((row) => {
      const { recipient, confidential } = outgoing.get(row.id)!;
      if (recipient.push) {
        const payload = { notification: toNotificationView(row), unreadCount: counts.get(row.userId) ?? 0 };
        this.emitter.emitToRooms([rooms.user(row.userId)], 'notification:new', payload);
      }
      return mail ? notificationMailJob(recipient, row, confidential, this.config.MAIL_RETRY_BASE_MS) : [];
    });
    await this.queues.enqueueBulk('mail.notification', mails);
    if (this.config.DEADLINE_REMINDER_TEST_DELAY_MS > 0 && stored.length > 0) {
      await sleep(this.config.DEADLINE_REMINDER_TEST_DELAY_MS);
    }
    return stored.length;
  }
}

/** One digest per user from the claimed items (ordered by user, then rank). */
function digests(items: ClaimedDigestItem[]): Outgoing[] {
  const byUser = new Map<string, ClaimedDigestItem[]>();
  for (const item of items) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
  return [...byUser.values()].map((first) => ({
    recipient: first[0],
    content: overdueDigestContent(first[0].total, first),
    confidential: false,
  }));
}
