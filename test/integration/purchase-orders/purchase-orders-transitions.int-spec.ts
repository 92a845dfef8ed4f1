import {
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  PURCHASE_ORDER_STATUSES,
  PURCHASE_ORDER_TARGET_STATUSES,
  type PurchaseOrderMutationResponse,
  type PurchaseOrderStatus,
  type PurchaseOrderTargetStatus,
  type PurchaseOrderView,
} from '#server/contracts/purchase-orders';
import { createMaterial, createOrderViaApi, forceStatus } from '#test/factories/purchase-orders';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

type ActorName = 'admin' | 'pedidos' | 'administracao' | 'requester' | 'colleague' | 'outsider';

/** The rules, stated independently of the server's table: source state and who may act. */
const EXPECTED_SOURCE: Record<PurchaseOrderTargetStatus, PurchaseOrderStatus> = {
  approved: 'pending',
  rejected: 'pending',
  ordered: 'approved',
  received: 'ordered',
  cancelled: 'pending',
};
const REVIEWERS: ActorName[] = ['admin', 'pedidos', 'administracao'];
const mayApply = (actor: ActorName, target: PurchaseOrderTargetStatus) =>
  target === 'cancelled' ? actor === 'requester' : REVIEWERS.includes(actor);

describe('purchase orders: role × transition matrix', () => {
  const { server } = useServerSuite();
  const tokens = {} as Record<ActorName, string>;
  let materials: string[];

  beforeAll(async () => {
    const seeds: [ActorName, { department: string; role?: 'admin' }][] = [
      ['admin', { department: 'Jurídico', role: 'admin' }],
      ['pedidos', { department: 'Pedidos' }],
      ['administracao', { department: 'Administração' }],
      ['requester', { department: 'Financeiro' }],
      ['colleague', { department: 'Financeiro' }],
      ['outsider', { department: 'Infraestrutura' }],
    ];
    for (const [name, seed] of seeds) {
      await createUser(server.dataSource, { username: `po.${name}`, ...seed });
      tokens[name] = (await login(server.url, `po.${name}`, TEST_PASSWORD)).token;
    }
    materials = [(await createMaterial(server.dataSource)).id, (await createMaterial(server.dataSource)).id];
  });

  const patch = (actor: ActorName, id: string, status: string, reviewComments = '') =>
    api<PurchaseOrderMutationResponse & { message: string }>(server.url, 'PATCH', `/purchase-orders/${id}/status`, {
      token: tokens[actor],
      body: { status, reviewComments },
    });
  const historyCount = async (id: string) =>
    Number(
      (await server.dataSource.query(`SELECT count(*) n FROM purchase_order_history WHERE order_id = $1`, [id]))[0].n,
    );

  it('answers 200, 403, 404 or 409 exactly as the rules say, for every actor, source state and target', async () => {
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const source of PURCHASE_ORDER_STATUSES) {
      // One order per source state serves every refused attempt (nothing changes when refused).
      const shared = await createOrderViaApi(server.url, tokens.requester, materials);
      await forceStatus(server.dataSource, shared.id, source);
      for (const target of PURCHASE_ORDER_TARGET_STATUSES) {
        for (const actor of Object.keys(tokens) as ActorName[]) {
          const succeeds = actor !== 'outsider' && mayApply(actor, target) && EXPECTED_SOURCE[target] === source;
          let order: PurchaseOrderView = shared;
          if (succeeds) {
            order = await createOrderViaApi(server.url, tokens.requester, materials);
            await forceStatus(server.dataSource, order.id, source);
          }
          const res = await patch(actor, order.id, target, `${actor} ${target}`);
          outcomes.push(`${source}→${target} by ${actor}: ${res.status} ${res.body.message}`);
          const status =
            actor === 'outsider'
              ? 404
              : !mayApply(actor, target)
                ? 403
                : EXPECTED_SOURCE[target] !== source
                  ? 409
                  : 200;
          const message = {
            200: MESSAGES.statusUpdated,
            403: target === 'cancelled' ? MESSAGES.requesterOnly : MESSAGES.reviewerOnly,
            404: MESSAGES.notFound,
            409: MESSAGES.wrongState(source, target),
          }[status];
          expected.push(`${source}→${target} by ${actor}: ${status} ${message}`);
          if (succeeds) {
            expect(res.body.order.status).toBe(target);
            expect(await historyCount(order.id)).toBe(2);
          }
        }
      }
      const after = await api<PurchaseOrderView>(server.url, 'GET', `/purchase-orders/${shared.id}`, {
        token: tokens.admin,
      });
      expect(after.body.status).toBe(source);
      expect(await historyCount(shared.id)).toBe(1);
    }
    expect(outcomes).toEqual(expected);
  }, 120_000);

  it('offers each caller exactly the transitions the server accepts from it', async () => {
    const order = await createOrderViaApi(server.url, tokens.requester, materials);
    const allowed = async (actor: ActorName) =>
      (await api<PurchaseOrderView>(server.url, 'GET', `/purchase-orders/${order.id}`, { token: tokens[actor] })).body
        .allowedTransitions;
    expect(await allowed('admin')).toEqual(['approved', 'rejected']);
    expect(await allowed('pedidos')).toEqual(['approved', 'rejected']);
    expect(await allowed('requester')).toEqual(['cancelled']);
    expect(await allowed('colleague')).toEqual([]);
    expect((await patch('pedidos', order.id, 'approved', 'Ok, dentro do orçamento.')).status).toBe(200);
    expect(await allowed('administracao')).toEqual(['ordered']);
    expect(await allowed('requester')).toEqual([]);
    expect((await patch('administracao', order.id, 'ordered')).status).toBe(200);
    expect(await allowed('admin')).toEqual(['received']);
    expect((await patch('admin', order.id, 'received')).status).toBe(200);
    expect(await allowed('admin')).toEqual([]);

    const details = await api<PurchaseOrderView>(server.url, 'GET', `/purchase-orders/${order.id}`, {
      token: tokens.requester,
    });
    expect(details.body.reviewedBy?.name).toMatch(/^Servidor /);
    expect(details.body.reviewComments).toBe('Ok, dentro do orçamento.');
    expect(details.body.history.map((h) => [h.from, h.to, h.reviewComments])).toEqual([
      [null, 'pending', ''],
      ['pending', 'approved', 'Ok, dentro do orçamento.'],
      ['approved', 'ordered', ''],
      ['ordered', 'received', ''],
    ]);
    const audit: { action: string; description: string; username: string }[] = await server.dataSource.query(
      `SELECT action, description, username FROM audit_logs
        WHERE entity_type = 'purchase-order' AND entity_id = $1 ORDER BY created_at`,
      [order.id],
    );
    expect(audit.map((a) => [a.action, a.username])).toEqual([
      ['create', 'po.requester'],
      ['update', 'po.pedidos'],
      ['update', 'po.administracao'],
      ['update', 'po.admin'],
    ]);
    const events: { type: string }[] = await server.dataSource.query(
      `SELECT type FROM outbox_events WHERE payload->>'orderId' = $1 ORDER BY id`,
      [order.id],
    );
    expect(events.map((e) => e.type)).toEqual([
      'purchase-order.created',
      'purchase-order.status-changed',
      'purchase-order.status-changed',
      'purchase-order.status-changed',
    ]);
  });

  it('refuses statuses outside the table, and unknown or malformed ids', async () => {
    const order = await createOrderViaApi(server.url, tokens.requester, materials);
    for (const status of ['pending', 'reviewing', 'aprovado', '']) {
      const res = await patch('admin', order.id, status);
      expect([status, res.status, res.body.message]).toEqual([status, 400, MESSAGES.statusInvalid]);
    }
    expect((await patch('admin', '00000000-0000-4000-8000-000000000000', 'approved')).status).toBe(404);
    const malformed = await patch('admin', 'nao-e-um-id', 'approved');
    expect([malformed.status, malformed.body.message]).toEqual([404, MESSAGES.notFound]);
  });
});
