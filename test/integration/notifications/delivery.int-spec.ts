import type { NotificationListResponse, NotificationView } from '#server/contracts/notifications';
import { commitOutboxEvent } from '#test/factories/notifications';
import { createProcessViaApi, pid } from '#test/factories/processes';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login, type TestSocket } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { NotificationFeed } from '@/modules/notifications/utils/notification-feed';
import { eventually, quietPeriod } from '#test/setup/eventually';

const WAIT = { timeoutMs: 15_000 };

/** A browser tab: the socket plus the client's feed (baseline from GET, catch-up on every connect). */
function tab(socket: TestSocket, delivered: NotificationView[]) {
  const feed = new NotificationFeed<NotificationView>({
    sync: (afterSeq) => socket.emitWithAck('notifications:sync', { afterSeq }),
    onNotification: (notification) => delivered.push(notification),
    onUnreadCount: () => undefined,
  });
  socket.on('notification:new', (payload) => feed.receive(payload));
  return feed;
}

describe('delivery across instances and reconnects', () => {
  const [serverA, serverB] = useServerSuite({ servers: 2, worker: true }).servers;

  it('a forward made through instance A reaches a socket connected to instance B', async () => {
    await createUser(serverA.dataSource, { username: 'cria.a', department: 'Administração' });
    await createUser(serverA.dataSource, { username: 'envia.a', department: 'Financeiro' });
    await createUser(serverA.dataSource, { username: 'recebe.b', department: 'Jurídico' });
    const creator = await login(serverA.url, 'cria.a', TEST_PASSWORD);
    const sender = await login(serverA.url, 'envia.a', TEST_PASSWORD);
    const receiverSession = await login(serverB.url, 'recebe.b', TEST_PASSWORD);
    const process = await createProcessViaApi(serverA.url, creator.token, { destinationDepartment: 'Financeiro' });

    const socket = await connectSocket(serverB.url, receiverSession.token);
    try {
      const received = new Promise<{ notification: NotificationView; unreadCount: number }>((resolve) =>
        socket.once('notification:new', resolve),
      );
      const updated = new Promise((resolve) => socket.once('process:updated', resolve));
      const forwarded = await api(serverA.url, 'POST', `/processes/${pid(process.id)}/forward`, {
        token: sender.token,
        body: { destinationDepartment: 'Jurídico', comment: 'Para parecer jurídico' },
      });
      expect(forwarded.status).toBe(200);
      const payload = await received;
      expect(payload.unreadCount).toBe(1);
      expect(payload.notification).toMatchObject({
        type: 'process',
        title: 'Processo encaminhado',
        link: `/semgi/process-details/${pid(process.id)}`,
        read: false,
      });
      expect(payload.notification.message).toContain('de Financeiro para Jurídico');
      expect(await updated).toMatchObject({ processId: process.id, event: 'process.forwarded' });
      const list = await api<NotificationListResponse>(serverB.url, 'GET', '/notifications', {
        token: receiverSession.token,
      });
      expect(list.body.notifications.map((n) => n.id)).toEqual([payload.notification.id]);
    } finally {
      socket.close();
    }
  });

  it('an offline client gets the 50 notifications it missed once, in order, after reconnecting elsewhere', async () => {
    const user = await createUser(serverA.dataSource, { username: 'offline.um' });
    const session = await login(serverA.url, 'offline.um', TEST_PASSWORD);
    await commitOutboxEvent(serverA, 'export.ready', { userId: user.id, title: 'Antes', link: '#' });
    await eventually(async () => (await list()).total === 1, 'a primeira notificação', WAIT);

    async function list() {
      return (await api<NotificationListResponse>(serverA.url, 'GET', '/notifications', { token: session.token })).body;
    }
    const delivered: NotificationView[] = [];
    const baseline = (await list()).notifications[0].seq;

    // Online on B, then offline while 50 notifications commit.
    const first = await connectSocket(serverB.url, session.token);
    const feedOnB = tab(first, delivered);
    feedOnB.setBaseline(baseline);
    await feedOnB.resync();
    first.close();
    for (let i = 1; i <= 50; i++) {
      await commitOutboxEvent(serverA, 'export.ready', { userId: user.id, title: `Exportação ${i}`, link: '#' });
    }
    await eventually(async () => (await list()).total === 51, 'as 50 notificações', WAIT);
    expect(delivered).toHaveLength(0);

    // Reconnect to A: catch-up, while 5 more arrive live during and after it.
    const second = await connectSocket(serverA.url, session.token);
    const feedOnA = tab(second, delivered);
    feedOnA.setBaseline(feedOnB.newestSeq ?? baseline);
    const live = (async () => {
      for (let i = 51; i <= 55; i++) {
        await commitOutboxEvent(serverA, 'export.ready', { userId: user.id, title: `Exportação ${i}`, link: '#' });
      }
    })();
    await feedOnA.resync();
    await live;
    try {
      await eventually(() => delivered.length >= 55, 'as 55 notificações', WAIT);
      await quietPeriod(300);
      expect(delivered.map((n) => n.message)).toEqual(
        Array.from({ length: 55 }, (_, i) => `Exportação ${i + 1} está pronto para download.`),
      );
      expect(new Set(delivered.map((n) => n.id)).size).toBe(55);
      const seqs = delivered.map((n) => n.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    } finally {
      second.close();
    }
  });

  it('a catch-up larger than one batch arrives in pages', async () => {
    const user = await createUser(serverA.dataSource, { username: 'offline.dois' });
    const session = await login(serverB.url, 'offline.dois', TEST_PASSWORD);
    await serverA.dataSource.query(
      `INSERT INTO notifications (user_id, type, title, message)
       SELECT $1, 'system', 'Aviso ' || g, 'Mensagem' FROM generate_series(1, 450) g ORDER BY g`,
      [user.id],
    );
    const socket = await connectSocket(serverB.url, session.token);
    try {
      const delivered: NotificationView[] = [];
      const feed = tab(socket, delivered);
      feed.setBaseline(0);
      await feed.resync();
      expect(delivered).toHaveLength(450);
      expect(delivered[0].title).toBe('Aviso 1');
      expect(delivered[449].title).toBe('Aviso 450');
    } finally {
      socket.close();
    }
  });
});
