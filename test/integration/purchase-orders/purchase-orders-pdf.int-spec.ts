import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PURCHASE_ORDER_MESSAGES } from '#server/contracts/purchase-orders';
import { createMaterial, createOrderViaApi } from '#test/factories/purchase-orders';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, login } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';

const run = promisify(execFile);

describe('printable purchase order', () => {
  const { server } = useServerSuite({ worker: true });
  let dir: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'semgi-pedido-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('prints header, items, value in BRL, justification and history with reviewers, for who sees the order', async () => {
    await createUser(server.dataSource, { username: 'pdf.req', name: 'Ana Requerente', department: 'Financeiro' });
    await createUser(server.dataSource, { username: 'pdf.ped', name: 'Paulo Pedidos', department: 'Pedidos' });
    await createUser(server.dataSource, { username: 'pdf.jur', department: 'Jurídico' });
    const requester = (await login(server.url, 'pdf.req', TEST_PASSWORD)).token;
    const reviewer = (await login(server.url, 'pdf.ped', TEST_PASSWORD)).token;
    const outsider = (await login(server.url, 'pdf.jur', TEST_PASSWORD)).token;
    const paper = await createMaterial(server.dataSource, { name: 'Papel A4 <branco>', unit: 'Resma' });
    const toner = await createMaterial(server.dataSource, { name: 'Toner HP 85A', category: 'Consumíveis' });
    const order = await createOrderViaApi(server.url, requester, [paper.id, toner.id], {
      justification: 'Estoque do setor acabou em março.',
      estimatedTotal: 1234567.8,
      priority: 'high',
    });
    const approved = await api(server.url, 'PATCH', `/purchase-orders/${order.id}/status`, {
      token: reviewer,
      body: { status: 'approved', reviewComments: 'Dentro do orçamento.' },
    });
    expect(approved.status).toBe(200);

    const res = await fetch(`${server.url}/api/purchase-orders/${order.id}/pdf`, {
      headers: { authorization: `Bearer ${requester}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`pedido-${order.orderNumber}.pdf`);
    const file = path.join(dir, 'pedido.pdf');
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    const text = stdout.replace(/[ \u00a0]+/g, ' ');
    for (const expected of [
      `Pedido de Material ${order.orderNumber}`,
      'Setor solicitante Financeiro',
      'Ana Requerente',
      'Status Aprovado',
      'Prioridade Alta',
      'Papel A4 <branco>',
      'Toner HP 85A',
      'Valor estimado: R$ 1.234.567,80',
      'Estoque do setor acabou em março.',
      'Pendente → Aprovado',
      'Paulo Pedidos (Pedidos)',
      'Dentro do orçamento.',
    ]) {
      expect(text).toContain(expected);
    }
    // The rendered file is not left behind in storage.
    const [{ n }] = await server.dataSource.query(
      `SELECT count(*)::int AS n FROM stored_files WHERE owner_kind = 'purchase-order-render'`,
    );
    expect(n).toBe(0);

    const hidden = await api(server.url, 'GET', `/purchase-orders/${order.id}/pdf`, { token: outsider });
    expect([hidden.status, hidden.body.message]).toEqual([404, PURCHASE_ORDER_MESSAGES.notFound]);
  }, 90_000);
});
