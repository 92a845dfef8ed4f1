import { HttpException, HttpStatus, Injectable } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';
import { RateLimits } from '#server/coordination/rate-limits';

/** Failed password checks allowed per account and address per minute before 429. */
export const ACCOUNT_FAILURES_PER_MINUTE = 10;
/** Per address: generous, because a whole city hall often sits behind one NAT address. */
export const IP_FAILURES_PER_MINUTE = 300;
/**
 * Failures of one account from all addresses together per 15 minutes. Past it the account is under
 * a spread-out attack: only an address that has not failed on it in the last minute may still try.
 */
export const ACCOUNT_FAILURES_PER_QUARTER_HOUR = 50;

/** Where the password is checked: the login keeps its own wording when throttled. */
export type PasswordCheck = 'login' | 'password';

/**
 * One throttle for every place that checks a password (login, the current password of the profile's
 * password and e-mail changes), shared by all server instances through the coordination backend (Redis
 * or PostgreSQL). An attempt is counted atomically BEFORE the password is verified (parallel requests
 * cannot slip past the limit) and refunded when it succeeds, so in effect only failures count.
 *
 * Failures are counted per account AND address, so a stranger cannot lock a user out by failing on
 * purpose: the owner's own address still gets in (README › Sessions and accounts). The per-address
 * limit stops one source guessing many accounts; the account-wide limit stops many sources guessing
 * one account, and even then an address with no failure of its own keeps its first try.
 */
@Injectable()
export class LoginThrottleService {
  private readonly bySource: RateLimiterStoreAbstract;
  private readonly byIp: RateLimiterStoreAbstract;
  private readonly byAccount: RateLimiterStoreAbstract;

  constructor(limits: RateLimits) {
    this.bySource = limits.limiter({ name: 'login-account-ip', points: ACCOUNT_FAILURES_PER_MINUTE, duration: 60 });
    this.byIp = limits.limiter({ name: 'login-ip', points: IP_FAILURES_PER_MINUTE, duration: 60 });
    this.byAccount = limits.limiter({
      name: 'login-account',
      points: ACCOUNT_FAILURES_PER_QUARTER_HOUR,
      duration: 15 * 60,
    });
  }

  /** Counts one attempt for the account and the address; 429 when a limit has none left. */
  async consumeAttempt(username: string, ip: string | null, check: PasswordCheck = 'login'): Promise<void> {
    const account = accountKey(username);
    const [source, address] = await Promise.allSettled([
      this.bySource.consume(sourceKey(account, ip)),
      ip ? this.byIp.consume(ip) : Promise.resolve(null),
    ]);
    rethrowStoreFailure(source, address);
    const refused = [source, address].find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (refused) throw tooManyAttempts((refused.reason as RateLimiterRes).msBeforeNext, check);
    // Counted only once the address may try, so one noisy address cannot use up the account's budget.
    const [wide] = await Promise.allSettled([this.byAccount.consume(account)]);
    rethrowStoreFailure(wide);
    // This address's first attempt on the account (in the last minute) passes even under a spread-out attack.
    const firstFromSource = source.status === 'fulfilled' && source.value.consumedPoints === 1;
    if (wide.status === 'rejected' && !firstFromSource) {
      throw tooManyAttempts((wide.reason as RateLimiterRes).msBeforeNext, check);
    }
  }

  /** A right password: the account's count from this address starts afresh, the others get the attempt back. */
  async recordSuccess(username: string, ip: string | null): Promise<void> {
    const account = accountKey(username);
    await Promise.all([
      this.bySource.delete(sourceKey(account, ip)),
      ip ? this.byIp.reward(ip, 1) : undefined,
      this.byAccount.reward(account, 1),
    ]);
  }
}

/** A limiter rejects with RateLimiterRes when a limit is reached, with an Error when the store failed. */
function rethrowStoreFailure(...results: PromiseSettledResult<unknown>[]): void {
  for (const result of results) {
    if (result.status === 'rejected' && !(result.reason instanceof RateLimiterRes)) throw result.reason;
  }
}

const accountKey = (username: string) => username.trim().toLowerCase();
const sourceKey = (account: string, ip: string | null) => `${account}|${ip ?? '-'}`;

function tooManyAttempts(msBeforeNext: number, check: PasswordCheck): HttpException {
  const seconds = Math.max(1, Math.ceil(msBeforeNext / 1000));
  const what = check === 'login' ? 'de login' : 'com a senha';
  return new HttpException(
    {
      statusCode: HttpStatus.TOO_MANY_REQUESTS,
      message: `Muitas tentativas ${what}. Aguarde ${seconds} segundos e tente novamente.`,
      error: 'Too Many Requests',
      code: check === 'login' ? 'LOGIN_THROTTLED' : 'PASSWORD_THROTTLED',
    },
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
