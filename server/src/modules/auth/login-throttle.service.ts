import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS, redisKey } from '../../redis/redis.module';

/** Failed logins allowed per account per minute before 429. */
export const ACCOUNT_FAILURES_PER_MINUTE = 10;
/** Per address: generous, because a whole city hall often sits behind one NAT address. */
export const IP_FAILURES_PER_MINUTE = 300;

/**
 * Counts failed logins in Redis, so every server instance shares the same budget. Only failures
 * count; a successful login clears the account's counter.
 */
@Injectable()
export class LoginThrottleService {
  private readonly byAccount: RateLimiterRedis;
  private readonly byIp: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis) {
    this.byAccount = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: redisKey('rl', 'login-account'),
      points: ACCOUNT_FAILURES_PER_MINUTE,
      duration: 60,
    });
    this.byIp = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: redisKey('rl', 'login-ip'),
      points: IP_FAILURES_PER_MINUTE,
      duration: 60,
    });
  }

  /** Throws 429 when the account or the address has used up its failures. */
  async assertAllowed(username: string, ip: string | null): Promise<void> {
    const [account, address] = await Promise.all([
      this.byAccount.get(accountKey(username)),
      ip ? this.byIp.get(ip) : Promise.resolve(null),
    ]);
    const blocked = [
      [account, ACCOUNT_FAILURES_PER_MINUTE],
      [address, IP_FAILURES_PER_MINUTE],
    ].find(([res, limit]) => res && (res as RateLimiterRes).consumedPoints >= (limit as number));
    if (blocked) throw tooManyAttempts((blocked[0] as RateLimiterRes).msBeforeNext);
  }

  async recordFailure(username: string, ip: string | null): Promise<void> {
    await Promise.all([
      this.byAccount.penalty(accountKey(username), 1),
      ip ? this.byIp.penalty(ip, 1) : Promise.resolve(),
    ]);
  }

  async recordSuccess(username: string): Promise<void> {
    await this.byAccount.delete(accountKey(username));
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
