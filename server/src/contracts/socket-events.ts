/**
 * Socket.IO contract. The server gateway, the worker's Redis emitter and the client socket are all
 * typed by these maps, so an event name or payload drift is a compile error.
 */
import type { DashboardUpdatedPayload } from './dashboard';
import type { NotificationSyncRequest, NotificationSyncResponse, NotificationView } from './notifications';
import type { OutboxEventType } from './outbox';

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
  /** A notification was stored for this user (sent to `user:<id>` after the commit). */
  'notification:new': (payload: { notification: NotificationView; unreadCount: number }) => void;
  /** The user read or deleted notifications (in any tab): every tab shows this count. */
  'notification:state': (payload: { unreadCount: number }) => void;
  /** A process changed: open lists and detail pages reload it. Only rooms that may see it hear it. */
  'process:updated': (payload: ProcessUpdatedPayload) => void;
  /** The dashboard figures this user sees may have changed: an open dashboard reloads them. */
  'dashboard:updated': (payload: DashboardUpdatedPayload) => void;
}

export interface ProcessUpdatedPayload {
  processId: string;
  event: Extract<OutboxEventType, `process.${string}`>;
  currentDepartment: string;
  deleted: boolean;
}

export interface ClientToServerEvents {
  ping: (ack: (reply: { pong: true; at: string }) => void) => void;
  /** Catch-up after a (re)connect: the notifications stored after the newest one the client has. */
  'notifications:sync': (request: NotificationSyncRequest, ack: (reply: NotificationSyncResponse) => void) => void;
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
