import { loadEnv } from '#server/config/env';
import { localIsoDate } from '#server/contracts/dates';
import {
  PURCHASE_ORDER_MESSAGES as MESSAGES,
  type MaterialItemListResponse,
  type MaterialItemMutationResponse,
  type PurchaseOrderListResponse,
  type PurchaseOrderStatsResponse,
  type PurchaseOrderView,
} from '#server/contracts/purchase-orders';
import { createMaterial, createOrderViaApi, forceStatus } from '#test/factories/purchase-orders';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login, type RunningServer } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const count = async (server: RunningServer, sql: string) => Number((await server.dataSource.query(sql))[0].n);

describe('purchase orders and materials: validation, visibility, money', () => {
  const { server } = useServerSuite();
  let finance: string;
  let finance2: string;
  let legal: string;
  let pedidos: string;
  let paper: string;
  let toner: string;

  beforeAll(async () => {
    const users: [string, string][] = [
      ['api.fin', 'Financeiro'],
      ['api.fin2', 'Financeiro'],
      ['api.jur', 'Jurídico'],
      ['api.ped', 'Pedidos'],
    ];
    const tokens: string[] = [];
    for (const [username, department] of users) {
      await createUser(server.dataSource, { username, department });
      tokens.push((await login(server.url, username, TEST_PASSWORD)).token);
    }
    [finance, finance2, legal, pedidos] = tokens;
    paper = (await createMaterial(server.dataSource, { name: 'Papel A4', unit: 'Resma' })).id;
    toner = (await createMaterial(server.dataSource, { name: 'Toner HP 85A', category: 'Consumíveis' })).id;
  });

  it('validates an order with the spec texts, and creates nothing on a refusal', async () => {
    const item = { materialItem: paper, quantity: 1 };
    const ok = { items: [item], justification: 'Acabou o papel.' };
    const inactive = (await createMaterial(server.dataSource, { isActive: false })).id;
    const cases: [Record<string, unknown>, string][] = [
      [{}, MESSAGES.itemsRequired],
      [{ items: [], justification: 'x' }, MESSAGES.itemsRequired],
      [{ items: 'papel', justification: 'x' }, MESSAGES.itemsRequired],
      [{ items: [item] }, MESSAGES.justificationRequired],
      [{ items: [item], justification: '   ' }, MESSAGES.justificationRequired],
      [{ ...ok, items: [{ quantity: 1 }] }, MESSAGES.materialRequired],
      [{ ...ok, items: [{ materialItem: '', quantity: 1 }] }, MESSAGES.materialRequired],
      [{ ...ok, items: ['papel'] }, MESSAGES.materialRequired],
      [{ ...ok, items: [{ materialItem: 'papel', quantity: 1 }] }, MESSAGES.materialUnavailable],
      [{ ...ok, items: [{ materialItem: paper, quantity: 0 }] }, MESSAGES.quantityInvalid],
      [{ ...ok, items: [{ materialItem: paper, quantity: 1.5 }] }, MESSAGES.quantityInvalid],
      [{ ...ok, items: [{ materialItem: paper, quantity: '2' }] }, MESSAGES.quantityInvalid],
      [{ ...ok, items: [{ materialItem: paper }] }, MESSAGES.quantityInvalid],
      [{ ...ok, estimatedTotal: -0.01 }, MESSAGES.estimatedTotalInvalid],
      [{ ...ok, estimatedTotal: 10.005 }, MESSAGES.estimatedTotalInvalid],
      [{ ...ok, estimatedTotal: '10.00' }, MESSAGES.estimatedTotalInvalid],
      [{ ...ok, estimatedTotal: 10_000_000_000 }, MESSAGES.estimatedTotalInvalid],
      [{ ...ok, priority: 'máxima' }, MESSAGES.priorityInvalid],
      [{ ...ok, deliveryExpected: 'amanhã' }, MESSAGES.deliveryInvalid],
      [{ ...ok, deliveryExpected: '2026-02-30' }, MESSAGES.deliveryInvalid],
      [{ ...ok, deliveryExpected: '2020-01-01' }, MESSAGES.deliveryPast],
      [{ ...ok, items: [{ materialItem: inactive, quantity: 1 }] }, MESSAGES.materialUnavailable],
      [
        { ...ok, items: [{ materialItem: '00000000-0000-4000-8000-000000000000', quantity: 1 }] },
        MESSAGES.materialUnavailable,
      ],
      [{ ...ok, items: Array(101).fill(item) }, MESSAGES.tooManyItems],
      [{ ...ok, extra: 1 }, 'O campo "extra" não é permitido.'],
    ];
    for (const [body, message] of cases) {
      const res = await api(server.url, 'POST', '/purchase-orders', { token: finance, body });
      expect([body, res.status, res.body.message]).toEqual([body, 400, message]);
    }
    expect(await count(server, 'SELECT count(*) n FROM purchase_orders')).toBe(0);
    expect(await count(server, 'SELECT count(*) n FROM purchase_order_number_counters')).toBe(0);
  });

  it('creates an order with defaults, its requester, department, items and first history entry', async () => {
    const res = await api(server.url, 'POST', '/purchase-orders', {
      token: finance,
      body: {
        items: [
          { materialItem: paper, quantity: 10, observation: '  branco  ' },
          { materialItem: toner, quantity: 2 },
        ],
        justification: '  Estoque zerado.  ',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Pedido de compra criado com sucesso!');
    const order = res.body.order as PurchaseOrderView;
    expect(order).toMatchObject({
      orderNumber: `PED-${new Date().getFullYear()}-00001`,
      department: 'Financeiro',
      requestedBy: { name: expect.stringMatching(/^Servidor /), email: 'api.fin@prefeitura.test' },
      status: 'pending',
      priority: 'normal',
      itemCount: 2,
      estimatedTotal: 0,
      deliveryExpected: null,
      justification: 'Estoque zerado.',
      observations: '',
      reviewedBy: null,
      allowedTransitions: ['cancelled'],
    });
    expect(order.items).toEqual([
      {
        materialItem: { _id: paper, id: paper, name: 'Papel A4', unit: 'Resma', category: 'Papelaria' },
        quantity: 10,
        observation: 'branco',
      },
      {
        materialItem: { _id: toner, id: toner, name: 'Toner HP 85A', unit: 'Unidade', category: 'Consumíveis' },
        quantity: 2,
        observation: '',
      },
    ]);
    expect(order.history).toHaveLength(1);
    expect(order.history[0]).toMatchObject({ from: null, to: 'pending', userDepartment: 'Financeiro' });
    const later = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const dated = await createOrderViaApi(server.url, finance, [paper], {
      deliveryExpected: later,
      priority: 'urgent',
    });
    expect([dated.deliveryExpected, dated.priority]).toEqual([later, 'urgent']);
  });

  it('shows orders to their department and to reviewers only, in lists, details and stats', async () => {
    const legalOrder = await createOrderViaApi(server.url, legal, [toner]);
    const list = async (token: string, query = '') =>
      (await api<PurchaseOrderListResponse>(server.url, 'GET', `/purchase-orders${query}`, { token })).body;
    const departments = (l: PurchaseOrderListResponse) => [...new Set(l.data.map((o) => o.department))].sort();

    expect(departments(await list(finance2))).toEqual(['Financeiro']);
    expect(departments(await list(legal))).toEqual(['Jurídico']);
    expect(departments(await list(pedidos))).toEqual(['Financeiro', 'Jurídico']);
    expect((await list(pedidos)).total).toBe(3);

    const hidden = await api(server.url, 'GET', `/purchase-orders/${legalOrder.id}`, { token: finance2 });
    expect([hidden.status, hidden.body.message]).toEqual([404, MESSAGES.notFound]);
    const colleague = await api<PurchaseOrderView>(server.url, 'GET', `/purchase-orders/${legalOrder.id}`, {
      token: legal,
    });
    expect(colleague.status).toBe(200);

    const stats = async (token: string) =>
      (await api<PurchaseOrderStatsResponse>(server.url, 'GET', '/purchase-orders/stats', { token })).body;
    expect(await stats(finance2)).toMatchObject({ totalOrders: 2, statusStats: { pending: 2, approved: 0 } });
    expect(await stats(legal)).toMatchObject({ totalOrders: 1 });
    const all = await stats(pedidos);
    expect(all.totalOrders).toBe(3);
    expect(Object.keys(all.statusStats).sort()).toEqual(
      ['approved', 'cancelled', 'ordered', 'pending', 'received', 'rejected', 'reviewing'].sort(),
    );
  });

  it('filters by status, priority and creation day, and refuses bad filters', async () => {
    const list = async (query: string) =>
      api<PurchaseOrderListResponse>(server.url, 'GET', `/purchase-orders${query}`, { token: pedidos });
    expect((await list('?priority=urgent')).body.data.map((o) => o.priority)).toEqual(['urgent']);
    expect((await list('?status=pending')).body.total).toBe(3);
    expect((await list('?status=reviewing')).body.data).toEqual([]);
    const today = localIsoDate(new Date(), loadEnv().TIME_ZONE);
    expect((await list(`?startDate=${today}&endDate=${today}`)).body.total).toBe(3);
    expect((await list('?endDate=2000-01-01')).body.total).toBe(0);
    expect((await list('?startDate=&status=&priority=')).body.total).toBe(3);
    const bad: [string, string][] = [
      ['?status=aprovado', MESSAGES.filterStatusInvalid],
      ['?priority=maxima', MESSAGES.filterPriorityInvalid],
      ['?startDate=ontem', MESSAGES.filterDateInvalid],
      ['?startDate=2026-05-02&endDate=2026-05-01', MESSAGES.filterRange],
    ];
    for (const [query, message] of bad) {
      const res = await list(query);
      expect([query, res.status, (res.body as unknown as { message: string }).message]).toEqual([query, 400, message]);
    }
  });

  it('sums money exactly to the cent in SQL, leaving out rejected and cancelled orders', async () => {
    await createUser(server.dataSource, { username: 'api.money', department: 'Licitações' });
    const token = (await login(server.url, 'api.money', TEST_PASSWORD)).token;
    const values = [8233.91, 577.35, 9710.5, 6826.79, 1450.99, 0.1, 0.2];
    const orders = [];
    for (const estimatedTotal of values) {
      orders.push(await createOrderViaApi(server.url, token, [paper], { estimatedTotal }));
    }
    expect(orders.map((o) => o.estimatedTotal)).toEqual(values);
    const stats = async () =>
      (await api<PurchaseOrderStatsResponse>(server.url, 'GET', '/purchase-orders/stats', { token })).body;
    // Adding the numbers in floating point is off by a fraction of a cent; numeric(12,2) is not.
    expect(values.reduce((a, b) => a + b, 0)).toBe(26799.840000000004);
    expect((await stats()).totalEstimated).toBe(26799.84);

    const largest = await createOrderViaApi(server.url, token, [paper], { estimatedTotal: 9999999999.99 });
    expect(largest.estimatedTotal).toBe(9999999999.99);
    for (const [estimatedTotal, status] of [
      [19.99, 'rejected'],
      [0.07, 'cancelled'],
    ] as const) {
      const order = await createOrderViaApi(server.url, token, [paper], { estimatedTotal });
      await forceStatus(server.dataSource, order.id, status);
    }
    expect(await stats()).toMatchObject({
      totalOrders: 10,
      totalEstimated: 10000026799.83,
      statusStats: { pending: 8, rejected: 1, cancelled: 1 },
    });
    const [stored] = await server.dataSource.query(
      `SELECT sum(estimated_total)::text AS total FROM purchase_orders WHERE department = 'Licitações'`,
    );
    expect(stored.total).toBe('10000026819.89');
  });

  it('keeps a trimmed material catalogue, unique ignoring case and accents, written by reviewers', async () => {
    const create = (token: string, body: Record<string, unknown>) =>
      api<MaterialItemMutationResponse>(server.url, 'POST', '/material-items', { token, body });
    const fields = { name: 'Detergente neutro', unit: 'Litro', category: 'Limpeza' };
    const refused: [Record<string, unknown>, number, string][] = [
      [{ ...fields, name: '   ' }, 400, MESSAGES.materialFieldsRequired],
      [{ name: 'Sabão' }, 400, MESSAGES.materialFieldsRequired],
      [{ ...fields, unit: ' ' }, 400, MESSAGES.materialFieldsRequired],
      [{ ...fields, category: '' }, 400, MESSAGES.materialFieldsRequired],
      [{ ...fields, unit: 'Galão' }, 400, MESSAGES.materialUnitInvalid],
      [{ ...fields, category: 'Alimentos' }, 400, MESSAGES.materialCategoryInvalid],
      [{ ...fields, name: 'papel a4' }, 409, MESSAGES.materialDuplicate],
      [{ ...fields, name: '  PÁPEL   A4 ' }, 409, MESSAGES.materialDuplicate],
    ];
    for (const [body, status, message] of refused) {
      const res = await create(pedidos, body);
      expect([body, res.status, res.body.message]).toEqual([body, status, message]);
    }
    const operator = await create(finance, fields);
    expect([operator.status, operator.body.message]).toEqual([403, MESSAGES.materialReviewerOnly]);

    const created = await create(pedidos, { ...fields, name: '  Detergente   neutro ', description: ' 500 ml ' });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Material criado com sucesso!');
    expect(created.body.material).toMatchObject({
      name: 'Detergente neutro',
      description: '500 ml',
      unit: 'Litro',
      category: 'Limpeza',
      isActive: true,
    });
    await createMaterial(server.dataSource, { name: 'Água sanitária', isActive: false });
    const active = await api<MaterialItemListResponse>(server.url, 'GET', '/material-items?isActive=true', {
      token: finance,
    });
    expect(active.body.data.map((m) => m.name)).toEqual(['Detergente neutro', 'Papel A4', 'Toner HP 85A']);
    const all = await api<MaterialItemListResponse>(server.url, 'GET', '/material-items', { token: finance });
    expect(all.body.data.map((m) => m.name)).toEqual([
      'Água sanitária',
      'Detergente neutro',
      expect.stringMatching(/^Material de teste \d+$/),
      'Papel A4',
      'Toner HP 85A',
    ]);
    const bad = await api(server.url, 'GET', '/material-items?isActive=sim', { token: finance });
    expect(bad.status).toBe(400);
  });

  it('a requester who moved to another department still sees their own orders', async () => {
    const mover = await createUser(server.dataSource, { username: 'api.mover', department: 'Gabinete' });
    const token = (await login(server.url, 'api.mover', TEST_PASSWORD)).token;
    const own = await createOrderViaApi(server.url, token, [paper]);
    await server.dataSource.query(`UPDATE users SET department = 'Jurídico' WHERE id = $1`, [mover.id]);
    const mine = await api<PurchaseOrderListResponse>(server.url, 'GET', '/purchase-orders', { token });
    expect(mine.body.data.map((o) => o.department).sort()).toEqual(['Gabinete', 'Jurídico']);
    expect(mine.body.data.find((o) => o.department === 'Gabinete')?.id).toBe(own.id);
    const details = await api<PurchaseOrderView>(server.url, 'GET', `/purchase-orders/${own.id}`, { token });
    expect([details.status, details.body.allowedTransitions]).toEqual([200, ['cancelled']]);
    const stats = await api<PurchaseOrderStatsResponse>(server.url, 'GET', '/purchase-orders/stats', { token });
    expect(stats.body.totalOrders).toBe(2);
    // Jurídico colleagues see Jurídico's orders, not the mover's order placed for Gabinete.
    const colleague = await api(server.url, 'GET', `/purchase-orders/${own.id}`, { token: legal });
    expect(colleague.status).toBe(404);
  });
});
