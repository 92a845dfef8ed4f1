import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { BadRequestException, Injectable, ServiceUnavailableException } from '@nestjs/common';
import type { RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { AppConfig } from '#server/config/config.module';
import {
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_TTL_MINUTES,
  PUBLIC_REQUEST_MESSAGES as M,
} from '#server/contracts/public-requests';
import { consumeOrRefuse } from '#server/coordination/consume-limit';
import { ExpiringKeys } from '#server/coordination/expiring-keys';
import { RateLimits } from '#server/coordination/rate-limits';
import { mailEnabled, mailJobOptions } from '#server/queue/mail-jobs';
import { QueueService } from '#server/queue/queue.service';

/** Codes sent per address per hour (docs/processes.md#online-filing). */
export const CODES_PER_EMAIL_PER_HOUR = 5;
/** Codes sent per client address per hour. */
export const CODES_PER_IP_PER_HOUR = 20;
/** Wrong codes accepted per e-mail address while a code lives. */
export const CODE_TRIES = 5;

const TTL_SECONDS = EMAIL_CODE_TTL_MINUTES * 60;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The e-mail confirmation of online filing (docs/processes.md#online-filing): a 6-digit code mailed by
 * the worker, kept only as a hash in the coordination backend for 15 minutes (a new code replaces the
 * old one), with limited tries. The reply never depends on the address.
 */
@Injectable()
export class EmailCodesService {
  private readonly perEmail: RateLimiterStoreAbstract;
  private readonly perAddress: RateLimiterStoreAbstract;
  private readonly tries: RateLimiterStoreAbstract;

  constructor(
    private readonly keys: ExpiringKeys,
    private readonly queues: QueueService,
    private readonly config: AppConfig,
    limits: RateLimits,
  ) {
    this.perEmail = limits.limiter({ name: 'email-code-address', points: CODES_PER_EMAIL_PER_HOUR, duration: 3600 });
    this.perAddress = limits.limiter({ name: 'email-code-ip', points: CODES_PER_IP_PER_HOUR, duration: 3600 });
    this.tries = limits.limiter({ name: 'email-code-tries', points: CODE_TRIES, duration: TTL_SECONDS });
  }

  async send(email: string, ip: string): Promise<void> {
    if (!mailEnabled(this.config)) throw new ServiceUnavailableException(M.mailOff);
    const refused = (seconds: number) => `Muitos códigos pedidos. Aguarde ${seconds} segundos e tente novamente.`;
    await consumeOrRefuse(this.perAddress, ip, refused);
    await consumeOrRefuse(this.perEmail, sha256(email), refused);
    const code = String(randomInt(10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    await this.keys.set(this.key(email), sha256(`${email}:${code}`), TTL_SECONDS);
    await this.tries.delete(sha256(email));
    await this.queues.enqueue(
      'mail.email-code',
      { to: email, code, minutes: EMAIL_CODE_TTL_MINUTES },
      mailJobOptions(`email-code-${randomUUID()}`, { secret: true, retryBaseMs: this.config.MAIL_RETRY_BASE_MS }),
    );
  }

  /** 400 unless `code` is the live code of `email`; 429 after CODE_TRIES wrong ones. The code stays usable. */
  async check(email: string, code: string): Promise<void> {
    await consumeOrRefuse(
      this.tries,
      sha256(email),
      (seconds) => `Muitas tentativas com códigos errados. Peça um novo código em ${seconds} segundos.`,
    );
    const stored = await this.keys.get(this.key(email));
    const given = Buffer.from(sha256(`${email}:${code}`));
    if (!stored || !timingSafeEqual(Buffer.from(stored), given)) throw new BadRequestException(M.codeWrong);
  }

  /** The code of a filing that was stored works no more. */
  async spend(email: string): Promise<void> {
    await this.keys.delete(this.key(email));
    await this.tries.delete(sha256(email));
  }

  private key(email: string): string {
    return `email-code:${sha256(email)}`;
  }
}
