import { readdir, utimes, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { loadEnv, resetEnvCache } from '#server/config/env';
import type { ExportFailedPayload, ExportReadyPayload } from '#server/contracts/audit';
import { localIsoDate } from '#server/contracts/dates';
import { QUEUES } from '#server/contracts/jobs';
import {
  REPORT_EXPORT_MESSAGES,
  reportExportDownloadPath,
  reportExportLink,
  type ReportExportQueued,
} from '#server/contracts/reports';
import { QueueService } from '#server/queue/queue.service';
import { seedProcesses } from '#test/factories/process-seed';
import { createUser, TEST_PASSWORD } from '#test/factories/users';
import { api, connectSocket, login, type TestSocket } from '#test/setup/app';
import { useServerSuite } from '#test/setup/server-suite';
import { eventually, quietPeriod } from '#test/setup/eventually';

const PROCESSES = 1000;

/**
 * Exports that outlive the request: 202 after REPORT_EXPORT_WAIT_MS (shortened here), the worker
 * slowed down by the test-only REPORT_EXPORT_TEST_DELAY_MS (a pause every 100 detail rows).
 */
describe('report exports answered later (202)', () => {
  const { server } = useServerSuite({
    worker: true,
    before: () => {
      process.env.REPORT_EXPORT_WAIT_MS = '300';
      process.env.REPORT_EXPORT_TEST_DELAY_MS = '150';
      resetEnvCache();
    },
    after: () => {
      delete process.env.REPORT_EXPORT_WAIT_MS;
      delete process.env.REPORT_EXPORT_TEST_DELAY_MS;
    },
  });
  let owner: { id: string; token: string };
  let other: { id: string; token: string };
  let socket: TestSocket;
  const ready: ExportReadyPayload[] = [];
  const failed: ExportFailedPayload[] = [];

  const get = (token: string, url: string) =>
    fetch(`${server.url}/api${url}`, { headers: { authorization: `Bearer ${token}` } });
  const start = async (query = '') => {
    const res = await api<ReportExportQueued>(server.url, 'GET', `/reports/processes/export/xlsx${query}`, {
      token: owner.token,
    });
    expect([res.status, res.body.message]).toEqual([202, REPORT_EXPORT_MESSAGES.queued]);
    return res.body.exportId;
  };
  const notifications = (link: string) =>
    server.dataSource.query<{ type: string; title: string; message: string }[]>(
      `SELECT type, title, message FROM notifications WHERE user_id = $1 AND link = $2`,
      [owner.id, link],
    );
  const ownerFiles = () =>
    readdir(path.join(path.resolve(loadEnv().STORAGE_DIR), 'report-exports', owner.id)).catch(() => [] as string[]);

  beforeAll(async () => {
    const people = [
      await createUser(server.dataSource, { username: 'fila.dona', name: 'Dona da Exportação' }),
      await createUser(server.dataSource, { username: 'fila.outra', name: 'Outra Pessoa' }),
    ];
    await seedProcesses(server.dataSource, { count: PROCESSES, userIds: [people[0].id], confidentialRatio: 0 });
    owner = { id: people[0].id, token: (await login(server.url, 'fila.dona', TEST_PASSWORD)).token };
    other = { id: people[1].id, token: (await login(server.url, 'fila.outra', TEST_PASSWORD)).token };
    socket = await connectSocket(server.url, owner.token);
    socket.on('export:ready', (p) => ready.push(p));
    socket.on('export:failed', (p) => failed.push(p));
  });
  afterAll(async () => {
    socket.disconnect();
  });

  it('answers 202, then notifies once with a link only the requester can download, for 24 hours', async () => {
    const exportId = await start();
    const downloadPath = reportExportDownloadPath('processes', 'xlsx', exportId);
    await eventually(() => ready.some((r) => r.exportId === exportId), 'export:ready', { timeoutMs: 30_000 });
    expect(ready.find((r) => r.exportId === exportId)).toEqual({ exportId, rows: PROCESSES, downloadPath });
    const link = reportExportLink('processes', 'xlsx', exportId);
    await eventually(async () => (await notifications(link)).length > 0, 'a notificação', { timeoutMs: 15_000 });
    await quietPeriod(500);
    expect(await notifications(link)).toEqual([
      { type: 'task', title: 'Exportação concluída', message: 'O relatório em Excel está pronto para download.' },
    ]);

    // The link works with ?token= (a plain browser download), for the requester, more than once.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${server.url}/api${downloadPath}?token=${owner.token}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(
        `relatorio-processes-${localIsoDate(new Date(), loadEnv().TIME_ZONE)}.xlsx`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await res.arrayBuffer());
      expect(workbook.getWorksheet('Detalhamento dos Processos')!.rowCount).toBe(PROCESSES + 1);
    }

    // Anyone else gets exactly what a missing file gives.
    const theirs = await get(other.token, downloadPath);
    const missing = await get(owner.token, reportExportDownloadPath('processes', 'xlsx', crypto.randomUUID()));
    const missingBody: unknown = await missing.json();
    expect([theirs.status, await theirs.json()]).toEqual([404, missingBody]);
    expect(missing.status).toBe(404);
    // The type in the path is checked: the processes export is not served as another report.
    const otherType = await get(owner.token, reportExportDownloadPath('users', 'xlsx', exportId));
    expect([otherType.status, await otherType.json()]).toEqual([404, missingBody]);
    expect(await ownerFiles()).toEqual([`processes-${exportId}.xlsx`]);

    // After 24 hours the file is refused, and the nightly retention job deletes it.
    const file = path.join(
      path.resolve(loadEnv().STORAGE_DIR),
      'report-exports',
      owner.id,
      `processes-${exportId}.xlsx`,
    );
    const dayAgo = new Date(Date.now() - 24 * 3600_000 - 60_000);
    await utimes(file, dayAgo, dayAgo);
    expect((await get(owner.token, downloadPath)).status).toBe(404);
    await server.app.get(QueueService).enqueue('audit.retention', {});
    await eventually(async () => (await ownerFiles()).length === 0, 'a retenção apagar o arquivo vencido');
  });

  it('joins an export of the same user, type, format and filters while it runs, instead of rendering it again', async () => {
    // Both periods hold every process: each export is slow enough to answer 202.
    const query = '?startDate=2000-01-01';
    const [first, second] = await Promise.all([start(query), start(query)]);
    expect(second).toBe(first);
    const otherFilters = await start('?startDate=2000-01-02');
    expect(otherFilters).not.toBe(first);
    await eventually(() => [first, otherFilters].every((id) => ready.some((r) => r.exportId === id)), 'as duas', {
      timeoutMs: 30_000,
    });
    // `export:ready` leaves the worker just before its job is marked completed.
    const rendered = async () =>
      (await server.app.get(QueueService).queue(QUEUES.exports).getJobs(['completed']))
        .filter((job) => job.name === 'report.export' && job.id?.startsWith(`report-${owner.id}-`))
        .map((job) => (job.data as { filters: { startDate?: string } }).filters.startDate)
        .filter(Boolean)
        .sort();
    await eventually(async () => (await rendered()).length >= 2, 'os dois jobs concluídos');
    expect(await rendered()).toEqual(['2000-01-01', '2000-01-02']);
    // Once finished, the same filters make a new export (the data may have changed).
    const again = await start(query);
    expect(again).not.toBe(first);
    await eventually(() => ready.some((r) => r.exportId === again), 'a nova exportação', { timeoutMs: 30_000 });
  });

  it('retries a failed export once, then tells the user with the spec text', async () => {
    // A file where the user's export folder should be: every attempt fails to write.
    const root = path.join(path.resolve(loadEnv().STORAGE_DIR), 'report-exports');
    await mkdir(root, { recursive: true });
    const blocked = await createUser(server.dataSource, { username: 'fila.bloqueada' });
    await writeFile(path.join(root, blocked.id), 'não é uma pasta');
    const token = (await login(server.url, 'fila.bloqueada', TEST_PASSWORD)).token;
    const mine = await connectSocket(server.url, token);
    const heard: ExportFailedPayload[] = [];
    mine.on('export:failed', (p) => heard.push(p));
    try {
      const res = await api<ReportExportQueued>(server.url, 'GET', '/reports/documents/export/pdf', { token });
      expect(res.status).toBe(202);
      const { exportId } = res.body;
      const message = 'Não foi possível exportar o relatório como PDF. Tente novamente.';
      expect(REPORT_EXPORT_MESSAGES.failed('pdf')).toBe(message);
      await eventually(() => heard.length > 0, 'export:failed', { timeoutMs: 20_000 });
      expect(heard).toEqual([{ exportId, message }]);
      // `export:failed` leaves the worker just before its job is marked failed.
      const job = () => server.app.get(QueueService).queue(QUEUES.exports).getJob(`report-${blocked.id}-${exportId}`);
      await eventually(async () => (await (await job())!.getState()) === 'failed', 'o job falhar');
      expect((await job())!.attemptsMade).toBe(2);
      await eventually(
        async () =>
          (await server.dataSource.query(`SELECT 1 FROM notifications WHERE user_id = $1`, [blocked.id])).length > 0,
        'a notificação de falha',
      );
      await quietPeriod(500);
      expect(
        await server.dataSource.query(`SELECT type, title, message FROM notifications WHERE user_id = $1`, [
          blocked.id,
        ]),
      ).toEqual([{ type: 'alert', title: 'Falha na exportação', message }]);
      expect(failed).toEqual([]);
    } finally {
      mine.disconnect();
    }
  });
});
