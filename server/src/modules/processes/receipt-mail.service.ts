import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import type { ProcessView } from '#server/contracts/index';
import { mailEnabled, mailJobOptions } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';
import { receivingDepartmentOf } from './process-view';

/**
 * E-mails the receipt of a new process to its external requester when they gave an address and
 * e-mail is on (docs/processes.md#receipts-and-tracking): a `mail.receipt` job, queued after the
 * creation committed, which the worker draws and sends. A job that cannot be queued is logged: the
 * process stands and its receipt stays downloadable.
 */
@Injectable()
export class ReceiptMailService {
  private readonly logger = new Logger('Processes');

  constructor(
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  async afterCreation(view: ProcessView): Promise<void> {
    const requester = view.requester;
    const to = requester?.type === 'external' ? requester.email?.trim() : undefined;
    if (!mailEnabled(this.config) || !to || !view.accessCode || !requester) return;
    try {
      await this.queues.enqueue(
        'mail.receipt',
        {
          to,
          number: view.id,
          createdAt: view.createdAt,
          subject: view.subject,
          receivingDepartment: receivingDepartmentOf(view),
          requesterName: requester.name,
          accessCode: view.accessCode,
        },
        mailJobOptions(`receipt-${view.id}`, { secret: true, retryBaseMs: this.config.MAIL_RETRY_BASE_MS }),
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error({ process: view.id, reason }, 'e-mail do comprovante não enfileirado');
    }
  }
}
