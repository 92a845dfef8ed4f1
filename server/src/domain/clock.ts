import { Injectable } from '@nestjs/common';

/**
 * The current time, as a provider: logic that depends on it (dashboard crossings, recompute
 * bursts) asks the clock, so a test can set the time instead of waiting for it.
 */
@Injectable()
export class Clock {
  now(): Date {
    return new Date();
  }
}
