/**
 * Socket.IO contract. The server gateway, the worker's Redis emitter and the client socket are all
 * typed by these maps, so an event name or payload drift is a compile error.
 */
import type { ExportFailedPayload, ExportProgressPayload, ExportReadyPayload } from './audit';
import type { DashboardUpdatedPayload } from './dashboard';
import type { NotificationSyncRequest, NotificationSyncResponse, NotificationView } from './notifications';
import type { OutboxEventType } from './outbox';
import type { PurchaseOrderUpdatedPayload } from './purchase-orders';
import type { SignatureBlockProgressPayload } from './signature-blocks';

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
  /**
   * Live events may have been lost (this server's Redis subscription just came back): catch up
   * with `notifications:sync` from the newest seq the client has.
   */
  'notifications:resync': () => void;
  /** The user read or deleted notifications (in any tab): every tab shows this count. */
  'notification:state': (payload: { unreadCount: number }) => void;
  /** A process changed: open lists and detail pages reload it. Only rooms that may see it hear it. */
  'process:updated': (payload: ProcessUpdatedPayload) => void;
  /** The dashboard figures this user sees may have changed: an open dashboard reloads them. */
  'dashboard:updated': (payload: DashboardUpdatedPayload) => void;
  /** A purchase order was created or changed status: open lists, stats and details reload. */
  'purchase-order:updated': (payload: PurchaseOrderUpdatedPayload) => void;
  /** Progress of an export this user queued: an audit CSV (rows written) or a report file (percent of 100). */
  'export:progress': (payload: ExportProgressPayload) => void;
  /** The export is complete: the file can be downloaded (also announced by a notification). */
  'export:ready': (payload: ExportReadyPayload) => void;
  /** The export failed; nothing was left behind. */
  'export:failed': (payload: ExportFailedPayload) => void;
  /** One document of a signature block this user is signing was signed or failed (to `user:<id>`). */
  'signature-block:progress': (payload: SignatureBlockProgressPayload) => void;
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

/** What a socket keeps of its user: only what its rooms and the session checks need. */
export interface SocketData {
  userId: string;
  department: string;
  /** The login session (refresh-token family) the socket belongs to: it ends with it. */
  sessionFamilyId: string;
  /** When the handshake's access token expires (ms since the epoch): the socket is dropped then. */
  expiresAt: number;
}

/** Room names. Everything pushed to a browser goes to one of these rooms. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  department: (department: string) => `dept:${department}`,
  /** Every socket of one login session (server-side only: used to drop them when it ends). */
  session: (familyId: string) => `session:${familyId}`,
  /**
   * Every signed-in socket: for what concerns every user alike (the non-confidential dashboard
   * figures changed), one room instead of one per user.
   */
  signedIn: 'signed-in',
} as const;
