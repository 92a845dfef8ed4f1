import { Injectable } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import type { OutboxEventType } from '#server/contracts/outbox';
import type { Tx } from '#server/database/transactions';
import { laiExtensionMailJobId, mailEnabled, mailJobOptions } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';
import { LaiRequestsRepository } from '#server/repositories/lai-requests.repository';
import type { AfterCommit, OutboxHandler, RelayedEvent } from '../outbox/outbox-handler';

/**
 * The requester of an access-to-information request is told of an extension and its justification
 * (docs/processes.md#access-to-information-requests): one e-mail per extension event, when the
 * request has an external requester with an address and SMTP_URL is set. The job id is the event's,
 * so a relay run again queues nothing new, and the mail processor's sent mark stops a later run.
 */
@Injectable()
export class LaiExtensionMailOutboxHandler implements OutboxHandler {
  readonly types: readonly OutboxEventType[] = ['process.deadline-changed'];

  constructor(
    private readonly queues: QueueService,
    private readonly requests: LaiRequestsRepository,
    private readonly config: AppConfig,
  ) {}

  async handle(event: RelayedEvent, manager: Tx): Promise<AfterCommit | void> {
    if (event.type !== 'process.deadline-changed' || !mailEnabled(this.config)) return;
    const { change, days, justification, due, unit, processId } = event.payload;
    if (change !== 'extended' || days === null || !justification) return;
    const contact = await this.requests.requesterContact(processId, manager);
    if (!contact) return;
    const job = {
      payload: { to: contact.email, name: contact.name, processId, days, unit, due, justification },
      options: mailJobOptions(laiExtensionMailJobId(event.id), {
        secret: false,
        retryBaseMs: this.config.MAIL_RETRY_BASE_MS,
      }),
    };
    return async () => {
      await this.queues.enqueueBulk('mail.lai-extension', [job]);
    };
  }
}
