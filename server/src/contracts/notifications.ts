/** Notifications (docs/notifications.md#fields; docs/notifications.md#page) and their live delivery. */
export const NOTIFICATION_TYPES = ['document', 'process', 'system', 'task', 'alert'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** GET /notifications defaults (docs/notifications.md#api) and the largest page the server serves. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 10;
export const NOTIFICATIONS_MAX_LIMIT = 100;
/** Highest page accepted: beyond any real list, far below an OFFSET the database refuses. */
export const NOTIFICATIONS_MAX_PAGE = 100_000;

/** Query of GET /notifications. */
export interface ListNotificationsQuery {
  page?: number;
  limit?: number;
  /** Lidas / Não lidas tabs; absent = all. */
  read?: boolean;
}

export interface NotificationView {
  _id: string;
  id: string;
  /**
   * Strictly increasing per database, in commit order: a client that has seen `seq` N asks for
   * everything after N when it (re)connects.
   */
  seq: number;
  type: NotificationType;
  title: string;
  message: string;
  /** Client route to open (`/semgi/...`), or '#' when there is nothing to open. */
  link: string;
  read: boolean;
  createdAt: string;
}

export interface NotificationListResponse {
  notifications: NotificationView[];
  unreadCount: number;
  total: number;
  page: number;
  totalPages: number;
}

export interface NotificationReadResponse {
  notification: NotificationView;
  unreadCount: number;
}

/** Answer of PATCH /read-all, DELETE /{id} and DELETE /read. */
export interface NotificationBulkResponse {
  affected: number;
  unreadCount: number;
}

/** Socket catch-up: everything after `afterSeq`, oldest first, at most a page at a time. */
export interface NotificationSyncRequest {
  afterSeq: number;
}

export interface NotificationSyncResponse {
  notifications: NotificationView[];
  unreadCount: number;
  /** More missed notifications wait: ask again after the last `seq` received. */
  hasMore: boolean;
}

export const NOTIFICATIONS_SYNC_BATCH = 200;
