import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import type { Tx } from '#server/database/transactions';
import { mailEnabled } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';
import { RequestersRepository } from '#server/repositories/requesters.repository';
import { REQUESTER_UPDATE_EVENTS, requesterUpdateMailJob } from '../mail/requester-update-mails';
import type { AfterCommit, OutboxHandler, RelayedEvent } from '../outbox/outbox-handler';

/**
 * docs/processes.md#updates-by-e-mail: a forward or a finalisation e-mails the process's external
 * requester when they opted in and have an address, e-mail is configured and the process is not
 * confidential (neither when the event was written nor now). One mail job per event, queued after
 * the commit; its job id and the mail processor's sent mark keep it to one e-mail.
 */
@Injectable()
export class RequesterUpdatesOutboxHandler implements OutboxHandler {
  readonly types = REQUESTER_UPDATE_EVENTS;

  constructor(
    private readonly queues: QueueService,
    private readonly requesters: RequestersRepository,
    private readonly config: AppConfig,
  ) {}

  async handle(event: RelayedEvent, manager: Tx): Promise<AfterCommit | void> {
    if (event.type !== 'process.forwarded' && event.type !== 'process.finalized') return;
    if (!mailEnabled(this.config) || event.payload.confidential) return;
    const recipient = await this.requesters.updateRecipient(event.payload.processId, manager);
    if (!recipient) return;
    const job = requesterUpdateMailJob(event, recipient, {
      timeZone: this.config.TIME_ZONE,
      retryBaseMs: this.config.MAIL_RETRY_BASE_MS,
    });
    return async () => {
      await this.queues.enqueueBulk('mail.requester-update', [job]);
    };
  }
}
