import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'pg';
import { loadEnv } from '#server/config/env';
import type { ProcessMutationResponse } from '#server/contracts/processes';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { AccessTokenService } from '#server/modules/auth/access-token.service';
import { type Bench, type BenchRow, describeFetchError, percentile, row } from './bench-kit';
import { type Child, forkChild, profilingArgv } from './bench-children';
import { createBenchEnvironment } from './bench-environment';

/**
 * 1,000 authenticated sockets spread over two server instances (Redis adapter) and the
 * worker (relay + Redis emitter); 10 forwards per second for 30 s through POST /processes/{id}/forward,
 * each notifying the 125 users of the destination department. Measures forward → `notification:new`
 * latency at the clients (from the HTTP answer, i.e. just after the commit; and from the request),
 * lost, duplicated and misdelivered events, and server heap per socket.
 * As deployed, each server instance, the worker and the clients run in their own process
 * (bench-app.ts, notification-clients.ts); this process only drives the forwards.
 * Expected deliveries follow the documented rules (notification-plan.ts): every active user of the
 * destination department except the actor, whether or not a socket of theirs is open. The rows
 * stored must match them all; the events heard must match those of the users with a socket here
 * (the initial admin, in Administração, gets rows but has no socket).
 * Goal: p99 ≤ 50 ms, 0 lost.
 */
const SOCKETS = 1000;
const RATE_PER_SECOND = 10;
const DURATION_S = 30;
const FORWARDS = RATE_PER_SECOND * DURATION_S;
const now = () => performance.timeOrigin + performance.now();

export type AppChild = Child & { url: string };

/**
 * A server instance (`server`) or the worker (`worker`) in its own process (bench-app.ts).
 * BENCH_CPU_PROF=<dir> writes a V8 CPU profile of each of them into <dir> when they stop (profilingArgv).
 */
export async function startApp(role: 'server' | 'worker'): Promise<AppChild> {
  const app = forkChild('./bench-app', [role], { execArgv: ['--expose-gc', ...profilingArgv()] });
  const { url } = await app.next<{ url: string }>('ready');
  return { ...app, url };
}

async function heapUsed(apps: AppChild[]): Promise<number> {
  const heaps = await Promise.all(
    apps.map((app) => {
      const answer = app.next<{ heapUsed: number }>('heap');
      app.child.send({ kind: 'heap' });
      return answer;
    }),
  );
  return heaps.reduce((sum, h) => sum + h.heapUsed, 0);
}

/** Waits until the worker's relay has handled every outbox event; throws after `timeoutMs`. */
export async function waitForDrain(pool: Pool, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM outbox_events WHERE processed_at IS NULL`);
    if ((rows[0] as { n: number }).n === 0) return;
    if (Date.now() > deadline) throw new Error('o relay não esvaziou o outbox a tempo');
    await sleep(100);
  }
}

/** The run of the notifications bench; `label` names the coordination backend in its rows. */
export async function runNotificationsBench(label = ''): Promise<{ rows: BenchRow[]; eventP99: number; lost: number }> {
  const environment = await createBenchEnvironment();
  const apps: AppChild[] = [];
  const pool = new Pool({ connectionString: loadEnv().DATABASE_URL, max: 5 });
  const clients = forkChild('./notification-clients');
  try {
    // The first instance migrates; the second one and the worker then start side by side.
    apps.push(await startApp('server'));
    apps.push(...(await Promise.all([startApp('server'), startApp('worker')])));
    const [a, b] = apps;
    const servers = [a, b];
    // 1,000 operators over the 8 departments (125 each) and one admin who forwards.
    const departments = [...DEFAULT_DEPARTMENTS];
    await pool.query(
      `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
       SELECT 'bench.' || g, 'Servidor ' || g, 'bench.' || g || '@prefeitura.test', ($1::text[])[1 + g % 8],
              'operator', 'x', false
       FROM generate_series(1, $2::int) g`,
      [departments, SOCKETS],
    );
    const { rows: adminRows } = await pool.query(
      `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
       VALUES ('bench.admin', 'Admin Bench', 'bench.admin@prefeitura.test', 'Gabinete', 'admin', 'x', false)
       RETURNING id`,
    );
    const tokens = new AccessTokenService(loadEnv());
    const sign = (id: string) => tokens.sign({ sub: id, fam: randomUUID() }).token;
    const adminId = (adminRows[0] as { id: string }).id;
    const adminToken = sign(adminId);
    const { rows: operators } = await pool.query<{ id: string; department: string }>(
      `SELECT id, department FROM users WHERE role = 'operator' ORDER BY username`,
    );

    // One process per forward, each starting in a department and forwarded to the next one (the
    // admin works in Gabinete, the origin of every process, so Gabinete is never a destination).
    const cycle = departments.filter((d) => d !== 'Gabinete');
    const processes: { id: string; from: string; to: string }[] = [];
    for (let i = 0; i < FORWARDS; i++) {
      const from = cycle[i % cycle.length];
      const res = await fetch(`${a.url}/api/processes`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          subject: `Processo de carga ${i}`,
          description: 'Benchmark de notificações',
          destinationDepartment: from,
        }),
      });
      if (res.status !== 201) throw new Error(`criação respondeu ${res.status}: ${await res.text()}`);
      const body = (await res.json()) as ProcessMutationResponse;
      processes.push({ id: body.process.id, from: body.process.currentDepartment, to: cycle[(i + 1) % cycle.length] });
    }
    await waitForDrain(pool);

    const heapBefore = await heapUsed(servers);
    clients.child.send({ kind: 'connect', urls: [a.url, b.url], tokens: operators.map((row) => sign(row.id)) });
    await clients.next('connected');
    await sleep(1000);
    const heapAfter = await heapUsed(servers);
    console.log(`  ${SOCKETS} sockets conectados (metade em cada instância)`);

    // 10 forwards per second for 30 s, alternating the instance that receives them.
    // Other work on the machine skews latencies: the 1-minute load average is reported with them.
    const loadBefore = loadavg()[0];
    const sentAt = new Map<string, number>();
    const answeredAt = new Map<string, number>();
    const inFlight: Promise<void>[] = [];
    // A failed forward is counted and shown, never an unhandled rejection that kills the run.
    const failedForwards: string[] = [];
    const start = now();
    for (let i = 0; i < FORWARDS; i++) {
      const due = start + (i * 1000) / RATE_PER_SECOND;
      if (due > now()) await sleep(due - now());
      const p = processes[i];
      const url = servers[i % 2].url;
      sentAt.set(p.id, now());
      inFlight.push(
        fetch(`${url}/api/processes/${encodeURIComponent(p.id)}/forward`, {
          method: 'POST',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ destinationDepartment: p.to, comment: 'Encaminhamento de carga' }),
        }).then(
          async (res) => {
            answeredAt.set(p.id, now());
            if (res.status !== 200) failedForwards.push(`${res.status}: ${await res.text()}`);
          },
          (error: unknown) => void failedForwards.push(describeFetchError(error)),
        ),
      );
    }
    await Promise.all(inFlight);
    if (failedForwards.length) console.error(`  ${failedForwards.length} encaminhamentos falharam:`, failedForwards);
    const loadAfter = loadavg()[0];
    await waitForDrain(pool);
    await sleep(2000);

    clients.child.send({ kind: 'report' });
    const { received } = await clients.next<{ received: [number, string, number][] }>('report');

    // What the rules select: every active user of the destination department but the actor.
    const { rows: ruled } = await pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM unnest($1::text[]) AS f(department)
         JOIN users u ON u.department = f.department AND u.status = 'active' AND u.id <> $2`,
      [processes.map((p) => p.to), adminId],
    );
    const { rows: stored } = await pool.query<{ id: string; userId: string; processId: string }>(
      `SELECT n.id, n.user_id AS "userId", o.payload->>'processId' AS "processId"
         FROM notifications n JOIN outbox_events o ON o.id = n.source_event_id
        WHERE o.type = 'process.forwarded'`,
    );
    const storedById = new Map(stored.map((row) => [row.id, row]));
    // Deliveries expected at the sockets: (user, process) for each operator of the destination.
    const expected = new Set<string>();
    for (const p of processes) {
      for (const u of operators) if (u.department === p.to) expected.add(`${u.id} ${p.id}`);
    }
    const heard = new Set<string>();
    let duplicates = 0;
    let misdelivered = 0;
    const fromAnswer: number[] = [];
    const fromRequest: number[] = [];
    // Per forward: when its first and its last recipient heard it (the fan-out's spread).
    const spans = new Map<string, { first: number; last: number }>();
    for (const [socket, id, at] of received) {
      const row = storedById.get(id);
      if (!row) continue; // a notification of the set-up (process creation)
      if (row.userId !== operators[socket].id) {
        misdelivered++;
        continue;
      }
      if (heard.has(id)) {
        duplicates++;
        continue;
      }
      heard.add(id);
      const span = spans.get(row.processId) ?? { first: at, last: at };
      spans.set(row.processId, { first: Math.min(span.first, at), last: Math.max(span.last, at) });
      fromAnswer.push(at - (answeredAt.get(row.processId) ?? NaN));
      fromRequest.push(at - (sentAt.get(row.processId) ?? NaN));
    }
    const heardPairs = new Set(
      stored.filter((row) => heard.has(row.id)).map((row) => `${row.userId} ${row.processId}`),
    );
    const lost = [...expected].filter((pair) => !heardPairs.has(pair)).length;
    const rowsExpected = ruled[0].n;
    const firsts = [...spans].map(([processId, span]) => span.first - (answeredAt.get(processId) ?? NaN));
    const lasts = [...spans].map(([processId, span]) => span.last - (answeredAt.get(processId) ?? NaN));
    const perSocket = (heapAfter - heapBefore) / SOCKETS;
    const eventP99 = percentile(fromAnswer, 99);
    const suite = `notificações${label}: ${SOCKETS} sockets / 2 instâncias, ${RATE_PER_SECOND} encaminhamentos/s por ${DURATION_S} s`;
    const rows = [
      row(suite, 'notificações gravadas', 'notificações', stored.length, { equals: rowsExpected }),
      row(suite, 'eventos esperados nos sockets', 'eventos', expected.size),
      row(suite, 'commit (resposta) → evento p50', 'ms', percentile(fromAnswer, 50)),
      row(suite, 'commit (resposta) → evento p99', 'ms', eventP99, { atMost: 50 }),
      row(suite, 'requisição → evento p50', 'ms', percentile(fromRequest, 50)),
      row(suite, 'requisição → evento p99', 'ms', percentile(fromRequest, 99)),
      row(suite, 'requisição → evento máx', 'ms', percentile(fromRequest, 100)),
      row(suite, 'resposta → primeiro destinatário p50', 'ms', percentile(firsts, 50)),
      row(suite, 'resposta → último destinatário p50', 'ms', percentile(lasts, 50)),
      row(suite, 'perdidas', 'eventos', lost, { equals: 0 }),
      row(suite, 'duplicadas', 'eventos', duplicates, { equals: 0 }),
      row(suite, 'entregues ao usuário errado', 'eventos', misdelivered, { equals: 0 }),
      row(suite, 'encaminhamentos que falharam', 'requisições', failedForwards.length, { equals: 0 }),
      row(suite, 'carga no início, média 1 min', '', loadBefore),
      row(suite, 'carga no fim, média 1 min', '', loadAfter),
      row(suite, 'heap dos servidores por socket', 'KiB', perSocket / 1024, { atMost: 12 }),
    ];
    return { rows, eventP99, lost };
  } finally {
    await clients.stop();
    // The worker first (its relay may still be pushing), then the servers.
    await apps[2]?.stop();
    await Promise.all(apps.slice(0, 2).map((app) => app.stop()));
    await pool.end();
    await environment.dispose();
  }
}

export const notificationsBench: Bench = {
  name: 'notifications',
  run: async () => (await runNotificationsBench()).rows,
};
