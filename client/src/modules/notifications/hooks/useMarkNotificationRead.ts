import type { NotificationView } from '@contracts';
import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { errorMessage } from '../../../lib/http';
import { toast } from '../../../ui/toast';
import { notificationsApi } from '../api/notifications-api';
import { recentNotificationsAtom } from '../states/recentNotificationsAtom';
import { unreadCountAtom } from '../states/unreadCountAtom';

/** Mark one / all as read, keeping the badge and the dropdown list in step with the server. */
export function useNotificationActions() {
  const setUnread = useSetAtom(unreadCountAtom);
  const setRecent = useSetAtom(recentNotificationsAtom);

  const markRead = useCallback(
    async (notification: NotificationView): Promise<boolean> => {
      try {
        const { unreadCount } = await notificationsApi.markRead(notification.id);
        setUnread(Math.max(0, unreadCount));
        setRecent((list) => list.map((n) => (n.id === notification.id ? { ...n, read: true } : n)));
        return true;
      } catch (error) {
        toast.error(errorMessage(error, 'Falha ao marcar notificação como lida'));
        return false;
      }
    },
    [setUnread, setRecent],
  );

  const markAllRead = useCallback(async (): Promise<boolean> => {
    try {
      const { unreadCount } = await notificationsApi.markAllRead();
      setUnread(Math.max(0, unreadCount));
      setRecent((list) => list.map((n) => ({ ...n, read: true })));
      return true;
    } catch (error) {
      toast.error(errorMessage(error, 'Falha ao marcar todas notificações como lidas'));
      return false;
    }
  }, [setUnread, setRecent]);

  return { markRead, markAllRead };
}
