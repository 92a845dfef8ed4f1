import { execFile } from 'node:child_process';
import { rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { loadEnv } from '#server/config/env';
import type { AuditExportQueued, AuditLogFilters, ExportReadyPayload } from '#server/contracts/audit';
import type { LoginResponse } from '#server/contracts/auth';
import type { ClientToServerEvents, ServerToClientEvents } from '#server/contracts/socket-events';
import { Transactions } from '#server/database/transactions';
import { hashPassword } from '#server/modules/auth/passwords';
import { AuditChainRepository } from '#server/repositories/audit-chain.repository';
import { auditExportSelect } from '#server/repositories/audit-logs.repository';
import { AuditSealerService } from '#worker/audit/audit-sealer.service';
import { seedAuditRows } from '#test/factories/audit';
import { type Bench, type BenchRow, loadRows, percentile, row, timeCalls } from './bench-kit';
import { type BenchServer, withBenchServer } from './bench-environment';
import { type ForkedWorker, forkWorker, watchRssGrowth } from './bench-worker';

/**
 * The audit log at 1,000,000 rows (BENCH_LOG_ROWS to change it): GET /api/logs first page p95 with
 * and without filters through the whole server; sealing throughput; the CSV export end to end
 * (HTTP 202 → worker in its own process → `export:ready`) beside `psql \copy` of the same query in
 * the same run, and the worker's RSS growth meanwhile.
 * Goals: list p95 ≤ 50 ms, export ≥ 0.5× the speed of \copy, worker RSS growth ≤ 100 MB.
 */
const ROWS = Number(process.env.BENCH_LOG_ROWS ?? 1_000_000);
const CALLS = 100;
const PASSWORD = 'bench-senha-1';
const NO_FILTERS: AuditLogFilters = {
  startDate: null,
  endDate: null,
  action: null,
  entityType: null,
  entityId: null,
  userId: null,
  username: null,
  userDepartment: null,
  status: null,
  sortBy: 'createdAt',
  sortOrder: -1,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure({ url, dataSource }: BenchServer): Promise<BenchRow[]> {
  const suite = 'logs';
  let worker: ForkedWorker | undefined;
  try {
    await dataSource.query(
      `INSERT INTO users (username, name, email, department, role, password_hash, must_change_password)
       VALUES ('bench.auditor', 'Auditor Bench', 'bench.auditor@prefeitura.test', 'Administração', 'admin', $1, false)`,
      [await hashPassword(PASSWORD)],
    );
    const loginRes = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'bench.auditor', password: PASSWORD }),
    });
    const token = ((await loginRes.json()) as LoginResponse).token;

    const seedStart = Date.now();
    await seedAuditRows(dataSource, ROWS, { days: 365 });
    console.log(`  ${ROWS.toLocaleString('pt-BR')} registros de auditoria inseridos em ${Date.now() - seedStart} ms`);

    await dataSource.query('VACUUM ANALYZE audit_logs');
    // Flush the seeding's dirty pages now, not during the timed calls.
    await dataSource.query('CHECKPOINT');

    const list = async (query: string) => {
      const res = await fetch(`${url}/api/logs${query}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`GET /logs${query}: ${res.status}`);
      await res.arrayBuffer();
    };
    const variants: [string, string][] = [
      ['sem filtros', ''],
      ['ação', '?action=login'],
      ['usuário (prefixo)', '?username=maria'],
      ['status + ação', '?status=error&action=update'],
      ['combinação sem resultados', '?status=error&entityType=document'],
      ['departamento + ação + status sem resultados', '?userDepartment=Jur%C3%ADdico&action=sign&status=error'],
      [
        'período de 30 dias + combinação sem resultados',
        `?startDate=${new Date(Date.now() - 30 * 86_400_000).toISOString()}&status=error&entityType=document`,
      ],
      ['período de 7 dias', `?startDate=${new Date(Date.now() - 7 * 86_400_000).toISOString()}`],
      ['ordenado por usuário', '?sortBy=username&sortOrder=1'],
    ];
    const rows: BenchRow[] = [];
    for (const [name, query] of variants) {
      const p95 = percentile(await timeCalls(() => list(query), CALLS, 10), 95);
      rows.push(row(suite, `GET /logs 1ª página p95 (${name})`, 'ms', p95, { atMost: 50 }));
    }

    const sealStart = Date.now();
    const sealed = await new AuditSealerService(
      new Transactions(dataSource),
      new AuditChainRepository(dataSource),
    ).sealPending();
    const sealMs = Date.now() - sealStart;
    console.log(`  ${sealed.toLocaleString('pt-BR')} registros selados em ${sealMs} ms`);
    await dataSource.query('VACUUM ANALYZE audit_logs');

    worker = forkWorker();
    await worker.ready;
    await sleep(1000);
    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ready = new Promise<ExportReadyPayload>((resolve) => socket.once('export:ready', resolve));
    const rss = await watchRssGrowth(worker);
    const exportStart = Date.now();
    const queued = await fetch(`${url}/api/logs/export`, { headers: { authorization: `Bearer ${token}` } });
    const { exportId } = (await queued.json()) as AuditExportQueued;
    const done = await ready;
    const exportMs = Date.now() - exportStart;
    const growth = await rss.stop();
    socket.close();
    const file = `${loadEnv().STORAGE_DIR}/audit-exports`;
    console.log(`  exportação ${exportId}: ${done.rows.toLocaleString('pt-BR')} linhas em ${exportMs} ms`);

    const copyFile = `/tmp/semgi-bench-logs-${exportId}.csv`;
    const copyStart = Date.now();
    await promisify(execFile)('psql', [
      loadEnv().DATABASE_URL,
      '-c',
      `\\copy (${auditExportSelect(NO_FILTERS, loadEnv().TIME_ZONE).replace(/\s+/g, ' ')}) TO '${copyFile}' WITH (FORMAT csv, DELIMITER ';')`,
    ]);
    const copyMs = Date.now() - copyStart;
    const copySize = (await stat(copyFile)).size;
    await rm(copyFile, { force: true });
    await rm(file, { recursive: true, force: true });

    const speed = copyMs / exportMs;
    rows.push(
      row(suite, 'selagem', 'linhas/s', (sealed / sealMs) * 1000),
      row(suite, `exportação CSV de ${done.rows.toLocaleString('pt-BR')} linhas`, 'ms', exportMs),
      row(suite, `psql \\copy das mesmas linhas (${(copySize / 2 ** 20).toFixed(0)} MiB)`, 'ms', copyMs),
      row(suite, 'velocidade relativa ao \\copy', '×', speed, { atLeast: 0.5 }),
      row(suite, 'crescimento do RSS do worker na exportação', 'MB', growth, { atMost: 100 }),
      ...loadRows(suite, 'no fim'),
    );
    return rows;
  } finally {
    await worker?.stop();
  }
}

export const logsBench: Bench = { name: 'logs', run: () => withBenchServer(measure) };
