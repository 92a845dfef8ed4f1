import type { NotificationListResponse, NotificationView } from '@contracts';
import { hashKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { toast } from '@/ui/toast';
import { socketAtom } from '@/modules/realtime/states/socketAtom';
import { notificationKeys } from '../api/notification-keys';
import { NotificationFeed } from '../utils/notification-feed';
import {
  recentNotificationsQuery,
  updateRecentNotifications,
  withNewNotification,
  withUnreadCount,
} from './useRecentNotifications';

/** docs/notifications.md#limits: the list is reloaded every 5 minutes (fallback beside the live socket). */
export const NOTIFICATIONS_RELOAD_MS = 300_000;
/** More missed notifications than this at a reconnect give one summary toast. */
const MAX_TOASTS_AT_ONCE = 3;

const newestSeq = (list: NotificationListResponse) => list.notifications.reduce((max, n) => Math.max(max, n.seq), 0);

/**
 * Keeps the bell badge and the dropdown list live: loads the first page (and again every 5
 * minutes), then applies the socket's `notification:new` / `notification:state` to that cached
 * page, catches up after every (re)connect, every load and every `notifications:resync` (the server
 * says live pushes may have been lost) through the NotificationFeed (each notification once, in
 * order) and shows a toast per new one. Mounted once (bell).
 */
export function useLiveNotifications(): void {
  const socket = useAtomValue(socketAtom);
  const queryClient = useQueryClient();
  useQuery({
    ...recentNotificationsQuery,
    refetchInterval: NOTIFICATIONS_RELOAD_MS,
    refetchIntervalInBackground: true,
  });

  useEffect(() => {
    let pendingToasts: NotificationView[] = [];
    let toastTimer: ReturnType<typeof setTimeout> | undefined;
    const flushToasts = () => {
      const batch = pendingToasts;
      pendingToasts = [];
      if (batch.length > MAX_TOASTS_AT_ONCE) toast.info(`Você tem ${batch.length} novas notificações.`);
      else batch.forEach((n) => toast.info(n.title ? `${n.title}: ${n.message}` : n.message));
    };
    const feed = new NotificationFeed<NotificationView>({
      sync: (afterSeq) => {
        if (!socket?.connected) return Promise.reject(new Error('sem conexão'));
        return socket.timeout(10_000).emitWithAck('notifications:sync', { afterSeq });
      },
      onNotification: (notification, unreadCount) => {
        updateRecentNotifications(queryClient, withNewNotification(notification, Math.max(0, unreadCount)));
        pendingToasts.push(notification);
        clearTimeout(toastTimer);
        toastTimer = setTimeout(flushToasts, 50);
      },
      onUnreadCount: (count) => updateRecentNotifications(queryClient, withUnreadCount(Math.max(0, count))),
    });
    const resync = () => {
      if (socket?.connected) void feed.resync().catch(() => undefined);
    };
    // Every loaded page is the feed's baseline; a catch-up follows (pushes written into the cache
    // by the feed itself are not loads).
    const adoptBaseline = (list: NotificationListResponse | undefined) => {
      if (!list) return;
      feed.setBaseline(newestSeq(list));
      resync();
    };
    adoptBaseline(queryClient.getQueryData<NotificationListResponse>(notificationKeys.recent()));
    const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
      if (event.query.queryHash !== hashKey(notificationKeys.recent())) return;
      adoptBaseline(event.query.state.data as NotificationListResponse | undefined);
    });

    if (!socket) return unsubscribeCache;
    const onNew = (payload: { notification: NotificationView; unreadCount: number }) => feed.receive(payload);
    const onState = ({ unreadCount }: { unreadCount: number }) =>
      updateRecentNotifications(queryClient, withUnreadCount(Math.max(0, unreadCount)));
    socket.on('connect', resync);
    socket.on('notifications:resync', resync);
    socket.on('notification:new', onNew);
    socket.on('notification:state', onState);
    return () => {
      unsubscribeCache();
      feed.dispose();
      clearTimeout(toastTimer);
      socket.off('connect', resync);
      socket.off('notifications:resync', resync);
      socket.off('notification:new', onNew);
      socket.off('notification:state', onState);
    };
  }, [socket, queryClient]);
}
