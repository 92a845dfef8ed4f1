import { NOTIFICATIONS_DEFAULT_LIMIT, type NotificationListResponse, type NotificationView } from '@contracts';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { notificationsApi } from '../api/notifications-api';
import { notificationKeys } from '../api/notification-keys';

/**
 * The bell's newest notifications (first page, docs/notifications.md#limits size 10) and the unread count. The socket
 * keeps this entry live (useLiveNotifications writes the pushes into it), so mounting another
 * reader does not fetch it again.
 */
export const recentNotificationsQuery = {
  queryKey: notificationKeys.recent(),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    notificationsApi.list(1, NOTIFICATIONS_DEFAULT_LIMIT, 'all', signal),
  staleTime: Infinity,
};

export function useRecentNotifications() {
  return useQuery(recentNotificationsQuery);
}

/** Unread notifications of the signed-in user (header badge, tab label). Never below 0 (docs/notifications.md#page). */
export function useUnreadCount(): number {
  return Math.max(0, useRecentNotifications().data?.unreadCount ?? 0);
}

type RecentUpdate = (data: NotificationListResponse) => NotificationListResponse;

/** Changes the bell's cached list in place (nothing happens before its first load). */
export function updateRecentNotifications(queryClient: QueryClient, update: RecentUpdate): void {
  queryClient.setQueryData<NotificationListResponse>(notificationKeys.recent(), (data) => data && update(data));
}

export const withUnreadCount =
  (unreadCount: number): RecentUpdate =>
  (data) => ({ ...data, unreadCount });

/** A newly delivered notification goes on top (once), the list keeps its page size. */
export const withNewNotification =
  (notification: NotificationView, unreadCount: number): RecentUpdate =>
  (data) => ({
    ...data,
    unreadCount,
    notifications: [notification, ...data.notifications.filter((n) => n.id !== notification.id)].slice(
      0,
      NOTIFICATIONS_DEFAULT_LIMIT,
    ),
  });

/** Marks one notification (or, without an id, all of them) read in the list. */
export const withRead =
  (unreadCount: number, id?: string): RecentUpdate =>
  (data) => ({
    ...data,
    unreadCount,
    notifications: data.notifications.map((n) => (id === undefined || n.id === id ? { ...n, read: true } : n)),
  });
