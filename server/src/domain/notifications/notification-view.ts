import type { NotificationType, NotificationView } from '#server/contracts/notifications';

/** The columns a view needs (an entity, or a raw row selected with camelCase aliases). */
export interface NotificationRow {
  id: string;
  seq: string | number;
  type: NotificationType;
  title: string;
  message: string;
  link: string;
  read: boolean;
  createdAt: Date | string;
}

/** Raw-SQL select list producing a NotificationRow. */
export const NOTIFICATION_ROW_COLUMNS = `id, seq, type, title, message, link, read, created_at AS "createdAt"`;

export function toNotificationView(row: NotificationRow): NotificationView {
  return {
    _id: row.id,
    id: row.id,
    seq: Number(row.seq),
    type: row.type,
    title: row.title,
    message: row.message,
    link: row.link,
    read: row.read,
    createdAt: new Date(row.createdAt).toISOString(),
  };
}
