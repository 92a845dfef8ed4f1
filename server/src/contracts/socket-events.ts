/**
 * Socket.IO contract. The server gateway, the worker's Redis emitter and the client socket are all
 * typed by these maps, so an event name or payload drift is a compile error.
 */
export interface SystemEchoPayload {
  jobId: string;
  message: string;
  processedAt: string;
}

export interface ServerToClientEvents {
  /** Reply of the worker to a diagnostic echo job (proves server → queue → worker → browser). */
  'system:echo': (payload: SystemEchoPayload) => void;
  /** The server is about to drop this socket (account deactivated, session revoked). */
  'session:revoked': (payload: { reason: string }) => void;
}

export interface ClientToServerEvents {
  ping: (ack: (reply: { pong: true; at: string }) => void) => void;
}

export interface SocketData {
  userId: string;
  department: string;
  role: string;
}

/** Room names. Everything pushed to a browser goes to one of these rooms. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  department: (department: string) => `dept:${department}`,
} as const;
