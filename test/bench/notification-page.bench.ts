import type { LoginResponse } from '#server/contracts/auth';
import { hashPassword } from '#server/modules/auth/passwords';
import { type Bench, type BenchRow, loadRows, percentile, row, timeCalls } from './bench-kit';
import { type BenchServer, withBenchServer } from './bench-environment';

/**
 * The notifications page (docs/notifications.md#page) of a user with 50,000 notifications in a table
 * of 1,000,000 (BENCH_NOTIFICATION_ROWS to change it; the other rows belong to 19 other users,
 * interleaved): GET /api/notifications first page p95 on each tab (Todas, Não lidas, Lidas) through
 * the whole server, beside the same page, count and unread count through the bare connection.
 * Goal: p95 ≤ 30 ms.
 */
const ROWS = Number(process.env.BENCH_NOTIFICATION_ROWS ?? 1_000_000);
const USERS = 20;
const CALLS = 100;
const PASSWORD = 'bench-senha-1';

async function measure({ url, dataSource }: BenchServer): Promise<BenchRow[]> {
  const suite = 'página de notificações';
  await dataSource.query(
    `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
     SELECT 'bench.n' || g, 'Usuária Bench ' || g, 'bench.n' || g || '@prefeitura.test', 'Administração',
            'operator', $1, false
     FROM generate_series(0, $2 - 1) g`,
    [await hashPassword(PASSWORD), USERS],
  );
  const seedStart = Date.now();
  // Row i goes to user i % 20, so bench.n0 has one in twenty; two in three are read.
  await dataSource.query(
    `INSERT INTO notifications (user_id, type, title, message, link, read, created_at)
     SELECT u.ids[1 + i % $2], 'process', 'Processo encaminhado', 'O processo nº ' || i || ' chegou ao setor.',
            '/semgi/processes', i % 3 <> 0, now() - ($1 - i) * interval '10 seconds'
     FROM generate_series(1, $1) i,
          (SELECT array_agg(id ORDER BY username) AS ids FROM users WHERE username LIKE 'bench.n%') u`,
    [ROWS, USERS],
  );
  console.log(`  ${ROWS.toLocaleString('pt-BR')} notificações inseridas em ${Date.now() - seedStart} ms`);
  await dataSource.query('VACUUM ANALYZE notifications');
  await dataSource.query('CHECKPOINT');

  const loginRes = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench.n0', password: PASSWORD }),
  });
  const { token, user } = (await loginRes.json()) as LoginResponse;
  const [{ n }]: { n: number }[] = await dataSource.query(
    `SELECT count(*)::int AS n FROM notifications WHERE user_id = $1`,
    [user.id],
  );
  console.log(`  bench.n0 tem ${n.toLocaleString('pt-BR')} notificações`);

  const rows: BenchRow[] = loadRows(suite, 'no início');
  const tabs: [string, string, string][] = [
    ['Todas', '', ''],
    ['Não lidas', '&read=false', 'AND read = false'],
    ['Lidas', '&read=true', 'AND read = true'],
  ];
  for (const [tab, query, where] of tabs) {
    const viaApi = async () => {
      const res = await fetch(`${url}/api/notifications?page=1&limit=20${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (res.status !== 200) throw new Error(`GET /notifications${query}: ${res.status}`);
      await res.arrayBuffer();
    };
    // The same three statements the page runs: its rows, their (capped) count, the unread count.
    const viaSql = () =>
      Promise.all([
        dataSource.query(`SELECT * FROM notifications WHERE user_id = $1 ${where} ORDER BY seq DESC LIMIT 20`, [
          user.id,
        ]),
        dataSource.query(
          `SELECT count(*) FROM (SELECT 1 FROM notifications WHERE user_id = $1 ${where} LIMIT 10001) m`,
          [user.id],
        ),
        dataSource.query(`SELECT count(*) FROM notifications WHERE user_id = $1 AND NOT read`, [user.id]),
      ]);
    const api = percentile(await timeCalls(viaApi, CALLS, 10), 95);
    const sql = percentile(await timeCalls(viaSql, CALLS, 10), 95);
    rows.push(
      row(suite, `GET /notifications 1ª página p95 (${tab})`, 'ms', api, { atMost: 30 }),
      row(suite, `SQL das mesmas consultas p95 (${tab})`, 'ms', sql),
      row(suite, `p95 API / p95 SQL (${tab})`, '×', api / sql),
    );
  }
  rows.push(...loadRows(suite, 'no fim'));
  return rows;
}

export const notificationPageBench: Bench = { name: 'notification-page', run: () => withBenchServer(measure) };
