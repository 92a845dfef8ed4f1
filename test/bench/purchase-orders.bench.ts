import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { hashPassword } from '#server/modules/auth/passwords';
import { type Bench, type BenchRow, loadRows, percentile, row, timeCalls } from './bench-kit';
import { type BenchServer, withBenchServer } from './bench-environment';

/**
 * Purchase orders at 50,000 orders, through the whole server (HTTP, auth guard,
 * SQL, JSON): the list (newest 200 + total) and the stats of a reviewer (sees all) and of an
 * operator (sees their department), p95 goal ≤ 50 ms; then transitions under contention: 10
 * concurrent approve/reject calls on each of 100 pending orders — exactly one may win per order.
 */
const ORDERS = 50_000;
const SEQUENTIAL_CALLS = 200;
const CONTENDED_ORDERS = 100;
const CALLS_PER_ORDER = 10;
const PASSWORD = 'bench-senha-1';
const STATUSES = ['pending', 'approved', 'rejected', 'ordered', 'received', 'cancelled', 'reviewing'];
const PRIORITIES = ['low', 'normal', 'high', 'urgent'];

async function seed(query: (sql: string, params?: unknown[]) => Promise<unknown>): Promise<void> {
  const passwordHash = await hashPassword(PASSWORD);
  await query(
    `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
     VALUES ('bench.rev', 'Revisora Bench', 'bench.rev@prefeitura.test', 'Pedidos', 'operator', $1, false),
            ('bench.rev2', 'Revisor Bench', 'bench.rev2@prefeitura.test', 'Administração', 'operator', $1, false),
            ('bench.op', 'Operador Bench', 'bench.op@prefeitura.test', 'Infraestrutura', 'operator', $1, false),
            ('bench.buyer', 'Comprador Bench', 'bench.buyer@prefeitura.test', 'Gabinete', 'operator', $1, false)`,
    [passwordHash],
  );
  await query(
    `INSERT INTO material_items (name, unit, category)
     SELECT 'Material ' || i, 'Unidade', 'Papelaria' FROM generate_series(1, 20) AS i`,
  );
  const year = new Date().getFullYear();
  await query(
    `INSERT INTO purchase_orders (order_number, department, requested_by, status, priority, estimated_total,
                                  justification, item_count, created_at, updated_at)
     SELECT $1 || lpad(i::text, 5, '0'),
            ($2::text[])[1 + i % array_length($2::text[], 1)],
            (SELECT id FROM users WHERE username = 'bench.buyer'),
            ($3::text[])[1 + (i * 7) % array_length($3::text[], 1)],
            ($4::text[])[1 + (i * 3) % 4],
            round((random() * 5000)::numeric, 2),
            'Reposição de estoque ' || i,
            1,
            now() - make_interval(mins => i * 10),
            now() - make_interval(mins => i * 10)
     FROM generate_series(1, $5::int) AS i`,
    [`PED-${year}-`, [...DEFAULT_DEPARTMENTS], STATUSES, PRIORITIES, ORDERS],
  );
  await query(
    `INSERT INTO purchase_order_items (order_id, position, material_item_id, quantity)
     SELECT o.id, 0, (SELECT id FROM material_items ORDER BY name LIMIT 1), 5 FROM purchase_orders o`,
  );
  await query(`INSERT INTO purchase_order_number_counters (year, last_value) VALUES ($1, $2)`, [year, ORDERS]);
  await query('VACUUM ANALYZE');
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

async function measure({ url, dataSource }: BenchServer): Promise<BenchRow[]> {
  const query = (sql: string, params?: unknown[]): Promise<unknown> => dataSource.query(sql, params);
  const seedStart = Date.now();
  await seed(query);
  console.log(`  ${ORDERS.toLocaleString('pt-BR')} pedidos inseridos em ${Date.now() - seedStart} ms`);
  const tokens = { reviewer: await login(url, 'bench.rev'), operator: await login(url, 'bench.op') };
  const reviewer2 = await login(url, 'bench.rev2');

  const rows: BenchRow[] = [];
  const scenarios: [label: string, path: string, token: string][] = [
    ['lista (revisor, todos)', '/purchase-orders', tokens.reviewer],
    ['lista (revisor, status + prioridade)', '/purchase-orders?status=pending&priority=high', tokens.reviewer],
    ['lista (operador, seu departamento)', '/purchase-orders', tokens.operator],
    ['estatísticas (revisor)', '/purchase-orders/stats', tokens.reviewer],
    ['estatísticas (operador)', '/purchase-orders/stats', tokens.operator],
  ];
  for (const [label, path, token] of scenarios) {
    const call = async () => {
      const res = await fetch(`${url}/api${path}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`GET ${path} respondeu ${res.status}`);
      return res.json();
    };
    const samples = await timeCalls(call, SEQUENTIAL_CALLS);
    const p95 = percentile(samples, 95);
    const suite = `GET /api${path.split('?')[0]} ${label}`;
    rows.push(
      row(suite, 'p50 (sequencial)', 'ms', percentile(samples, 50)),
      row(suite, 'p95 (sequencial)', 'ms', p95, { atMost: 50 }),
    );
  }

  // Contention: 10 calls at once on each pending order, from two reviewers, approve or reject.
  const pending = (await query(
    `SELECT id FROM purchase_orders WHERE status = 'pending' ORDER BY created_at DESC LIMIT $1`,
    [CONTENDED_ORDERS],
  )) as { id: string }[];
  const latencies: number[] = [];
  let wins = 0;
  let conflicts = 0;
  let others = 0;
  const started = process.hrtime.bigint();
  for (const { id } of pending) {
    const statuses = await Promise.all(
      Array.from({ length: CALLS_PER_ORDER }, async (_, i) => {
        const t = process.hrtime.bigint();
        const res = await fetch(`${url}/api/purchase-orders/${id}/status`, {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${i % 2 ? reviewer2 : tokens.reviewer}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ status: i % 3 ? 'approved' : 'rejected' }),
        });
        await res.arrayBuffer();
        latencies.push(Number(process.hrtime.bigint() - t) / 1e6);
        return res.status;
      }),
    );
    wins += statuses.filter((s) => s === 200).length;
    conflicts += statuses.filter((s) => s === 409).length;
    others += statuses.filter((s) => s !== 200 && s !== 409).length;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const [{ n: historyRows }] = (await query(
    `SELECT count(*)::int AS n FROM purchase_order_history WHERE order_id = ANY($1::uuid[])`,
    [pending.map((p) => p.id)],
  )) as { n: number }[];
  const suite = `PATCH status, ${CALLS_PER_ORDER} chamadas simultâneas × ${pending.length} pedidos`;
  rows.push(
    row(suite, 'vencedoras', 'chamadas', wins, { equals: pending.length }),
    row(suite, 'recusadas com 409', 'chamadas', conflicts, { equals: pending.length * (CALLS_PER_ORDER - 1) }),
    row(suite, 'outras respostas', 'chamadas', others, { equals: 0 }),
    row(suite, 'entradas de histórico', 'linhas', historyRows, { equals: pending.length }),
    row(suite, 'transições aplicadas', 'por s', wins / seconds),
    row(suite, 'chamadas', 'por s', (wins + conflicts + others) / seconds),
    row(suite, 'por chamada p50', 'ms', percentile(latencies, 50)),
    row(suite, 'por chamada p95', 'ms', percentile(latencies, 95)),
    ...loadRows(suite, 'no fim'),
  );
  return rows;
}

export const purchaseOrdersBench: Bench = { name: 'purchase-orders', run: () => withBenchServer(measure) };
