import type { NotificationListResponse } from '#server/contracts/notifications';
import { createNotification } from '#test/factories/notifications';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { quietPeriod } from '#test/setup/eventually';

describe('notifications API', () => {
  const { server } = useServerSuite();
  let ana: { id: string; token: string };
  let bruno: { id: string; token: string };

  beforeAll(async () => {
    const a = await createUser(server.dataSource, { username: 'ana.notif' });
    const b = await createUser(server.dataSource, { username: 'bruno.notif' });
    ana = { id: a.id, token: (await login(server.url, 'ana.notif', TEST_PASSWORD)).token };
    bruno = { id: b.id, token: (await login(server.url, 'bruno.notif', TEST_PASSWORD)).token };
  });

  afterEach(() => server.dataSource.query('DELETE FROM notifications'));

  it('lists only the caller’s notifications, newest first, 10 per page by default', async () => {
    for (let i = 1; i <= 12; i++) await createNotification(server.dataSource, ana.id, { title: `N${i}`, read: i <= 4 });
    await createNotification(server.dataSource, bruno.id, { title: 'de outro usuário' });

    const first = await api<NotificationListResponse>(server.url, 'GET', '/notifications', { token: ana.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ unreadCount: 8, total: 12, page: 1, totalPages: 2 });
    expect(first.body.notifications.map((n) => n.title)).toEqual([
      'N12',
      'N11',
      'N10',
      'N9',
      'N8',
      'N7',
      'N6',
      'N5',
      'N4',
      'N3',
    ]);
    expect(first.body.notifications[0]).toMatchObject({ type: 'process', read: false, link: '#' });
    expect(first.body.notifications[0]._id).toBe(first.body.notifications[0].id);

    const second = await api<NotificationListResponse>(server.url, 'GET', '/notifications?page=2&limit=10', {
      token: ana.token,
    });
    expect(second.body.notifications.map((n) => n.title)).toEqual(['N2', 'N1']);

    const twenty = await api<NotificationListResponse>(server.url, 'GET', '/notifications?limit=20', {
      token: ana.token,
    });
    expect(twenty.body).toMatchObject({ total: 12, totalPages: 1 });
    expect(twenty.body.notifications).toHaveLength(12);

    const unread = await api<NotificationListResponse>(server.url, 'GET', '/notifications?limit=20&read=false', {
      token: ana.token,
    });
    expect(unread.body).toMatchObject({ total: 8, unreadCount: 8 });
    expect(unread.body.notifications.every((n) => !n.read)).toBe(true);
    const read = await api<NotificationListResponse>(server.url, 'GET', '/notifications?limit=20&read=true', {
      token: ana.token,
    });
    expect(read.body.notifications.map((n) => n.title)).toEqual(['N4', 'N3', 'N2', 'N1']);
    const bad = await api(server.url, 'GET', '/notifications?read=talvez', { token: ana.token });
    expect(bad.status).toBe(400);
  });

  it('validates page and limit', async () => {
    const tooBig = await api(server.url, 'GET', '/notifications?limit=101', { token: ana.token });
    expect(tooBig.status).toBe(400);
    expect(tooBig.body).toMatchObject({ message: 'O limite deve estar entre 1 e 100.' });
    const zero = await api(server.url, 'GET', '/notifications?page=0', { token: ana.token });
    expect(zero.status).toBe(400);
    expect(zero.body).toMatchObject({ message: 'A página deve ser maior ou igual a 1.' });
    const text = await api(server.url, 'GET', '/notifications?page=abc', { token: ana.token });
    expect(text.status).toBe(400);
    const extra = await api(server.url, 'GET', '/notifications?userId=' + bruno.id, { token: ana.token });
    expect(extra.status).toBe(400);
    expect(extra.body).toMatchObject({ message: 'O campo "userId" não é permitido.' });
  });

  it('refuses every route without a session', async () => {
    for (const [method, path] of [
      ['GET', '/notifications'],
      ['PATCH', '/notifications/read-all'],
      ['DELETE', '/notifications/read'],
    ]) {
      expect((await api(server.url, method, path)).status).toBe(401);
    }
  });

  it('answers 404 for another user’s notification and leaves it untouched (IDOR)', async () => {
    const others = await createNotification(server.dataSource, bruno.id, { title: 'privada' });
    const notFound = { statusCode: 404, message: 'Notificação não encontrada.' };

    const read = await api(server.url, 'PATCH', `/notifications/${others.id}/read`, { token: ana.token });
    expect(read.status).toBe(404);
    expect(read.body).toMatchObject(notFound);
    const del = await api(server.url, 'DELETE', `/notifications/${others.id}`, { token: ana.token });
    expect(del.status).toBe(404);
    expect(del.body).toMatchObject(notFound);
    const malformed = await api(server.url, 'PATCH', '/notifications/123/read', { token: ana.token });
    expect(malformed.status).toBe(404);
    expect(malformed.body).toMatchObject(notFound);

    // Bulk routes only touch the caller's rows.
    await api(server.url, 'PATCH', '/notifications/read-all', { token: ana.token });
    await api(server.url, 'DELETE', '/notifications/read', { token: ana.token });

    const brunoList = await api<NotificationListResponse>(server.url, 'GET', '/notifications', { token: bruno.token });
    expect(brunoList.body).toMatchObject({ total: 1, unreadCount: 1 });
    expect(brunoList.body.notifications[0]).toMatchObject({ id: others.id, read: false, title: 'privada' });
  });

  it('marks one and all as read; the unread count never goes below 0', async () => {
    const one = await createNotification(server.dataSource, ana.id);
    await createNotification(server.dataSource, ana.id);

    const first = await api(server.url, 'PATCH', `/notifications/${one.id}/read`, { token: ana.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ notification: { id: one.id, read: true }, unreadCount: 1 });
    // Reading it again changes nothing.
    const again = await api(server.url, 'PATCH', `/notifications/${one.id}/read`, { token: ana.token });
    expect(again.body).toMatchObject({ unreadCount: 1 });

    const all = await api(server.url, 'PATCH', '/notifications/read-all', { token: ana.token });
    expect(all.body).toEqual({ affected: 1, unreadCount: 0 });
    const allAgain = await api(server.url, 'PATCH', '/notifications/read-all', { token: ana.token });
    expect(allAgain.body).toEqual({ affected: 0, unreadCount: 0 });

    // Deleting read notifications, or all of them, keeps the count at 0.
    const cleared = await api(server.url, 'DELETE', '/notifications/read', { token: ana.token });
    expect(cleared.body).toEqual({ affected: 2, unreadCount: 0 });
    const clearedAgain = await api(server.url, 'DELETE', '/notifications/read', { token: ana.token });
    expect(clearedAgain.body).toEqual({ affected: 0, unreadCount: 0 });
    const list = await api<NotificationListResponse>(server.url, 'GET', '/notifications', { token: ana.token });
    expect(list.body).toEqual({
      notifications: [],
      unreadCount: 0,
      total: 0,
      page: 1,
      totalPages: 1,
      totalIsLowerBound: false,
    });
  });

  it('deletes one notification (read or not) and only read ones in bulk', async () => {
    const unread = await createNotification(server.dataSource, ana.id, { title: 'não lida' });
    const read = await createNotification(server.dataSource, ana.id, { title: 'lida', read: true });
    await createNotification(server.dataSource, ana.id, { title: 'outra lida', read: true });

    const bulk = await api(server.url, 'DELETE', '/notifications/read', { token: ana.token });
    expect(bulk.body).toEqual({ affected: 2, unreadCount: 1 });
    expect((await api(server.url, 'DELETE', `/notifications/${read.id}`, { token: ana.token })).status).toBe(404);

    const del = await api(server.url, 'DELETE', `/notifications/${unread.id}`, { token: ana.token });
    expect(del.body).toEqual({ affected: 1, unreadCount: 0 });
    const list = await api<NotificationListResponse>(server.url, 'GET', '/notifications', { token: ana.token });
    expect(list.body.total).toBe(0);
  });

  it('pushes notification:state to every tab of the user, and to nobody else', async () => {
    const one = await createNotification(server.dataSource, ana.id);
    await createNotification(server.dataSource, ana.id);
    const tab1 = await connectSocket(server.url, ana.token);
    const tab2 = await connectSocket(server.url, ana.token);
    const brunoSocket = await connectSocket(server.url, bruno.token);
    try {
      let brunoHeard = false;
      brunoSocket.on('notification:state', () => (brunoHeard = true));
      const states = [tab1, tab2].map(
        (socket) => new Promise<{ unreadCount: number }>((resolve) => socket.once('notification:state', resolve)),
      );
      await api(server.url, 'PATCH', `/notifications/${one.id}/read`, { token: ana.token });
      expect(await Promise.all(states)).toEqual([{ unreadCount: 1 }, { unreadCount: 1 }]);

      const afterDelete = new Promise((resolve) => tab2.once('notification:state', resolve));
      await api(server.url, 'DELETE', `/notifications/${one.id}`, { token: ana.token });
      expect(await afterDelete).toEqual({ unreadCount: 1 });
      await quietPeriod(150);
      expect(brunoHeard).toBe(false);
    } finally {
      [tab1, tab2, brunoSocket].forEach((s) => s.close());
    }
  });

  it('sync answers only the socket user’s notifications after the given seq, oldest first', async () => {
    const n1 = await createNotification(server.dataSource, ana.id, { title: 'primeira' });
    await createNotification(server.dataSource, ana.id, { title: 'segunda' });
    await createNotification(server.dataSource, ana.id, { title: 'terceira', read: true });
    await createNotification(server.dataSource, bruno.id, { title: 'de bruno' });
    const socket = await connectSocket(server.url, ana.token);
    try {
      const reply = await socket.emitWithAck('notifications:sync', { afterSeq: Number(n1.seq) });
      expect(reply.notifications.map((n) => n.title)).toEqual(['segunda', 'terceira']);
      expect(reply).toMatchObject({ unreadCount: 2, hasMore: false });
      const bogus = await socket.emitWithAck('notifications:sync', { afterSeq: -5 });
      expect(bogus.notifications.map((n) => n.title)).toEqual(['primeira', 'segunda', 'terceira']);
    } finally {
      socket.close();
    }
  });
});
