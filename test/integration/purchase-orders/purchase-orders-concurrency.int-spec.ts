import type { NotificationView } from '#server/contracts/notifications';
import {
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  type PurchaseOrderMutationResponse,
  type PurchaseOrderUpdatedPayload,
  type PurchaseOrderView,
} from '#server/contracts/purchase-orders';
import { createMaterial, createOrderViaApi } from '#test/factories/purchase-orders';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login } from '#test/setup/app';
import { eventually, quietPeriod } from '#test/setup/eventually';
import { useServerSuite } from '#test/setup/server-suite';

const waitFor = (check: () => boolean | Promise<boolean>, what: string) =>
  eventually(check, what, { timeoutMs: 15_000 });

describe('purchase orders under concurrency, with live notifications', () => {
  const { server } = useServerSuite({ worker: true });
  let requester: { token: string; id: string };
  let reviewers: string[];
  let material: string;

  const notificationsOf = async (userId: string): Promise<{ title: string; link: string }[]> =>
    server.dataSource.query(`SELECT title, link FROM notifications WHERE user_id = $1 ORDER BY seq`, [userId]);

  beforeAll(async () => {
    const user = await createUser(server.dataSource, { username: 'cc.req', department: 'Infraestrutura' });
    requester = { token: (await login(server.url, 'cc.req', TEST_PASSWORD)).token, id: user.id };
    await createUser(server.dataSource, { username: 'cc.ped', department: 'Pedidos' });
    await createUser(server.dataSource, { username: 'cc.adm', department: 'Administração' });
    reviewers = [
      (await login(server.url, 'cc.ped', TEST_PASSWORD)).token,
      (await login(server.url, 'cc.adm', TEST_PASSWORD)).token,
    ];
    material = (await createMaterial(server.dataSource)).id;
  });

  it('50 concurrent creations get 50 distinct, consecutive numbers', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api<PurchaseOrderMutationResponse>(server.url, 'POST', '/purchase-orders', {
          token: requester.token,
          body: { items: [{ materialItem: material, quantity: i + 1 }], justification: `Pedido ${i}` },
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(50).fill(201));
    const year = new Date().getFullYear();
    const numbers = results.map((r) => r.body.order.orderNumber).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `PED-${year}-${String(i + 1).padStart(5, '0')}`));
  }, 60_000);

  it('20 concurrent approve/reject calls: one wins, one history row, one notification', async () => {
    const order = await createOrderViaApi(server.url, requester.token, [material]);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api<PurchaseOrderMutationResponse>(server.url, 'PATCH', `/purchase-orders/${order.id}/status`, {
          token: reviewers[i % 2],
          body: { status: i % 3 === 0 ? 'rejected' : 'approved', reviewComments: `decisão ${i}` },
        }),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, ...Array(19).fill(409)]);
    const winner = results.find((r) => r.status === 200)!.body.order;
    // A loser either met the winner's transaction or arrived after it: then its own target is refused.
    results.forEach((loser, i) => {
      if (loser.status !== 409) return;
      const attempted = i % 3 === 0 ? 'rejected' : 'approved';
      expect([MESSAGES.changedMeanwhile, MESSAGES.wrongState(winner.status, attempted)]).toContain(loser.body.message);
    });
    const history: { to_status: string; review_comments: string }[] = await server.dataSource.query(
      `SELECT to_status, review_comments FROM purchase_order_history WHERE order_id = $1 AND from_status IS NOT NULL`,
      [order.id],
    );
    expect(history).toEqual([{ to_status: winner.status, review_comments: winner.reviewComments }]);
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM outbox_events WHERE type = 'purchase-order.status-changed' AND payload->>'orderId' = $1`,
      [order.id],
    );
    expect(n).toBe(1);
    const link = `/semgi/purchase-orders?order=${order.id}`;
    await waitFor(
      async () => (await notificationsOf(requester.id)).some((x) => x.link === link),
      'a notificação do solicitante',
    );
    await quietPeriod(500);
    const mine = (await notificationsOf(requester.id)).filter((x) => x.link === link);
    expect(mine).toEqual([{ title: winner.status === 'approved' ? 'Pedido aprovado' : 'Pedido rejeitado', link }]);
  }, 60_000);

  it('reviewers hear of a new order live; the requester hears of each step; open lists get purchase-order:updated', async () => {
    const admin = await createUser(server.dataSource, { username: 'cc.root', department: 'Gabinete', role: 'admin' });
    const adminSession = await login(server.url, 'cc.root', TEST_PASSWORD);
    await createUser(server.dataSource, { username: 'cc.fora', department: 'Jurídico' });
    const outsiderSession = await login(server.url, 'cc.fora', TEST_PASSWORD);
    const adminSocket = await connectSocket(server.url, adminSession.token);
    const requesterSocket = await connectSocket(server.url, requester.token);
    const outsiderSocket = await connectSocket(server.url, outsiderSession.token);
    const heard = { admin: [] as NotificationView[], requester: [] as NotificationView[], outsider: 0 };
    const updates: PurchaseOrderUpdatedPayload[] = [];
    adminSocket.on('notification:new', (p) => heard.admin.push(p.notification));
    requesterSocket.on('notification:new', (p) => heard.requester.push(p.notification));
    requesterSocket.on('purchase-order:updated', (p) => updates.push(p));
    outsiderSocket.on('notification:new', () => (heard.outsider += 1));
    outsiderSocket.on('purchase-order:updated', () => (heard.outsider += 1));
    try {
      const order = await createOrderViaApi(server.url, requester.token, [material]);
      await waitFor(() => heard.admin.length === 1, 'a notificação do administrador');
      expect(heard.admin[0]).toMatchObject({
        type: 'task',
        title: 'Novo pedido de material',
        link: `/semgi/purchase-orders?order=${order.id}`,
      });
      expect(heard.admin[0].message).toContain(order.orderNumber);
      const reviewerIds: { id: string }[] = await server.dataSource.query(
        `SELECT user_id AS id FROM notifications WHERE link = $1 ORDER BY user_id`,
        [`/semgi/purchase-orders?order=${order.id}`],
      );
      const expectedReviewers: { id: string }[] = await server.dataSource.query(
        `SELECT id FROM users
          WHERE status = 'active' AND (role = 'admin' OR department IN ('Pedidos', 'Administração'))
          ORDER BY id`,
      );
      expect(reviewerIds).toEqual(expectedReviewers);
      expect(expectedReviewers.map((u) => u.id)).toContain(admin.id);

      for (const status of ['approved', 'ordered', 'received'] as const) {
        const res = await api<{ order: PurchaseOrderView }>(
          server.url,
          'PATCH',
          `/purchase-orders/${order.id}/status`,
          {
            token: reviewers[0],
            body: { status },
          },
        );
        expect(res.status).toBe(200);
      }
      await waitFor(() => heard.requester.length === 3, 'as três notificações do solicitante');
      expect(heard.requester.map((n) => n.title)).toEqual([
        'Pedido aprovado',
        'Compra do pedido realizada',
        'Pedido recebido',
      ]);
      await waitFor(() => updates.length === 4, 'os quatro purchase-order:updated');
      expect(updates.map((u) => u.status)).toEqual(['pending', 'approved', 'ordered', 'received']);
      await quietPeriod(300);
      expect(heard.outsider).toBe(0);
    } finally {
      adminSocket.close();
      requesterSocket.close();
      outsiderSocket.close();
    }
  }, 60_000);
});
