import type { Pool } from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { ExportReadyPayload } from '#server/contracts/audit';
import type { ReportExportQueued } from '#server/contracts/reports';
import type { ClientToServerEvents, ServerToClientEvents } from '#server/contracts/socket-events';
import { type BenchRow, percentile, row } from './bench-kit';
import { forkWorker, watchRssGrowth } from './bench-worker';
import { CAPITAL_DEPARTMENTS } from './capital-dataset';

/** Forwards timed to `dashboard:updated`, each after the previous push and a pause. */
const FORWARDS = 3;
const PAUSE_MS = 2_000;
/** Rows of the XLSX export (the 200,000), fewer on a smaller dataset. */
const EXPORT_ROWS = 200_000;
/** A push or an export not heard in this long fails the bench instead of hanging it. */
const WAIT_LIMIT_MS = 300_000;

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

async function connect(url: string, token: string): Promise<ClientSocket> {
  const socket: ClientSocket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

function heard<T>(socket: ClientSocket, event: 'dashboard:updated' | 'export:ready', what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: nada em ${WAIT_LIMIT_MS / 1000} s`)), WAIT_LIMIT_MS);
    socket.once(event, ((payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    }) as never);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for a full recomputation to store every department's figures (the worker runs one at boot). */
async function settled(pool: Pool, since: Date): Promise<void> {
  const started = Date.now();
  for (;;) {
    const { rows } = await pool.query<{ settled_at: Date | null }>(
      `SELECT settled_at FROM dashboard_aggregates WHERE scope = 'global'`,
    );
    if (rows[0]?.settled_at && rows[0].settled_at >= since) break;
    if (Date.now() - started > WAIT_LIMIT_MS) throw new Error(`recálculo do painel: nada em ${WAIT_LIMIT_MS / 1000} s`);
    await sleep(1000);
  }
  console.log(`  recálculo completo do painel no boot do worker: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * The capital goals that need the worker, run in its own process (bench-worker.ts): forward →
 * `dashboard:updated` at a staff user who sees the process (the refresh of the two departments,
 * docs/dashboard.md#updates, once the boot recomputation has stored every department's figures),
 * and the XLSX of the processes of the last 200,000 created (an admin's export) with the worker's
 * RSS growth. README "Benchmarks", Capital.
 */
export async function capitalWorkerRows(
  suite: string,
  {
    url,
    pool,
    adminToken,
    staffToken,
    processes,
  }: {
    url: string;
    pool: Pool;
    adminToken: string;
    staffToken: string;
    processes: number;
  },
): Promise<BenchRow[]> {
  const forkedAt = new Date();
  const worker = forkWorker();
  const sockets: ClientSocket[] = [];
  try {
    await worker.ready;
    await settled(pool, forkedAt);
    const staff = await connect(url, staffToken);
    sockets.push(staff);
    const {
      rows: [target],
    } = await pool.query<{ id: string; current_department: string }>(
      `SELECT id, current_department FROM processes
        WHERE NOT confidential AND status IN ('pendente', 'em andamento') ORDER BY last_update DESC LIMIT 1`,
    );
    let department = target.current_department;
    const pushes: number[] = [];
    for (let i = 0; i < FORWARDS; i++) {
      await sleep(PAUSE_MS);
      const destination = CAPITAL_DEPARTMENTS.find((d) => d !== department)!;
      const pushed = heard(staff, 'dashboard:updated', 'encaminhamento → dashboard:updated');
      const start = process.hrtime.bigint();
      const res = await fetch(`${url}/api/processes/${encodeURIComponent(target.id)}/forward`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ destinationDepartment: destination, comment: `Bench capital ${i}` }),
      });
      if (!res.ok) throw new Error(`encaminhamento: ${res.status} ${await res.text()}`);
      department = destination;
      await pushed;
      pushes.push(Number(process.hrtime.bigint() - start) / 1e6);
    }

    const admin = await connect(url, adminToken);
    sockets.push(admin);
    const wanted = Math.min(EXPORT_ROWS, Math.floor(processes / 5));
    const {
      rows: [{ day }],
    } = await pool.query<{ day: string }>(
      `SELECT to_char(created_at::date, 'YYYY-MM-DD') AS day FROM processes ORDER BY created_at DESC OFFSET $1 LIMIT 1`,
      [wanted - 1],
    );
    const today = new Date().toISOString().slice(0, 10);
    const ready = heard<ExportReadyPayload>(admin, 'export:ready', 'XLSX');
    const rss = await watchRssGrowth(worker);
    const start = Date.now();
    const res = await fetch(`${url}/api/reports/processes/export/xlsx?startDate=${day}&endDate=${today}`, {
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const answer =
      res.status === 202
        ? `202 (${((await res.json()) as ReportExportQueued).exportId})`
        : `${res.status} (${((await res.arrayBuffer()).byteLength / 2 ** 20).toFixed(1)} MiB)`;
    const done = await ready.finally(() => rss.stop());
    const exportMs = Date.now() - start;
    const growth = await rss.stop();
    console.log(`  XLSX de ${day} a ${today}: resposta ${answer}, ${done.rows.toLocaleString('pt-BR')} linhas`);
    return [
      row(suite, `encaminhamento → dashboard:updated (máx. de ${FORWARDS})`, 'ms', Math.max(...pushes), {
        atMost: 1000,
      }),
      row(suite, 'encaminhamento → dashboard:updated p50', 'ms', percentile(pushes, 50)),
      row(suite, `XLSX de ${done.rows.toLocaleString('pt-BR')} linhas (pedido → export:ready)`, 'ms', exportMs),
      row(suite, 'crescimento do RSS do worker no XLSX', 'MB', growth, { atMost: 150 }),
    ];
  } finally {
    sockets.forEach((socket) => socket.close());
    await worker.stop();
  }
}
