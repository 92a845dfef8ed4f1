import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import type { RateLimiterRes, RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { RateLimits } from '#server/coordination/rate-limits';

/** Failed logins allowed per account per minute before 429. */
export const ACCOUNT_FAILURES_PER_MINUTE = 10;
/** Per address: generous, because a whole city hall often sits behind one NAT address. */
export const IP_FAILURES_PER_MINUTE = 300;

/**
 * Counts login attempts in the coordination backend (Redis or PostgreSQL), so every server instance shares the same budget. An attempt is
 * counted atomically BEFORE the password is verified (parallel requests cannot slip past the limit)
 * and refunded when it succeeds: in effect only failures count, and a success clears the account.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byAccount: RateLimiterStoreAbstract;
  private readonly byIp: RateLimiterStoreAbstract;

  constructor(limits: RateLimits) {
    this.byAccount = limits.limiter({ name: 'login-account', points: ACCOUNT_FAILURES_PER_MINUTE, duration: 60 });
    this.byIp = limits.limiter({ name: 'login-ip', points: IP_FAILURES_PER_MINUTE, duration: 60 });
  }

  /** Counts one attempt for the account and the address; 429 when either has none left. */
  async consumeAttempt(username: string, ip: string | null): Promise<void> {
    const results = await Promise.allSettled([
      this.byAccount.consume(accountKey(username)),
      ip ? this.byIp.consume(ip) : Promise.resolve(null),
    ]);
    const refused = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (!refused) return;
    if (refused.reason instanceof Error) throw refused.reason; // the store itself failed
    throw tooManyAttempts((refused.reason as RateLimiterRes).msBeforeNext);
  }

  /** A successful login: the account starts afresh and the address gets its attempt back. */
  async recordSuccess(username: string, ip: string | null): Promise<void> {
    await Promise.all([this.byAccount.delete(accountKey(username)), ip ? this.byIp.reward(ip, 1) : undefined]);
  }
}

const accountKey = (username: string) => username.trim().toLowerCase();

function tooManyAttempts(msBeforeNext: number): HttpException {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpException(
    {
      statusCode: HttpStatus.TOO_MANY_REQUESTS,
      message: `Muitas tentativas de login. Aguarde ${seconds} segundos e tente novamente.`,
      error: 'Too Many Requests',
      code: 'LOGIN_THROTTLED',
    },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
