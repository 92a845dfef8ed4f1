import { useQueryClient } from '@tanstack/react-query';
import { dashboardKeys } from '@/modules/dashboard/api/dashboard-keys';
import { documentKeys } from '@/modules/documents/api/document-keys';
import { notificationKeys } from '@/modules/notifications/api/notification-keys';
import { processKeys } from '@/modules/processes/api/process-keys';
import { purchaseOrderKeys } from '@/modules/purchase-orders/api/purchase-order-keys';
import { useSocketEvent } from '@/modules/realtime/hooks/useSocketEvent';
import { searchKeys } from '@/modules/search/api/search-keys';

/**
 * What each server push makes stale. Open screens refetch at once; the others when they mount.
 * The process detail page handles its own process (it waits while an action modal is open) and the
 * bell applies notification pushes to its list itself (useLiveNotifications).
 */
export function LiveQueryInvalidation() {
  const queryClient = useQueryClient();
  const invalidate = (queryKey: readonly unknown[]) => void queryClient.invalidateQueries({ queryKey });

  useSocketEvent('process:updated', ({ processId }) => {
    invalidate(processKeys.lists());
    invalidate(processKeys.stats());
    invalidate(documentKeys.forProcess(processId));
    invalidate(searchKeys.all);
  });
  // A signature request changed for this user (docs/documents.md#signature-requests): the pending
  // count and lists too. The list's cards read the same stored figures (docs/processes.md#list-counts).
  useSocketEvent('dashboard:updated', () => {
    invalidate(dashboardKeys.all);
    invalidate(documentKeys.lists());
    invalidate(processKeys.stats());
  });
  useSocketEvent('purchase-order:updated', () => invalidate(purchaseOrderKeys.all));
  useSocketEvent('notification:new', ({ notification }) => {
    invalidate(notificationKeys.lists());
    // Signed, asked, refused: open documents (details, lists) show the new state.
    if (notification.type === 'document' || notification.type === 'alert') invalidate(documentKeys.all);
  });
  useSocketEvent('notification:state', () => invalidate(notificationKeys.lists()));
  return null;
}
