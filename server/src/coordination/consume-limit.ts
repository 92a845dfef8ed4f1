import { HttpException, HttpStatus } from '@nestjs/common';
import { RateLimiterRes, type RateLimiterStoreAbstract } from 'rate-limiter-flexible';

/**
 * Takes one point of `key` from `limiter`, or answers 429 with `message(seconds)`: how long until
 * the next try (at least one second).
 */
export async function consumeOrRefuse(
  limiter: RateLimiterStoreAbstract,
  key: string,
  message: (seconds: number) => string,
): Promise<void> {
  try {
    await limiter.consume(key);
  } catch (error) {
    if (!(error instanceof RateLimiterRes)) throw error;
    const seconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
    throw new HttpException(message(seconds), HttpStatus.TOO_MANY_REQUESTS);
  }
}
