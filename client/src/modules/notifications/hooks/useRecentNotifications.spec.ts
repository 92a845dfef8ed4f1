import type { NotificationListResponse, NotificationView } from '@contracts';
import { QueryClient } from '@tanstack/react-query';
import { notificationKeys } from '../api/notification-keys';
import { updateRecentNotifications, withNewNotification, withRead, withUnreadCount } from './useRecentNotifications';

const note = (seq: number, read = false): NotificationView => ({
  _id: `n${seq}`,
  id: `n${seq}`,
  seq,
  type: 'process',
  title: `Título ${seq}`,
  message: `Mensagem ${seq}`,
  link: '#',
  read,
  createdAt: '2026-01-01T00:00:00.000Z',
});

const page = (notifications: NotificationView[], unreadCount: number): NotificationListResponse => ({
  notifications,
  unreadCount,
  total: notifications.length,
  page: 1,
  totalPages: 1,
  totalIsLowerBound: false,
});

describe("the bell's cached page", () => {
  it('puts a new notification on top once and keeps the page size of 10', () => {
    const ten = Array.from({ length: 10 }, (_, index) => note(10 - index));
    const next = withNewNotification(note(11), 11)(page(ten, 10));
    expect(next.notifications.map((n) => n.seq)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
    expect(next.unreadCount).toBe(11);
    expect(withNewNotification(note(11), 11)(next).notifications.filter((n) => n.seq === 11)).toHaveLength(1);
  });

  it('marks one or all read with the count the server answered', () => {
    const data = page([note(2), note(1)], 2);
    expect(withRead(1, 'n2')(data).notifications.map((n) => n.read)).toEqual([true, false]);
    expect(withRead(0)(data).notifications.map((n) => n.read)).toEqual([true, true]);
    expect(withUnreadCount(5)(data)).toEqual({ ...data, unreadCount: 5 });
  });

  it('changes nothing before the first load', () => {
    const client = new QueryClient();
    updateRecentNotifications(client, withUnreadCount(3));
    expect(client.getQueryData(notificationKeys.recent())).toBeUndefined();
    client.setQueryData(notificationKeys.recent(), page([], 0));
    updateRecentNotifications(client, withUnreadCount(3));
    expect(client.getQueryData<NotificationListResponse>(notificationKeys.recent())?.unreadCount).toBe(3);
  });
});
