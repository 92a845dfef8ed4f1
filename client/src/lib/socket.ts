import type { ClientToServerEvents, ServerToClientEvents } from '@contracts';
import { io, type Socket } from 'socket.io-client';
import { apiOrigin } from './api-base';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type SocketStatusListener = (status: 'connecting' | 'connected' | 'reconnecting') => void;

export interface SocketOptions {
  /** Read on every (re)connection, so a refreshed token is used. */
  getToken: () => string | null;
  /** Called when the server refused the handshake (expired token): refresh, then we retry once. */
  refreshToken: () => Promise<unknown>;
  onStatus: SocketStatusListener;
}

/**
 * Socket.IO connection to the API host (same host rule as the HTTP client, path /socket.io),
 * authenticated with `auth.token`. Transport drops reconnect by themselves; a refused handshake
 * (expired access token) is retried once after a token refresh.
 */
export function createSocket(options: SocketOptions): AppSocket {
  const socket: AppSocket = io(apiOrigin(window.location), {
    path: '/socket.io',
    auth: (cb) => cb({ token: options.getToken() }),
    transports: ['websocket', 'polling'],
    withCredentials: true,
    reconnectionDelayMax: 10_000,
  });
  let refreshedAfterRefusal = false;
  options.onStatus('connecting');
  socket.on('connect', () => {
    refreshedAfterRefusal = false;
    options.onStatus('connected');
  });
  socket.on('disconnect', (reason) => {
    // The server dropped us on purpose (account deactivated, password reset, role or department
    // changed) and socket.io will not retry alone: reconnecting re-runs the handshake, which
    // rejoins the right rooms or is refused, and a refused handshake ends the session below.
    if (reason === 'io server disconnect') socket.connect();
    if (reason !== 'io client disconnect') options.onStatus('reconnecting');
  });
  socket.io.on('reconnect_attempt', () => options.onStatus('reconnecting'));
  socket.on('connect_error', () => {
    options.onStatus('reconnecting');
    // socket.active is false when the server's middleware refused us: it will not retry alone.
    if (socket.active || refreshedAfterRefusal) return;
    refreshedAfterRefusal = true;
    options
      .refreshToken()
      .then(() => socket.connect())
      .catch(() => socket.disconnect());
  });
  return socket;
}
