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
import { mailEnabled } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';
import {
  DeadlineRemindersRepository,
  type ReminderRecipient,
  type StoredBatch,
} from '#server/repositories/deadline-reminders.repository';
import { type NotificationContent, NotificationsRepository } from '#server/repositories/notifications.repository';
import { SignatureRemindersRepository } from '#server/repositories/signature-reminders.repository';
import { notificationMailJob } from '../mail/notification-mails';
import { EmitterService } from '../realtime/emitter.service';
import {
  DIGEST_LISTED,
  dayReminderTemplate,
  overdueDigestContent,
  signatureDigestContent,
  signatureReminderTemplate,
} from './reminder-texts';

/** Deadlines (or signature requests) claimed per transaction (each brings its recipients): memory stays flat. */
export const REMINDER_DEADLINE_BATCH = 500;
/** Users whose overdue digest is claimed per transaction. */
export const REMINDER_USER_BATCH = 500;
/** E-mails owed taken (and queued) per transaction. */
export const REMINDER_MAIL_BATCH = 1000;

export interface SweepResult {
  day: string;
  /** False on a day without business: nothing is sent (docs/deadlines.md#reminders). */
  businessDay: boolean;
  reminders: number;
  digests: number;
}

/**
 * The deadline reminder sweep (docs/deadlines.md#reminders): for the day, 'before' and 'due-day'
 * reminders of the open deadlines and signature requests due within DEADLINE_REMINDER_DAYS_MAX
 * business days, the requesters of signature requests gone overdue (docs/deadlines.md#signature-deadlines),
 * then one overdue digest per user and one signature digest beside it. Keyset batches, each claimed and stored in one transaction with the
 * e-mails it owes (DeadlineRemindersRepository); after each commit, one `notifications:resync` to
 * the batch's recipients and the e-mails owed queued. A sweep killed midway leaves its committed
 * batches sent and their e-mails owed; the next one (at boot, then every 5 minutes) queues those
 * and sends the rest, nothing twice, however many workers sweep.
 */
@Injectable()
export class DeadlineRemindersService {
  private readonly logger = new Logger('DeadlineReminders');

  constructor(
    private readonly clock: DeadlineClock,
    private readonly reminders: DeadlineRemindersRepository,
    private readonly signatures: SignatureRemindersRepository,
    private readonly notifications: NotificationsRepository,
    private readonly transactions: Transactions,
    private readonly emitter: EmitterService,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  /** Sweeps `day` (default: today by the Clock, in TIME_ZONE), after queueing the e-mails still owed. */
  async sweep(day?: string): Promise<SweepResult> {
    await this.queueOwedMails();
    const today = day ?? this.clock.today();
    const { isClosed } = await this.clock.context([today]);
    const result = { day: today, businessDay: isBusinessDay(today, isClosed), reminders: 0, digests: 0 };
    if (!result.businessDay) return result;
    const mail = mailEnabled(this.config);
    const horizon = dueDate(today, DEADLINE_REMINDER_DAYS_MAX, 'business', isClosed);
    for (let due = today; due <= horizon; due = addDays(due, 1)) {
      const left = daysBetween(today, due, 'business', isClosed);
      const kind = due === today ? 'due-day' : 'before';
      if (kind === 'before' && left < 1) continue;
      const template = dayReminderTemplate(kind, left, due);
      result.reminders += await this.claimAll((after, tx) =>
        this.reminders.claimDayReminders({ template, after, limit: REMINDER_DEADLINE_BATCH, mail }, tx),
      );
      const signing = signatureReminderTemplate(kind, left, due);
      result.reminders += await this.claimAll((after, tx) =>
        this.signatures.claimReminders({ template: signing, after, limit: REMINDER_DEADLINE_BATCH, mail }, tx),
      );
    }
    const expired = signatureReminderTemplate('expired', 0, today);
    result.reminders += await this.claimAll((after, tx) =>
      this.signatures.claimReminders({ template: expired, after, limit: REMINDER_DEADLINE_BATCH, mail }, tx),
    );
    for (let after: string | null = null; ;) {
      const userIds = await this.reminders.undigestedUsers(after, REMINDER_USER_BATCH, today);
      if (userIds.length === 0) break;
      after = userIds[userIds.length - 1];
      const claim = { userIds, today, first: DIGEST_LISTED };
      const batch = await this.transactions.run(async (tx) => {
        const deadlines = await this.reminders.claimOverdueDigests(claim, tx);
        const signatures = await this.signatures.claimOverdueDigests(claim, tx);
        const stored = [
          await this.storeDigests(deadlines, overdueDigestContent, mail, tx),
          await this.storeDigests(signatures, signatureDigestContent, mail, tx),
        ];
        return {
          seen: userIds.length,
          last: after,
          stored: stored[0].stored + stored[1].stored,
          pushTo: [...new Set(stored.flatMap((one) => one.pushTo))],
        };
      });
      result.digests += await this.delivered(batch);
    }
    if (result.reminders + result.digests > 0) this.logger.log(result, 'lembretes de prazo enviados');
    return result;
  }

  /**
   * Runs a keyset of claims (`claim(after, tx)`, one transaction each) until it is over, delivering
   * each batch after its commit; returns how many notifications they stored.
   */
  private async claimAll(claim: (after: string | null, tx: Tx) => Promise<StoredBatch>): Promise<number> {
    let stored = 0;
    for (let after: string | null = null; ;) {
      const batch = await this.transactions.run((tx) => claim(after, tx));
      if (batch.seen === 0) return stored;
      after = batch.last;
      stored += await this.delivered(batch);
    }
  }

  /**
   * One digest per user from the claimed items (ordered by user, then rank; `content` writes it),
   * with the e-mails owed.
   */
  private async storeDigests<T extends ReminderRecipient & { total: number }>(
    items: T[],
    content: (total: number, first: T[]) => NotificationContent,
    mail: boolean,
    tx: Tx,
  ): Promise<StoredBatch> {
    const byUser = new Map<string, T[]>();
    for (const item of items) byUser.set(item.userId, [...(byUser.get(item.userId) ?? []), item]);
    const rows = [...byUser.values()].map((first) => ({
      id: randomUUID(),
      recipient: first[0],
      ...content(first[0].total, first),
    }));
    await this.notifications.insertMany(
      rows.map(({ recipient, ...row }) => ({ ...row, userId: recipient.userId })),
      tx,
    );
    const mailed = rows.filter((row) => mail && row.recipient.mail && row.recipient.email.trim());
    await this.reminders.recordMails(
      mailed.map((row) => row.id),
      false,
      tx,
    );
    const pushTo = rows.filter((row) => row.recipient.push).map((row) => row.recipient.userId);
    return { seen: byUser.size, last: null, stored: rows.length, pushTo };
  }

  /**
   * After a batch's commit: one `notifications:resync` to each of its recipients who wants live
   * pushes (their bell catches up on everything new, in order), awaited so nothing piles up in
   * memory, and the e-mails owed queued. Returns how many notifications the batch stored.
   */
  private async delivered(batch: StoredBatch): Promise<number> {
    if (batch.stored === 0) return 0;
    if (this.config.DEADLINE_REMINDER_TEST_DELAY_MS > 0) await sleep(this.config.DEADLINE_REMINDER_TEST_DELAY_MS);
    if (batch.pushTo.length > 0) {
      this.emitter.emitToRooms(
        batch.pushTo.map((id) => rooms.user(id)),
        'notifications:resync',
      );
      await this.emitter.flush();
    }
    await this.queueOwedMails();
    return batch.stored;
  }

  /**
   * Queues the e-mails owed (`mail.notification`, job id `notification-<id>`: the queue and the mail
   * processor's sent mark keep each one single), deleting them in the transaction that queues them.
   */
  private async queueOwedMails(): Promise<void> {
    if (!mailEnabled(this.config)) return;
    for (let taken = REMINDER_MAIL_BATCH; taken === REMINDER_MAIL_BATCH;) {
      taken = await this.transactions.run(async (tx) => {
        const owed = await this.reminders.takeMails(REMINDER_MAIL_BATCH, tx);
        const jobs = owed.flatMap((row) =>
          row.id === null
            ? []
            : notificationMailJob({ ...row, mail: true }, row, row.confidential, this.config.MAIL_RETRY_BASE_MS),
        );
        await this.queues.enqueueBulk('mail.notification', jobs);
        return owed.length;
      });
    }
  }
}
