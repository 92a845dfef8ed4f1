import type { NotificationBulkResponse, NotificationListResponse, NotificationReadResponse } from '@contracts';
import { http } from '@/lib/http';

export type NotificationFilter = 'all' | 'unread' | 'read';

/** docs/notifications.md#api Notifications. */
export const notificationsApi = {
  list: (page: number, limit: number, filter: NotificationFilter = 'all', signal?: AbortSignal) =>
    http.get<NotificationListResponse>('/notifications', {
      query: { page, limit, read: filter === 'all' ? undefined : filter === 'read' },
      signal,
    }),
  markRead: (id: string) => http.patch<NotificationReadResponse>(`/notifications/${encodeURIComponent(id)}/read`),
  markAllRead: () => http.patch<NotificationBulkResponse>('/notifications/read-all'),
  remove: (id: string) => http.delete<NotificationBulkResponse>(`/notifications/${encodeURIComponent(id)}`),
  removeRead: () => http.delete<NotificationBulkResponse>('/notifications/read'),
};
