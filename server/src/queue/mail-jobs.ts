import type { JobsOptions } from 'bullmq';
import type { Env } from '../config/env';

/** Tries per e-mail: with the default 30 s base the last retry comes about an hour after the first. */
export const MAIL_ATTEMPTS = 8;

/** E-mail is on when SMTP_URL is set (server: temporary passwords; worker: everything it sends). */
export const mailEnabled = (config: Pick<Env, 'SMTP_URL'>): boolean => !!config.SMTP_URL;

/** Job id (idempotency key) of the e-mail of a stored notification. */
export const notificationMailJobId = (notificationId: string) => `notification-${notificationId}`;

/** Job id of the e-mail telling an external requester of one outbox event (docs/processes.md#updates-by-e-mail). */
export const requesterUpdateMailJobId = (eventId: string) => `requester-update-${eventId}`;

/**
 * Options of every mail job: exponential backoff from MAIL_RETRY_BASE_MS, completed jobs removed at
 * once. A `secret` job (temporary password) is also removed when it is given up, so its payload
 * never stays in Redis after the last try; other failed jobs are kept a week for diagnosis.
 */
export function mailJobOptions(
  jobId: string,
  { secret, retryBaseMs }: { secret: boolean; retryBaseMs: Env['MAIL_RETRY_BASE_MS'] },
): JobsOptions {
  return {
    jobId,
    attempts: MAIL_ATTEMPTS,
    backoff: { type: 'exponential', delay: retryBaseMs },
    removeOnComplete: true,
    removeOnFail: secret ? true : { age: 7 * 24 * 3600 },
  };
}
