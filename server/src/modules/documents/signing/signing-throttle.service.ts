import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible';
import { REDIS, redisKey } from '../../../redis/redis.module';

/** Wrong passwords allowed per user while signing, per 15 minutes: signing must not be a password oracle. */
export const SIGNING_PASSWORD_FAILURES = 5;

@Injectable()
export class SigningThrottleService {
  private readonly failures: RateLimiterRedis;

  constructor(@Inject(REDIS) redis: Redis) {
    this.failures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: redisKey('rl', 'sign-password'),
      points: SIGNING_PASSWORD_FAILURES,
      duration: 15 * 60,
    });
  }

  async assertAllowed(userId: string): Promise<void> {
    const res = await this.failures.get(userId);
    if (res && res.consumedPoints >= SIGNING_PASSWORD_FAILURES) throw tooMany(res);
  }

  async recordFailure(userId: string): Promise<void> {
    await this.failures.penalty(userId, 1);
  }
}

function tooMany(res: RateLimiterRes): HttpException {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new HttpException(
    `Muitas tentativas de senha. Aguarde ${seconds} segundos e tente novamente.`,
    HttpStatus.TOO_MANY_REQUESTS,
  );
}
