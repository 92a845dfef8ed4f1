import type { NotificationView } from '@contracts';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/http';
import { toast } from '@/ui/toast';
import { notificationsApi } from '../api/notifications-api';
import { notificationKeys } from '../api/notification-keys';
import { updateRecentNotifications, withRead, withUnreadCount } from './useRecentNotifications';

type RecentUpdate = Parameters<typeof updateRecentNotifications>[1];

/**
 * Mark read and delete. The server's answer updates the badge and the bell's list at once; the
 * pages of the /notifications screen (and, after a delete, the bell's page) are loaded again.
 * Each action resolves `true` on success and reports a failure with a toast.
 */
export function useNotificationActions() {
  const queryClient = useQueryClient();

  async function run(
    call: () => Promise<{ unreadCount: number }>,
    failure: string,
    update: (unreadCount: number) => RecentUpdate,
    deleted = false,
  ): Promise<boolean> {
    let unreadCount: number;
    try {
      ({ unreadCount } = await call());
    } catch (error) {
      toast.error(errorMessage(error, failure));
      return false;
    }
    updateRecentNotifications(queryClient, update(Math.max(0, unreadCount)));
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
      deleted && queryClient.invalidateQueries({ queryKey: notificationKeys.recent() }),
    ]);
    return true;
  }

  return {
    markRead: (n: NotificationView) =>
      run(
        () => notificationsApi.markRead(n.id),
        'Falha ao marcar notificação como lida',
        (count) => withRead(count, n.id),
      ),
    markAllRead: () =>
      run(
        () => notificationsApi.markAllRead(),
        'Falha ao marcar todas notificações como lidas',
        (count) => withRead(count),
      ),
    remove: (n: NotificationView) =>
      run(() => notificationsApi.remove(n.id), 'Falha ao excluir notificação', withUnreadCount, true),
    removeRead: () =>
      run(() => notificationsApi.removeRead(), 'Falha ao excluir notificações lidas', withUnreadCount, true),
  };
}
