/** Network errors of a connection attempt (PostgreSQL down, restarting or unreachable). */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/**
 * SQLSTATEs of a server that is going away or not accepting connections: 57P01 admin_shutdown,
 * 57P02 crash_shutdown, 57P03 cannot_connect_now, 53300 too_many_connections (every slot taken,
 * "sorry, too many clients already"); class 08 is "connection exception".
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** node-postgres' own messages when a connection dies or cannot be had in time. */
const DRIVER_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/**
 * Whether a node-postgres error means "the database cannot be reached right now" (down,
 * restarting, the connection cut) rather than a fault of the statement: worth trying again later.
 */
export function isConnectionLoss(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || SERVER_CODES.has(code) || code.startsWith('08')))
    return true;
  return typeof message === 'string' && DRIVER_MESSAGES.test(message);
}
