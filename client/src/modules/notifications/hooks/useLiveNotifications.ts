import { NotificationFeed, NOTIFICATIONS_DEFAULT_LIMIT, type NotificationView } from '@contracts';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../ui/toast';
import { socketAtom } from '../../realtime/states/socketAtom';
import { notificationsApi } from '../api/notifications-api';
import { notificationsLoadErrorAtom } from '../states/notificationsLoadErrorAtom';
import { recentNotificationsAtom } from '../states/recentNotificationsAtom';
import { unreadCountAtom } from '../states/unreadCountAtom';

/** Spec 1 §9: the list is reloaded every 5 minutes (fallback beside the live socket). */
export const NOTIFICATIONS_RELOAD_MS = 300_000;
/** More missed notifications than this at a reconnect give one summary toast. */
const MAX_TOASTS_AT_ONCE = 3;

/**
 * Keeps the bell badge and the dropdown list live: loads the first page, then applies the
 * socket's `notification:new` / `notification:state`, catches up after every (re)connect through
 * the shared NotificationFeed (each notification once, in order), shows a toast per new one, and
 * reloads every 5 minutes in case the live connection missed something. Mounted once (bell).
 */
export function useLiveNotifications(): void {
  const socket = useAtomValue(socketAtom);
  const setUnread = useSetAtom(unreadCountAtom);
  const setRecent = useSetAtom(recentNotificationsAtom);
  const setError = useSetAtom(notificationsLoadErrorAtom);
  const feedRef = useRef<NotificationFeed | null>(null);

  useEffect(() => {
    let pendingToasts: NotificationView[] = [];
    let toastTimer: ReturnType<typeof setTimeout> | undefined;
    const flushToasts = () => {
      const batch = pendingToasts;
      pendingToasts = [];
      if (batch.length > MAX_TOASTS_AT_ONCE) toast.info(`Você tem ${batch.length} novas notificações.`);
      else batch.forEach((n) => toast.info(n.title ? `${n.title}: ${n.message}` : n.message));
    };
    const feed = new NotificationFeed({
      sync: (afterSeq) => {
        if (!socket?.connected) return Promise.reject(new Error('sem conexão'));
        return socket.timeout(10_000).emitWithAck('notifications:sync', { afterSeq });
      },
      onNotification: (notification, unreadCount) => {
        setUnread(Math.max(0, unreadCount));
        setRecent((list) =>
          [notification, ...list.filter((n) => n.id !== notification.id)].slice(0, NOTIFICATIONS_DEFAULT_LIMIT),
        );
        pendingToasts.push(notification);
        clearTimeout(toastTimer);
        toastTimer = setTimeout(flushToasts, 50);
      },
      onUnreadCount: (count) => setUnread(Math.max(0, count)),
    });
    feedRef.current = feed;

    const load = async () => {
      try {
        const page = await notificationsApi.list(1, NOTIFICATIONS_DEFAULT_LIMIT);
        setRecent(page.notifications);
        setUnread(Math.max(0, page.unreadCount));
        setError(null);
        feed.setBaseline(page.notifications.reduce((max, n) => Math.max(max, n.seq), 0));
        if (socket?.connected) void feed.resync().catch(() => undefined);
      } catch (error) {
        setError(errorMessage(error, 'Falha ao carregar notificações'));
      }
    };
    void load();
    const timer = setInterval(() => void load(), NOTIFICATIONS_RELOAD_MS);

    if (!socket) return () => clearInterval(timer);
    const onConnect = () => void feed.resync().catch(() => undefined);
    const onNew = (payload: { notification: NotificationView; unreadCount: number }) => feed.receive(payload);
    const onState = ({ unreadCount }: { unreadCount: number }) => setUnread(Math.max(0, unreadCount));
    socket.on('connect', onConnect);
    socket.on('notification:new', onNew);
    socket.on('notification:state', onState);
    return () => {
      clearInterval(timer);
      clearTimeout(toastTimer);
      socket.off('connect', onConnect);
      socket.off('notification:new', onNew);
      socket.off('notification:state', onState);
    };
  }, [socket, setUnread, setRecent, setError]);
}
