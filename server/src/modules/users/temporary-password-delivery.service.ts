import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '#server/config/config.module';
import type { TemporaryPasswordDelivery } from '#server/contracts/users';
import type { UserEntity } from '#server/database/entities/index';
import { mailEnabled, mailJobOptions } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';

/**
 * Gets a new temporary password to its user: by e-mail when SMTP_URL is set and the user has an
 * address (a `mail.temporary-password` job, removed from Redis once sent or given up), otherwise in
 * the reply, shown once. If the job cannot be queued the reply carries the password after all, so
 * the admin is never left without it. The password is never logged.
 */
@Injectable()
export class TemporaryPasswordDeliveryService {
  private readonly logger = new Logger('Users');

  constructor(
    private readonly queues: QueueService,
    private readonly config: AppConfig,
  ) {}

  async deliver(
    user: Pick<UserEntity, 'id' | 'email' | 'name' | 'username'>,
    tempPassword: string,
    reason: 'created' | 'reset',
  ): Promise<TemporaryPasswordDelivery> {
    const to = user.email?.trim();
    if (!mailEnabled(this.config) || !to) return { emailed: false, tempPassword };
    try {
      await this.queues.enqueue(
        'mail.temporary-password',
        { userId: user.id, to, name: user.name, username: user.username, tempPassword, reason },
        mailJobOptions(`temporary-password-${randomUUID()}`, {
          secret: true,
          retryBaseMs: this.config.MAIL_RETRY_BASE_MS,
        }),
      );
      return { emailed: true };
    } catch (error) {
      const reasonText = error instanceof Error ? error.message : String(error);
      this.logger.error({ userId: user.id, reason: reasonText }, 'e-mail da senha temporária não enfileirado');
      return { emailed: false, tempPassword };
    }
  }
}
