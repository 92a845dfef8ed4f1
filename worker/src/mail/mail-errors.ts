/** What nodemailer attaches to its errors: `responseCode` is the SMTP reply code, when there was one. */
interface SmtpFailure {
  code?: unknown;
  responseCode?: unknown;
}

/**
 * A failure that retrying cannot fix: an SMTP 5xx reply (mailbox unknown, message refused,
 * authentication refused) or a configuration error. 4xx replies (greylisting, mailbox busy, rate
 * limits) and connection errors (refused, reset, timed out, DNS, TLS) are temporary.
 */
export function isPermanentMailError(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as SmtpFailure;
  if (typeof responseCode === 'number') return responseCode >= 500 && responseCode < 600;
  return code === 'ECONFIG';
}
