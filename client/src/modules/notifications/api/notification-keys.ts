import type { NotificationFilter } from './notifications-api';

/** TanStack Query keys of the signed-in user's notifications. */
export const notificationKeys = {
  all: ['notifications'] as const,
  /** The bell's newest notifications and the unread count (kept live by the socket). */
  recent: () => [...notificationKeys.all, 'recent'] as const,
  /** Pages of the /notifications screen. */
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (page: number, filter: NotificationFilter) => [...notificationKeys.lists(), { page, filter }] as const,
};
