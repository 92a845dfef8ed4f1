import type { Server } from 'node:http';

/**
 * How long an idle keep-alive connection stays open. Node's default (5 s) is shorter than clients
 * and proxies keep theirs (nginx upstream 60 s, browsers minutes), so a request sent on a
 * connection just as the server closes it fails with ECONNRESET: the keep-alive race, seen by the
 * notifications benchmark under load (README "Benchmarks"). The server must be the last to close.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

export function keepIdleConnectionsOpen(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // Node requires the headers timeout to outlast the keep-alive one, or it may cut a new request.
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
}
