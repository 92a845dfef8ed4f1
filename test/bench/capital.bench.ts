import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { Pool } from 'pg';
import { loadEnv, resetEnvCache } from '#server/config/env';
import { DashboardAggregatesService } from '#worker/dashboard/dashboard-aggregates.service';
import { createWorkerApp } from '#worker/create-worker-app';
import { deleteKeysWithPrefix } from '#test/setup/redis';
import { forkChild, profilingArgv } from './bench-children';
import { type Bench, type BenchRow, loadRows, percentile, row } from './bench-kit';
import { capitalCounts, capitalHeavyFileId, ensureCapitalDataset } from './capital-dataset';
import { capitalWorkerRows } from './capital-worker-rows';
import type { CapturedStatement } from './statement-capture';

/**
 * The capital-scale goals on the 'capital' dataset (capital-dataset.ts; BENCH_CAPITAL_SCALE, default
 * 1 = 5,000,000 processes): each read through the whole server over HTTP (auth guard, services,
 * TypeORM, JSON), p95 sequential and with 8 concurrent clients, beside the same SQL statements the
 * request ran (captured from the server's own `pg` client during one call, then replayed in order on
 * one connection of a bare `pg` pool); then what needs the worker in its own process
 * (capital-worker-rows.ts). The server runs in its own process (bench-app.ts), as deployed: the
 * clients' loops and the server do not share one event loop. README "Benchmarks", Capital.
 */
const CLIENTS = 8;
/** Each measurement runs for this long (or MAX_CALLS calls), after WARMUP untimed calls. */
const WINDOW_MS = 4_000;
const MAX_CALLS = 200;
const MIN_CALLS = 5;
const WARMUP = 3;
/**
 * Before a read is measured, the server answers it for this long (at most this many calls): V8
 * optimizes the code a request runs after some hundred calls, as a running server's already is.
 */
const WARM_UP_MS = 2_000;
const WARM_UP_CALLS = 300;
/** A read whose first call takes more than this many times its goal is reported from that call alone. */
const TOO_SLOW = 4;
/** BENCH_CAPITAL_ONLY=text: only the reads whose label contains it, and none of the worker's rows. */
const ONLY = process.env.BENCH_CAPITAL_ONLY?.toLowerCase();

async function warmUp(fn: () => Promise<unknown>): Promise<void> {
  const end = Date.now() + WARM_UP_MS;
  for (let calls = 0; calls < WARM_UP_CALLS && Date.now() < end; calls++) await fn();
}

/** Runs `fn` for WINDOW_MS (between MIN_CALLS and MAX_CALLS calls) from `clients` loops; latencies in ms. */
async function measure(fn: () => Promise<unknown>, clients: number): Promise<number[]> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const samples: number[] = [];
  const end = Date.now() + WINDOW_MS;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (samples.length < MIN_CALLS * clients || (Date.now() < end && samples.length < MAX_CALLS * clients)) {
        const start = process.hrtime.bigint();
        await fn();
        samples.push(Number(process.hrtime.bigint() - start) / 1e6);
      }
    }),
  );
  return samples;
}

interface Scenario {
  label: string;
  path: string;
  as: 'staff' | 'admin' | 'inbox';
  /** p95 goals in ms: sequential, 8 clients. */
  goal: [number, number];
}

async function run(): Promise<BenchRow[]> {
  const scale = Number(process.env.BENCH_CAPITAL_SCALE ?? 1);
  const dataset = await ensureCapitalDataset({ scale });
  const rows: BenchRow[] = [];
  const suite = 'capital';
  if (dataset.buildSeconds !== undefined)
    rows.push(row(suite, 'construção do dataset', 's', dataset.buildSeconds, { atMost: 1200 }));
  rows.push(row(suite, 'tamanho do banco', 'MiB', dataset.sizeBytes / 2 ** 20), ...loadRows(suite, 'no início'));

  const prefix = `semgi-bench-${randomBytes(4).toString('hex')}`;
  Object.assign(process.env, {
    DATABASE_URL: dataset.databaseUrl,
    REDIS_PREFIX: prefix,
    STORAGE_DIR: `/tmp/${prefix}/uploads`,
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
  });
  resetEnvCache();
  const pool = new Pool({ connectionString: dataset.databaseUrl, max: CLIENTS + 2 });
  const worker = await createWorkerApp();
  // BENCH_CPU_PROF=<dir>: the server's CPU profile is written there when it stops.
  const server = forkChild('./bench-app', ['server'], { execArgv: profilingArgv() });
  try {
    // The full recompute of the dashboard's aggregates, as the worker runs it (also what the reads below serve).
    const recomputeStart = Date.now();
    await worker.get(DashboardAggregatesService).recompute();
    rows.push(row(suite, 'dashboard: recálculo completo', 's', (Date.now() - recomputeStart) / 1000, { atMost: 60 }));
    await worker.close();

    const { url } = await server.next<{ url: string }>('ready');
    /** The statements the server sends while `call` runs, and how long the call took in ms. */
    const captured = async (call: () => Promise<unknown>) => {
      const capturing = server.next('capturing');
      server.child.send({ kind: 'capture-start' });
      await capturing;
      const start = process.hrtime.bigint();
      await call();
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      const answer = server.next<{ statements: CapturedStatement[] }>('captured');
      server.child.send({ kind: 'capture-stop' });
      return { ms, statements: (await answer).statements };
    };
    /** CPU time the server's process has used so far, in ms. */
    const serverCpuMs = async () => {
      const answer = server.next<{ cpuMs: number }>('cpu');
      server.child.send({ kind: 'cpu' });
      return (await answer).cpuMs;
    };
    const login = async (username: string) => {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: dataset.password }),
      });
      if (res.status !== 200 && res.status !== 201) throw new Error(`login de ${username} respondeu ${res.status}`);
      return ((await res.json()) as { token: string }).token;
    };
    const staff = dataset.users.find((u) => u.role === 'operator' && u.username !== 'cap.u2')!;
    const tokens = { staff: await login(staff.username), admin: await login('cap.u1'), inbox: await login('cap.u2') };
    const heavy = await pool.query<{ process_id: string }>(
      'SELECT process_id FROM process_documents WHERE stored_file_id = $1',
      [capitalHeavyFileId(scale)],
    );
    const year = new Date().getFullYear() - 1;
    const scenarios: Scenario[] = [
      { label: 'lista, primeira página (servidor)', path: '/api/processes', as: 'staff', goal: [50, 150] },
      { label: 'lista, primeira página (admin)', path: '/api/processes', as: 'admin', goal: [50, 150] },
      // The list page's cards, read beside it (docs/processes.md#list-counts): the list's goals.
      { label: 'cartões da lista (servidor)', path: '/api/processes/stats', as: 'staff', goal: [50, 150] },
      { label: 'cartões da lista (admin)', path: '/api/processes/stats', as: 'admin', goal: [50, 150] },
      {
        label: 'lista filtrada (status + texto)',
        path: '/api/processes?status=pendente&q=ilumina',
        as: 'staff',
        goal: [150, 200],
      },
      {
        // The department's list as the day's staff read it: a word the planner thinks rare among
        // the status's rows (docs/processes.md#list-counts).
        label: 'lista do setor (status + nome do setor)',
        path: `/api/processes?status=${encodeURIComponent('em andamento')}&q=${encodeURIComponent('Jurídico')}&limit=50`,
        as: 'staff',
        goal: [150, 200],
      },
      { label: 'busca global', path: '/api/search?q=alvara', as: 'staff', goal: [150, 200] },
      {
        label: 'detalhes (200 andamentos, 50 documentos)',
        path: `/api/processes/${encodeURIComponent(heavy.rows[0].process_id)}`,
        as: 'staff',
        goal: [40, 40],
      },
      { label: 'dashboard', path: '/api/dashboard', as: 'staff', goal: [20, 20] },
      { label: 'auditoria, sem filtro', path: '/api/logs', as: 'admin', goal: [50, 50] },
      {
        label: 'auditoria, ação + tipo',
        path: '/api/logs?action=update&entityType=process',
        as: 'admin',
        goal: [50, 50],
      },
      {
        label: 'auditoria, setor + status',
        path: '/api/logs?userDepartment=Financeiro&status=error',
        as: 'admin',
        goal: [50, 50],
      },
      {
        label: 'auditoria, resultado vazio',
        path: '/api/logs?username=ninguem.existe&status=warning',
        as: 'admin',
        goal: [50, 50],
      },
      { label: 'notificações (caixa de 50 mil)', path: '/api/notifications', as: 'inbox', goal: [30, 30] },
      {
        label: `relatório de processos de ${year}`,
        path: `/api/reports/processes?startDate=${year}-01-01&endDate=${year}-12-31`,
        as: 'staff',
        goal: [1000, 1000],
      },
    ];
    for (const scenario of scenarios.filter((s) => !ONLY || s.label.toLowerCase().includes(ONLY))) {
      const viaApi = async () => {
        const res = await fetch(`${url}${scenario.path}`, {
          headers: { authorization: `Bearer ${tokens[scenario.as]}` },
        });
        if (res.status !== 200) throw new Error(`GET ${scenario.path} respondeu ${res.status}: ${await res.text()}`);
        return res.arrayBuffer();
      };
      await viaApi();
      const { ms: onceMs, statements } = await captured(viaApi);
      const name = `${suite}: ${scenario.label}`;
      if (onceMs > TOO_SLOW * scenario.goal[0]) {
        // Far over its goal: one call says so, and a whole measurement would take the run's budget.
        console.log(`  ${scenario.label}: ${statements.length} comandos SQL, uma chamada ${onceMs.toFixed(0)} ms`);
        rows.push(row(name, 'API, uma chamada (muito acima da meta)', 'ms', onceMs, { atMost: scenario.goal[0] }));
        continue;
      }
      const viaPg = async () => {
        const client = await pool.connect();
        try {
          for (const s of statements) await client.query(s.text, s.values);
        } finally {
          client.release();
        }
      };
      await warmUp(viaApi);
      const cpuBefore = await serverCpuMs();
      const apiSeq = await measure(viaApi, 1);
      const cpuPerCall = ((await serverCpuMs()) - cpuBefore) / (apiSeq.length + WARMUP);
      const pgSeq = await measure(viaPg, 1);
      const apiLoad = await measure(viaApi, CLIENTS);
      const pgLoad = await measure(viaPg, CLIENTS);
      const p95 = percentile(apiSeq, 95);
      const p95Load = percentile(apiLoad, 95);
      console.log(`  ${scenario.label}: ${statements.length} comandos SQL, p95 ${p95.toFixed(1)} ms`);
      rows.push(
        row(name, 'API p95 (sequencial)', 'ms', p95, { atMost: scenario.goal[0] }),
        row(name, `API p95 (${CLIENTS} clientes)`, 'ms', p95Load, { atMost: scenario.goal[1] }),
        row(name, 'SQL puro p95 (sequencial)', 'ms', percentile(pgSeq, 95)),
        row(name, `SQL puro p95 (${CLIENTS} clientes)`, 'ms', percentile(pgLoad, 95)),
        row(name, 'p95 API / p95 SQL puro (sequencial)', '×', p95 / percentile(pgSeq, 95)),
        // What one call costs the server's event loop: with 8 clients, calls queue behind it.
        row(name, 'CPU do servidor por chamada', 'ms', cpuPerCall),
      );
    }
    if (ONLY) return [...rows, ...loadRows(suite, 'no fim')];
    rows.push(
      ...(await capitalWorkerRows(suite, {
        url,
        pool,
        adminToken: tokens.admin,
        staffToken: tokens.staff,
        processes: capitalCounts(scale).processes,
      })),
      ...loadRows(suite, 'no fim'),
    );
    return rows;
  } finally {
    await pool.end();
    await server.stop();
    await worker.close().catch(() => undefined);
    await rm(`/tmp/${prefix}`, { recursive: true, force: true });
    await deleteKeysWithPrefix(loadEnv().REDIS_URL, prefix);
  }
}

export const capitalBench: Bench = { name: 'capital', run };
