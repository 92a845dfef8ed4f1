import { execFile } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Pool } from 'pg';
import { io, type Socket } from 'socket.io-client';
import type { DataSource } from 'typeorm';
import { createServerApp } from '#server/app/create-server-app';
import type { AuthUser } from '#server/common/auth-user';
import { loadEnv } from '#server/config/env';
import type { ExportReadyPayload } from '#server/contracts/audit';
import type { LoginResponse } from '#server/contracts/auth';
import { REPORT_TYPES, type ReportExportQueued } from '#server/contracts/reports';
import type { ClientToServerEvents, ServerToClientEvents } from '#server/contracts/socket-events';
import { DEFAULT_DEPARTMENTS } from '#server/contracts/users';
import { hashPassword } from '#server/modules/auth/passwords';
import { BusinessCalendar } from '#server/domain/calendar/business-calendar';
import { DeadlineClock } from '#server/domain/deadlines/deadline-clock';
import { ReportsService } from '#server/modules/reports/reports.service';
import { ReportsRepository } from '#server/repositories/reports.repository';
import { seedReportData } from '#test/factories/report-seed';
import { type Bench, type BenchRow, loadRows, percentile, row, timeCalls } from './bench-kit';
import { createBenchEnvironment } from './bench-environment';
import { type ForkedWorker, forkWorker, watchRssGrowth } from './bench-worker';

/**
 * Reports over 100,000 processes (BENCH_REPORT_PROCESSES to change it) and a fifth as many documents: each report's API p95 for a non-admin
 * (visibility SQL on) through the whole server, beside the same statements (ReportsService's SQL,
 * run in parallel like the service) through a bare `pg` pool; a PDF of about ten pages cold (first
 * one of the worker: Chromium starts) and warm; the XLSX of all 100,000 processes (202 → worker in
 * its own process → `export:ready`) with the worker's RSS growth. The load average is printed
 * beside (two cores shared by other work make every figure noisier).
 * Goals: API p95 ≤ 300 ms and ≥ 0.5× bare pg; warm PDF ≤ 500 ms; XLSX RSS growth ≤ 150 MB.
 */
const PROCESSES = Number(process.env.BENCH_REPORT_PROCESSES ?? 100_000);
const DOCUMENTS = Math.round(PROCESSES / 5);
const CALLS = 20;
const PASSWORD = 'bench-senha-1';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function seedUsers(dataSource: DataSource): Promise<string[]> {
  const hash = await hashPassword(PASSWORD);
  const rows = await dataSource.query<{ id: string }[]>(
    `INSERT INTO users (username, name, email, department, role, level, password_hash, must_change_password)
     SELECT CASE g WHEN 1 THEN 'bench.gestor' WHEN 2 THEN 'bench.op' ELSE 'bench.u' || g END,
            'Servidor Bench ' || g, 'bench' || g || '@prefeitura.test',
            CASE g WHEN 2 THEN 'Financeiro' ELSE ($2::text[])[1 + g % cardinality($2::text[])] END,
            CASE g WHEN 1 THEN 'admin' ELSE 'operator' END, 'Funcionário', $1, false
       FROM generate_series(1, 30) g RETURNING id`,
    [hash, [...DEFAULT_DEPARTMENTS]],
  );
  return rows.map((r) => r.id);
}

async function run(): Promise<BenchRow[]> {
  const suite = 'reports';
  const environment = await createBenchEnvironment();
  const app = await createServerApp();
  let worker: ForkedWorker | undefined;
  const pool = new Pool({ connectionString: loadEnv().DATABASE_URL, max: 10 });
  try {
    await app.listen(0, '127.0.0.1');
    const url = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
    const dataSource = app.get<DataSource>(getDataSourceToken());
    const seedStart = Date.now();
    await seedReportData(dataSource, await seedUsers(dataSource), 0.17, { processes: PROCESSES, documents: DOCUMENTS });
    await dataSource.query('VACUUM ANALYZE');
    await dataSource.query('CHECKPOINT');
    console.log(
      `  ${PROCESSES.toLocaleString('pt-BR')} processos e ${DOCUMENTS.toLocaleString('pt-BR')} documentos em ${Date.now() - seedStart} ms`,
    );

    const session = async (username: string) => {
      const res = await fetch(`${url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password: PASSWORD }),
      });
      return ((await res.json()) as LoginResponse).token;
    };
    const operator = await session('bench.op');
    const admin = await session('bench.gestor');
    const [viewer] = await dataSource.query<AuthUser[]>(
      `SELECT id, username, name, email, department, role, level FROM users WHERE username = 'bench.op'`,
    );
    // The service's own SQL, executed by a bare pg pool instead of TypeORM (same statements, in parallel).
    const bare = new ReportsService(
      new ReportsRepository({
        driver: dataSource.driver,
        manager: { query: async (text: string, values: unknown[]) => (await pool.query(text, values)).rows },
      } as unknown as DataSource),
      app.get(BusinessCalendar),
      app.get(DeadlineClock),
      loadEnv(),
    );

    const rows: BenchRow[] = loadRows(suite, 'no início');
    for (const type of REPORT_TYPES) {
      const viaApi = async () => {
        const res = await fetch(`${url}/api/reports/${type}`, { headers: { authorization: `Bearer ${operator}` } });
        if (res.status !== 200) throw new Error(`GET /reports/${type}: ${res.status}`);
        await res.arrayBuffer();
      };
      const viaPg = () => bare[type](viewer, {});
      const api = await timeCalls(viaApi, CALLS, 3);
      const pg = await timeCalls(viaPg, CALLS, 3);
      const p95 = percentile(api, 95);
      const ratio = percentile(pg, 50) / percentile(api, 50);
      rows.push(
        row(suite, `GET /reports/${type} p95 (operador)`, 'ms', p95, { atMost: 300 }),
        row(suite, `  pg puro p50`, 'ms', percentile(pg, 50)),
        row(suite, `  pg puro p95`, 'ms', percentile(pg, 95)),
        row(suite, `  API / pg puro (p50)`, '×', ratio, { atLeast: 0.5 }),
      );
    }

    worker = forkWorker();
    await worker.ready;
    await sleep(1000);

    // About ten pages: the processes of one day (their detail rows fill the pages).
    const [{ day }] = await dataSource.query<{ day: string }[]>(
      `SELECT to_char((created_at AT TIME ZONE $1)::date, 'YYYY-MM-DD') AS day FROM processes
        GROUP BY 1 ORDER BY abs(count(*) - 260), 1 DESC LIMIT 1`,
      [loadEnv().TIME_ZONE],
    );
    const pdfUrl = `${url}/api/reports/processes/export/pdf?startDate=${day}&endDate=${day}`;
    const pdf = async () => {
      const start = process.hrtime.bigint();
      const res = await fetch(pdfUrl, { headers: { authorization: `Bearer ${admin}` } });
      const bytes = Buffer.from(await res.arrayBuffer());
      if (res.status !== 200) throw new Error(`PDF: ${res.status}`);
      return { ms: Number(process.hrtime.bigint() - start) / 1e6, bytes };
    };
    const cold = await pdf();
    const file = `/tmp/semgi-bench-relatorio-${Date.now()}.pdf`;
    await writeFile(file, cold.bytes);
    const info = (await promisify(execFile)('pdfinfo', [file])).stdout;
    await rm(file, { force: true });
    const pages = /Pages:\s+(\d+)/.exec(info)?.[1] ?? '?';
    const warm: number[] = [];
    for (let i = 0; i < 5; i++) warm.push((await pdf()).ms);
    const warmP50 = percentile(warm, 50);
    rows.push(
      row(suite, `PDF de ${pages} páginas, frio (1º do worker)`, 'ms', cold.ms),
      row(suite, `PDF de ${pages} páginas, quente (p50 de 5)`, 'ms', warmP50, { atMost: 500 }),
    );

    const socket: Socket<ServerToClientEvents, ClientToServerEvents> = io(url, {
      path: '/socket.io',
      auth: { token: admin },
      transports: ['websocket'],
      reconnection: false,
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const ready = new Promise<ExportReadyPayload>((resolve) => socket.once('export:ready', resolve));
    const rss = await watchRssGrowth(worker);
    const xlsxStart = Date.now();
    const res = await fetch(`${url}/api/reports/processes/export/xlsx`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    // Read the reply to its end (the file when 200): an unread body keeps the connection busy.
    const answer =
      res.status === 202
        ? `202 (${((await res.json()) as ReportExportQueued).exportId})`
        : `${res.status} (${((await res.arrayBuffer()).byteLength / 2 ** 20).toFixed(1)} MiB)`;
    // The worker announces every export on the socket, answered 200 or 202.
    const done = await ready;
    const xlsxMs = Date.now() - xlsxStart;
    const growth = await rss.stop();
    socket.close();
    console.log(`  XLSX: resposta ${answer}, ${done.rows.toLocaleString('pt-BR')} linhas de detalhe`);
    rows.push(
      row(suite, `XLSX de ${done.rows.toLocaleString('pt-BR')} linhas (pedido → export:ready)`, 'ms', xlsxMs),
      row(suite, 'crescimento do RSS do worker no XLSX', 'MB', growth, { atMost: 150 }),
      ...loadRows(suite, 'no fim'),
    );
    return rows;
  } finally {
    const step = async (name: string, work: () => Promise<unknown>) => {
      const start = Date.now();
      await work();
      if (process.env.BENCH_VERBOSE) console.log(`  ${name}: ${Date.now() - start} ms`);
    };
    await step('worker parado', async () => worker?.stop());
    await step('pool encerrado', () => pool.end());
    await step('servidor encerrado', () => app.close());
    await step('ambiente removido', () => environment.dispose());
  }
}

export const reportsBench: Bench = { name: 'reports', run };
