import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { RateLimiterRes, RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { RateLimits } from '#server/coordination/rate-limits';

/** Wrong passwords allowed per user while signing, per 15 minutes: signing must not be a password oracle. */
export const SIGNING_PASSWORD_FAILURES = 5;

/**
 * Counts signing-password attempts atomically before the password is checked (parallel requests
 * cannot exceed the limit) and gives the attempt back when the password was right.
 */
@Injectable()
export class SigningThrottleService {
  private readonly failures: RateLimiterStoreAbstract;

  constructor(limits: RateLimits) {
    this.failures = limits.limiter({ name: 'sign-password', points: SIGNING_PASSWORD_FAILURES, duration: 15 * 60 });
  }

  /** Counts one attempt; 429 when the user has none left. */
  async consumeAttempt(userId: string): Promise<void> {
    try {
      await this.failures.consume(userId);
    } catch (refused) {
      if (refused instanceof Error) throw refused; // the store itself failed
      throw tooMany(refused as RateLimiterRes);
    }
  }

  async refundAttempt(userId: string): Promise<void> {
    await this.failures.reward(userId, 1);
  }
}

function tooMany(res: RateLimiterRes): HttpException {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new HttpException(
    `Muitas tentativas de senha. Aguarde ${seconds} segundos e tente novamente.`,
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
