import { Injectable, Logger } from '@nestjs/common';
import { type Job, UnrecoverableError } from 'bullmq';
import { AppConfig } from '#server/config/config.module';
import { QUEUES } from '#server/contracts/jobs';
import { ExpiringKeys } from '#server/coordination/expiring-keys';
import { emailCodeMail, receiptMail } from '../mail/citizen-mails';
import { isPermanentMailError } from '../mail/mail-errors';
import {
  type MailMessage,
  notificationMail,
  publicBaseUrl,
  requesterUpdateMail,
  temporaryPasswordMail,
} from '../mail/mail-templates';
import { MailerService } from '../mail/mailer.service';
import type { JobHandlers, QueueProcessor } from './queue-processor';

/** How long "this job's e-mail went out" is remembered: far longer than the retries of a job last. */
const SENT_MARK_SECONDS = 3 * 24 * 3600;

/**
 * Queue `mail`: one job per e-mail, handed to the SMTP server at most MAIL_RATE_PER_SECOND per
 * second (BullMQ's limiter is shared by every worker process). A temporary failure (4xx reply,
 * connection error) is retried with exponential backoff (server/src/queue/mail-jobs.ts); a 5xx
 * reply is not retried; the last failure is logged. Never twice for one job id: the queue refuses a
 * second job with the id, and once the SMTP server accepted an e-mail an expiring mark stops any later
 * run of that id (a retry after a lost acknowledgement, a stalled job run again).
 */
@Injectable()
export class MailProcessor implements QueueProcessor<'mail'> {
  readonly queue = QUEUES.mail;
  readonly concurrency = 2;
  readonly handlers: JobHandlers<'mail'> = {
    'mail.notification': (job) => this.deliver(job, notificationMail(job.data, publicBaseUrl(this.config))),
    'mail.requester-update': (job) => this.deliver(job, requesterUpdateMail(job.data, publicBaseUrl(this.config))),
    'mail.temporary-password': (job) =>
      this.deliver(job, temporaryPasswordMail(job.data, String(job.id), publicBaseUrl(this.config))),
    'mail.email-code': (job) => this.deliver(job, emailCodeMail(job.data, String(job.id))),
    'mail.receipt': async (job) =>
      this.deliver(job, await receiptMail(job.data, String(job.id), publicBaseUrl(this.config), this.config.TIME_ZONE)),
  };
  private readonly logger = new Logger('Mail');

  constructor(
    private readonly mailer: MailerService,
    private readonly keys: ExpiringKeys,
    private readonly config: AppConfig,
  ) {}

  get limiter(): { max: number; duration: number } {
    return { max: this.config.MAIL_RATE_PER_SECOND, duration: 1000 };
  }

  private async deliver(job: Job, message: MailMessage): Promise<{ sent: boolean }> {
    const sentMark = `mail-sent:${String(job.id)}`;
    if (await this.keys.has(sentMark)) return { sent: false };
    try {
      await this.mailer.send(message);
    } catch (error) {
      const permanent = isPermanentMailError(error);
      const reason = error instanceof Error ? error.message : String(error);
      const context = { job: job.name, jobId: job.id, attempt: job.attemptsMade + 1, reason };
      if (permanent || job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) {
        this.logger.error(context, 'e-mail não enviado: desistindo');
      } else {
        this.logger.warn(context, 'e-mail não enviado: nova tentativa mais tarde');
      }
      throw permanent ? new UnrecoverableError(reason) : error;
    }
    await this.keys.set(sentMark, '1', SENT_MARK_SECONDS);
    return { sent: true };
  }
}
