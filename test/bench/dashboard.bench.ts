import type { INestApplicationContext } from '@nestjs/common';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { getDataSourceToken } from '@nestjs/typeorm';
import { createServerApp } from '#server/app/create-server-app';
import type { LoginResponse } from '#server/contracts/auth';
import type { ClientToServerEvents, ServerToClientEvents } from '#server/contracts/socket-events';
import type { Role } from '#server/contracts/users';
import { hashPassword } from '#server/modules/auth/passwords';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';
import { createWorkerApp } from '#worker/create-worker-app';
import { liveDashboardFigures } from '#test/factories/dashboard-live';
import { seedProcesses } from '#test/factories/process-seed';
import { type Bench, type BenchRow, loadRows, percentile, row, timeCalls } from './bench-kit';
import { createBenchEnvironment } from './bench-environment';

/**
 * GET /api/dashboard over 100,000 processes (10 % confidential, 300 users, 5 admins) through the
 * whole server, beside the same figures computed live by SQL with the visibility predicate; the
 * worker's full recomputation; and the time from a forward (HTTP) to `dashboard:updated` on the
 * socket of a user who sees the process.
 * Goals: p95 ≤ 20 ms, ≥ 10× faster than live, forward → push ≤ 2 s.
 */
const PROCESSES = 100_000;
const USERS = 300;
const CALLS = 200;
const LIVE_CALLS = 20;
const FORWARDS = 8;
const PASSWORD = 'bench-senha-1';

async function seedUsers(dataSource: DataSource): Promise<{ id: string; username: string; role: Role }[]> {
  const passwordHash = await hashPassword(PASSWORD);
  return dataSource.query(
    `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
     SELECT 'bench.u' || g, 'Servidor Bench ' || g, 'bench.u' || g || '@prefeitura.test',
            (SELECT name FROM departments ORDER BY name OFFSET g % 8 LIMIT 1),
            CASE WHEN g <= 5 THEN 'admin' ELSE 'operator' END, $1, false
       FROM generate_series(1, $2::int) AS g
     RETURNING id, username, role`,
    [passwordHash, USERS],
  );
}

async function login(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login ${username}: ${res.status}`);
  return ((await res.json()) as LoginResponse).token;
}

async function run(): Promise<BenchRow[]> {
  const environment = await createBenchEnvironment();
  const app = await createServerApp();
  let worker: INestApplicationContext | undefined;
  const sockets: Socket[] = [];
  try {
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const users = await seedUsers(dataSource);
    const seedStart = Date.now();
    const ids = await seedProcesses(dataSource, {
      count: PROCESSES,
      userIds: users.map((u) => u.id),
      confidentialRatio: 0.1,
      spreadDays: 365,
    });
    await dataSource.query('VACUUM ANALYZE');
    console.log(`  ${PROCESSES.toLocaleString('pt-BR')} processos inseridos em ${Date.now() - seedStart} ms`);

    worker = await createWorkerApp();
    const aggregates = worker.get(DashboardAggregatesService);
    const recomputeMs = await timeCalls(() => aggregates.recompute(), 5, 1);

    // Callers: an admin, an operator with confidential processes, and one with the most of them.
    const [busiest] = await dataSource.query(
      `SELECT user_id AS id FROM process_confidential_access GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`,
    );
    const callers = [users[0], users[10], users.find((u) => u.id === busiest.id)!];
    const tokens = await Promise.all(callers.map((u) => login(url, u.username)));
    let turn = 0;
    const statuses = ['', '?status=em%20andamento', '?status=concluido'];
    const api = await timeCalls(async () => {
      const i = turn++;
      const res = await fetch(`${url}/api/dashboard${statuses[i % 3]}`, {
        headers: { authorization: `Bearer ${tokens[i % tokens.length]}` },
      });
      if (!res.ok) throw new Error(`GET /api/dashboard: ${res.status}`);
      await res.json();
    }, CALLS);
    let liveTurn = 0;
    const live = await timeCalls(
      () => liveDashboardFigures(dataSource, callers[liveTurn++ % callers.length]),
      LIVE_CALLS,
      2,
    );

    // Forward → `dashboard:updated` at the operator who sees the process.
    const adminToken = tokens[0];
    const viewer = callers[2];
    const viewerToken = tokens[2];
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      auth: { token: viewerToken },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const [target] = await dataSource.query(
      `SELECT p.id, p.current_department FROM processes p
        WHERE p.status IN ('pendente', 'em andamento') AND p.id = ANY($1::text[])
          AND (p.created_by = $2 OR EXISTS (SELECT 1 FROM process_confidential_access a WHERE a.process_id = p.id AND a.user_id = $2))
        LIMIT 1`,
      [ids, viewer.id],
    );
    const pushes: number[] = [];
    let department: string = target.current_department;
    for (let i = 0; i < FORWARDS; i++) {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const destination = department === 'Licitações' ? 'Jurídico' : 'Licitações';
      const heard = new Promise<void>((resolve) => socket.once('dashboard:updated', () => resolve()));
      const start = process.hrtime.bigint();
      const res = await fetch(`${url}/api/processes/${encodeURIComponent(target.id)}/forward`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ destinationDepartment: destination, comment: `Bench ${i}` }),
      });
      if (!res.ok) throw new Error(`forward: ${res.status} ${await res.text()}`);
      department = destination;
      await heard;
      pushes.push(Number(process.hrtime.bigint() - start) / 1e6);
    }

    const p95 = percentile(api, 95);
    const liveP95 = percentile(live, 95);
    const pushP95 = percentile(pushes, 95);
    const suite = 'dashboard';
    return [
      row(suite, 'recálculo completo (worker) p50', 'ms', percentile(recomputeMs, 50)),
      row(suite, 'GET /api/dashboard p50', 'ms', percentile(api, 50)),
      row(suite, 'GET /api/dashboard p95', 'ms', p95, { atMost: 20 }),
      row(suite, 'mesmos números por SQL ao vivo p50', 'ms', percentile(live, 50)),
      row(suite, 'mesmos números por SQL ao vivo p95', 'ms', liveP95),
      row(suite, 'ganho p95 (ao vivo / agregado)', '×', liveP95 / p95, { atLeast: 10 }),
      row(suite, `encaminhamento → dashboard:updated p95 (${FORWARDS}×)`, 'ms', pushP95, { atMost: 2000 }),
      ...loadRows(suite, 'no fim'),
    ];
  } finally {
    sockets.forEach((s) => s.close());
    await worker?.close();
    await app.close();
    await environment.dispose();
  }
}

export const dashboardBench: Bench = { name: 'dashboard', run };
