import { setTimeout as delay } from 'node:timers/promises';

export interface EventuallyOptions {
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
  /** Time between two checks (default 20 ms). */
  intervalMs?: number;
}

/**
 * Checks `condition` until it holds (a check that throws counts as "not yet"); fails naming
 * `what` after the timeout, with the last error if there was one. The one way tests wait for
 * something asynchronous to happen.
 */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  what: string,
  { timeoutMs = 10_000, intervalMs = 20 }: EventuallyOptions = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      if (await condition()) return;
      lastError = undefined;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const cause = lastError instanceof Error ? ` (último erro: ${lastError.message})` : '';
      throw new Error(`tempo esgotado esperando ${what}${cause}`);
    }
    await delay(intervalMs);
  }
}

/**
 * Lets `ms` pass with nothing to wait for: only to show that something does NOT happen (an event
 * that must not arrive), after everything that could cause it has settled.
 */
export function quietPeriod(ms: number): Promise<void> {
  return delay(ms).then(() => undefined);
}

/**
 * A deliberate duration that is part of the scenario: how long an outage lasts, the pace of a load
 * loop, a random moment that makes concurrent writers interleave. Never to wait for something to
 * happen (`eventually`) or to show that it does not (`quietPeriod`).
 */
export function hold(ms: number): Promise<void> {
  return delay(ms).then(() => undefined);
}
